import { Schema } from "effect";
import { INVOICE_POLICIES, INVOICE_STATES, MAX_INVOICE_WINDOW_DAYS, MIN_INVOICE_WINDOW_DAYS, RECHARGE_INVOICE_MODES, TITLE_TYPES } from "../Invoice.ts";

/**
 * Issue 35: the invoice fields other entities carry (a station's policy, the site's window, an
 * order's request state), apart from the invoice endpoints so entities need not import them.
 * @module
 */

/** A station's invoice policy (`Invoice.INVOICE_POLICIES`). */
export const InvoicePolicyField = Schema.Literals(INVOICE_POLICIES).annotate({ identifier: "InvoicePolicy" });
/** How top-ups are invoiced (`Invoice.RECHARGE_INVOICE_MODES`). */
export const RechargeInvoiceField = Schema.Literals(RECHARGE_INVOICE_MODES).annotate({ identifier: "RechargeInvoice" });
/** A request's state (`Invoice.INVOICE_STATES`). */
export const InvoiceStateField = Schema.Literals(INVOICE_STATES).annotate({ identifier: "InvoiceState" });
export const TitleTypeField = Schema.Literals(TITLE_TYPES).annotate({ identifier: "InvoiceTitleType" });

/** The site settings' invoice fields, for `WebInfo` and the desk's settings. */
export const invoiceSettingsFields = {
  /** How many China calendar days after use an invoice may be asked for (Invoice.DEFAULT_INVOICE_WINDOW_DAYS when absent). */
  invoice_window_days: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: MIN_INVOICE_WINDOW_DAYS, maximum: MAX_INVOICE_WINDOW_DAYS }))),
  /** How top-ups are invoiced (Invoice.DEFAULT_RECHARGE_INVOICE when absent). */
  recharge_invoice: Schema.optionalKey(RechargeInvoiceField),
};
