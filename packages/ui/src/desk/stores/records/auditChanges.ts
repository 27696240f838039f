import { Invoice, Money, Order, type Staff } from "@fuel/domain";
import { Result } from "effect";
import type { AuditRow } from "@fuel/domain/api";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import type { DeskKey } from "../../i18n/deskCatalogue.ts";

/**
 * An audit row in the admin's words (issues 26, 34): what the act was on (`订单 4`, `邀请码 3 个`)
 * and what it changed, one line per field, `label: before → after`, only the fields that differ
 * or appear on one side. Statuses read as the app's order-status words, booleans as words,
 * prices in yuan, station and settings fields by their form labels. A field no act writes today
 * shows its key and compact JSON, so nothing is hidden.
 */
export interface ChangeLine {
  /** The field's label, or undefined for the whole value. */
  readonly key: string | undefined;
  /** Undefined: the side had no value. */
  readonly before: string | undefined;
  readonly after: string | undefined;
}

/** A row's subject and changes, worded. */
export interface AuditWords {
  readonly subject: string;
  readonly lines: ReadonlyArray<ChangeLine>;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The fields each side holds: an object's own, or one unnamed field for anything else. */
const fieldsOf = (value: unknown): Readonly<Record<string, unknown>> => (value === null || value === undefined ? {} : isRecord(value) ? value : { "": value });

/** A value as one short line when no rule words it; null and undefined are no value. */
const raw = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
};

type Say = (key: DeskKey, params?: Readonly<Record<string, string | number>>) => string;

/** How one field reads: its label and its value's words. */
interface FieldWords {
  readonly label: DeskKey;
  readonly value: (value: unknown, act: Staff.AuditAct, say: Say, i18n: DeskI18n) => string | undefined;
}

const yesNo = (value: unknown, _act: Staff.AuditAct, say: Say): string | undefined =>
  typeof value === "boolean" ? say(value ? "desk.records.audit.yes" : "desk.records.audit.no") : raw(value);
const yuan = (value: unknown): string | undefined => (typeof value === "number" && Number.isInteger(value) ? Money.formatYuan(value) : raw(value));
const text = (value: unknown): string | undefined => raw(value);

/** An order status code as the order's detail reads it: a redeem is of fuel, a settlement or rejection of a recharge. */
const statusWords = (value: unknown, act: Staff.AuditAct, _say: Say, i18n: DeskI18n): string | undefined => {
  if (typeof value !== "number") return raw(value);
  const status = Order.statusFromCode(value);
  if (Result.isFailure(status)) return raw(value);
  const kind: Order.OrderKind = act === "redeem" ? "fuel" : "recharge";
  return i18n.t(`ordersStatus_${Order.statusLabel(status.success, kind, "detail")}`);
};

const REASONS: Readonly<Record<string, DeskKey>> = {
  "wrong name or password": "desk.records.audit.reason.wrongPassword",
  disabled: "desk.records.audit.reason.disabled",
};

const isInvoiceState = (value: string): value is Invoice.InvoiceState => (Invoice.INVOICE_STATES as ReadonlyArray<string>).includes(value);

const list = (values: ReadonlyArray<string>, say: Say): string => values.join(say("desk.records.audit.listSeparator"));

