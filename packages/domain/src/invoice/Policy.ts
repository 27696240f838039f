/**
 * Issue 35: who issues a station's invoices, and how long after use a driver may ask.
 * @module
 */

/**
 * A station's invoice policy: `station` issues on the platform's request (the station holds the
 * fuel on its tax ledger), `platform` issues through the e-invoice provider, `none` issues none.
 */
export const INVOICE_POLICIES = ["station", "platform", "none"] as const;
export type InvoicePolicy = (typeof INVOICE_POLICIES)[number];

export const isInvoicePolicy = (s: unknown): s is InvoicePolicy => typeof s === "string" && (INVOICE_POLICIES as ReadonlyArray<string>).includes(s);

/** Whether an order at a station of this policy can be invoiced here at all. */
export const offersInvoices = (policy: InvoicePolicy): boolean => policy !== "none";

/** The site setting `invoice_window_days` when none is saved: 30 China calendar days after use. */
export const DEFAULT_INVOICE_WINDOW_DAYS = 30;
/** The window an admin may set, in days. */
export const MIN_INVOICE_WINDOW_DAYS = 1;
export const MAX_INVOICE_WINDOW_DAYS = 366;

/**
 * The site setting `recharge_invoice`: a top-up or card purchase is invoiced `at_topup` (here,
 * as a prepaid-card sale, which carries no VAT) or `at_consumption` (by the card issuer when the
 * card buys fuel, so not here).
 */
export const RECHARGE_INVOICE_MODES = ["at_topup", "at_consumption"] as const;
export type RechargeInvoiceMode = (typeof RECHARGE_INVOICE_MODES)[number];
export const DEFAULT_RECHARGE_INVOICE: RechargeInvoiceMode = "at_consumption";

/** The catalogue key and slots of the one line the station card, checklist and order detail show. */
export interface PolicyNotice {
  readonly key: "InvoicePolicyStation" | "InvoicePolicyPlatform" | "InvoicePolicyNone";
  readonly params: { readonly days: number };
}

/** Issue 35 item 1: the one line saying who issues and within how many days it can be asked. */
export const policyNotice = (policy: InvoicePolicy, windowDays: number): PolicyNotice => ({
  key: policy === "station" ? "InvoicePolicyStation" : policy === "platform" ? "InvoicePolicyPlatform" : "InvoicePolicyNone",
  params: { days: windowDays },
});

/** The catalogue key of the line a top-up or card-purchase screen shows. */
export const rechargeNotice = (mode: RechargeInvoiceMode): "RechargeInvoiceAtTopup" | "RechargeInvoiceAtConsumption" =>
  mode === "at_topup" ? "RechargeInvoiceAtTopup" : "RechargeInvoiceAtConsumption";