/** Every field an act writes today, worded. */
const FIELDS: Readonly<Record<string, FieldWords>> = {
  order_status: { label: "desk.records.audit.field.order_status", value: statusWords },
  reason: { label: "desk.records.audit.field.reason", value: (v, _a, say) => (typeof v === "string" && Object.hasOwn(REASONS, v) ? say(REASONS[v]!) : raw(v)) },
  blacklisted: { label: "desk.records.audit.field.blacklisted", value: (v, a, say) => (typeof v === "boolean" ? say(v ? "desk.records.audit.blacklisted.yes" : "desk.records.audit.blacklisted.no") : yesNo(v, a, say)) },
  disabled: { label: "desk.records.audit.field.disabled", value: (v, a, say) => (typeof v === "boolean" ? say(v ? "desk.records.audit.disabled.yes" : "desk.records.audit.disabled.no") : yesNo(v, a, say)) },
  must_change_password: { label: "desk.records.audit.field.must_change_password", value: yesNo },
  role: { label: "desk.records.audit.field.role", value: (v, _a, say) => (v === "admin" || v === "distributor" || v === "cashier" ? say(`desk.role.${v}`) : raw(v)) },
  stations: {
    label: "desk.records.audit.field.stations",
    value: (v, _a, say) => (Array.isArray(v) ? (v.length === 0 ? say("desk.records.audit.none") : list(v.map((id) => say("desk.places.stationNumber", { id: String(id) })), say)) : raw(v)),
  },
  codes: {
    label: "desk.records.audit.field.codes",
    value: (v, _a, say) => {
      if (!Array.isArray(v)) return raw(v);
      const shown = list(v.slice(0, 10).map(String), say);
      return v.length > 10 ? say("desk.records.audit.codesMore", { codes: shown, more: v.length - 10 }) : shown;
    },
  },
  added: { label: "desk.records.audit.field.added", value: text },
  updated: { label: "desk.records.audit.field.updated", value: text },
  bytes: { label: "desk.records.audit.field.bytes", value: (v, _a, say) => (typeof v === "number" ? say("desk.records.audit.characters", { count: v }) : raw(v)) },
  // A sign-in lock (staffLocked) and its lifting (staffUnlocked).
  locked: { label: "desk.records.audit.field.locked", value: (v, a, say) => (typeof v === "boolean" ? say(v ? "desk.records.audit.locked.yes" : "desk.records.audit.locked.no") : yesNo(v, a, say)) },
  scope: { label: "desk.records.audit.field.scope", value: (v, _a, say) => (v === "address" || v === "name" ? say(`desk.records.audit.scope.${v}`) : raw(v)) },
  wrong_passwords: { label: "desk.records.audit.field.wrong_passwords", value: text },
  minutes: { label: "desk.records.audit.field.minutes", value: (v, _a, say) => (typeof v === "number" ? say("desk.records.audit.minutes", { count: v }) : raw(v)) },
  locked_everywhere: { label: "desk.records.audit.field.locked_everywhere", value: yesNo },
  locked_addresses: {
    label: "desk.records.audit.field.locked_addresses",
    value: (v, _a, say) => (Array.isArray(v) ? (v.length === 0 ? say("desk.records.audit.none") : list(v.map(String), say)) : raw(v)),
  },
  // An invoice request issued (invoiceIssued: its number, its PDF's size, 0 without one) or refused (invoiceRefused: its reason).
  state: { label: "desk.records.audit.field.state", value: (v, _a, say) => (typeof v === "string" && isInvoiceState(v) ? say(`desk.invoices.state.${v}`) : raw(v)) },
  number: { label: "desk.records.audit.field.number", value: text },
  pdf_bytes: {
    label: "desk.records.audit.field.pdf",
    value: (v, _a, say) => (typeof v !== "number" ? raw(v) : v === 0 ? say("desk.records.audit.pdf.no") : say("desk.records.audit.pdf.kb", { kb: Math.max(1, Math.round(v / 1024)) })),
  },
};

/** A station's fields (stationAdded, stationChanged) by the station form's labels, prices in yuan. */
const STATION_FIELDS: ReadonlyArray<string> = [
  "city",
  "title",
  "address",
  "longitude",
  "latitude",
  "shop_image",
  "now_price",
  "nation_price",
  "original_price",
  "sell_type",
  "code_id",
  "tel",
  "business_start_time",
  "business_end_time",
  "invoice_policy",
];
const STATION_PRICES = new Set(["now_price", "nation_price", "original_price"]);

/** The site settings' fields (settingChanged) by the settings form's labels, prices in yuan, the QR image as a word. */
const SETTINGS_FIELDS: ReadonlyArray<string> = [
  "price_0_now",
  "price_0_nation",
  "price_0_original",
  "price_0_xuni",
  "price_0_shiti",
  "entity_common_num",
  "virtual_common_num",
  "tel1",
  "tel2",
  "recharge_tip",
  "recharge_shiti_tip",
  "follow_qrcode",
  "follow_account_name",
  "invoice_window_days",
  "recharge_invoice",
];

/** Issue 35: a station's invoice policy and how top-ups are invoiced, in the forms' words. */
const policyWords = (value: unknown, _act: Staff.AuditAct, say: Say): string | undefined =>
  typeof value === "string" && Invoice.isInvoicePolicy(value) ? say(`desk.places.policy.${value}`) : raw(value);
const rechargeInvoiceWords = (value: unknown, _act: Staff.AuditAct, say: Say): string | undefined =>
  value === "at_topup" || value === "at_consumption" ? say(`desk.places.rechargeInvoice.${value}`) : raw(value);

const fieldWords = (act: Staff.AuditAct, field: string): FieldWords | undefined => {
  if ((act === "stationAdded" || act === "stationChanged") && STATION_FIELDS.includes(field)) {
    return { label: `desk.places.field.${field}` as DeskKey, value: STATION_PRICES.has(field) ? yuan : field === "invoice_policy" ? policyWords : text };
  }
  if (act === "settingChanged" && SETTINGS_FIELDS.includes(field)) {
    const value: FieldWords["value"] = field.startsWith("price_0_")
      ? yuan
      : field === "follow_qrcode"
        ? (v, _a, say) => (typeof v === "string" && v.startsWith("data:") ? say("desk.records.audit.image") : raw(v))
        : field === "recharge_invoice"
          ? rechargeInvoiceWords
          : text;
    return { label: `desk.places.settings.${field}` as DeskKey, value };
  }
  return Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
};

/** What each act is on, worded from its subject (a staff name, an order id, a phone...). */
const SUBJECT: { readonly [A in Staff.AuditAct]: (subject: string, say: Say) => string } = {
  signIn: (s, say) => say("desk.records.audit.on.staff", { name: s }),
  signInFailed: (s, say) => say("desk.records.audit.on.staff", { name: s }),
  signOut: (s, say) => say("desk.records.audit.on.staff", { name: s }),
  passwordChanged: (s, say) => say("desk.records.audit.on.staff", { name: s }),
  redeem: (s, say) => say("desk.records.audit.on.order", { id: s }),
  settle: (s, say) => say("desk.records.audit.on.order", { id: s }),
  reject: (s, say) => say("desk.records.audit.on.order", { id: s }),
  staffAdded: (s, say) => say("desk.records.audit.on.staff", { name: s }),
  staffDisabled: (s, say) => say("desk.records.audit.on.staff", { name: s }),
  staffReset: (s, say) => say("desk.records.audit.on.staff", { name: s }),
  staffEnabled: (s, say) => say("desk.records.audit.on.staff", { name: s }),
  stationAdded: (s, say) => say("desk.records.audit.on.station", { id: s }),
  stationChanged: (s, say) => say("desk.records.audit.on.station", { id: s }),
  stationsImported: (_s, say) => say("desk.records.audit.on.stations"),
  settingChanged: (_s, say) => say("desk.records.audit.on.settings"),
  inviteCreated: (s, say) => {
    const count = /^(\d+) codes?$/.exec(s)?.[1];
    return count === undefined ? s : say("desk.records.audit.on.invites", { count });
  },
  blacklistChanged: (s, say) => say("desk.records.audit.on.phone", { phone: s }),
  staffLocked: (s, say) => say("desk.records.audit.on.staff", { name: s }),
  staffUnlocked: (s, say) => say("desk.records.audit.on.staff", { name: s }),
  invoiceIssued: (s, say) => say("desk.records.audit.on.invoice", { id: s }),
  invoiceRefused: (s, say) => say("desk.records.audit.on.invoice", { id: s }),
};

/** The row's subject and changes in `i18n`'s language. */
export const auditWords = (row: Pick<AuditRow, "act" | "subject" | "before" | "after">, i18n: DeskI18n): AuditWords => {
  const say: Say = (key, params) => i18n.t(key, params);
  const subjectOf = Object.hasOwn(SUBJECT, row.act) ? SUBJECT[row.act] : undefined;
  const subject = row.subject === "" ? "" : subjectOf === undefined ? row.subject : subjectOf(row.subject, say);
  const hasBefore = row.before !== null && row.before !== undefined;
  const hasAfter = row.after !== null && row.after !== undefined;
  const was = fieldsOf(row.before);
  const now = fieldsOf(row.after);
  const lines = [...new Set([...Object.keys(was), ...Object.keys(now)])]
    // A station's id is its subject; a changed station's unchanged fields are no change.
    .filter((field) => !((row.act === "stationAdded" || row.act === "stationChanged") && field === "id"))
    .filter((field) => !(hasBefore && hasAfter) || raw(was[field]) !== raw(now[field]))
    .map((field): ChangeLine => {
      const words = fieldWords(row.act, field);
      const word = (value: unknown) => (value === null || value === undefined ? undefined : words === undefined ? raw(value) : words.value(value, row.act, say, i18n));
      return { key: field === "" ? undefined : words === undefined ? field : say(words.label), before: word(was[field]), after: word(now[field]) };
    });
  return { subject, lines };
};
