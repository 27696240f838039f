import { CardNumber, Invoice, SiteSettingsRules, type StationRow } from "@fuel/domain";
import { FOLLOW_QRCODE_MAX_LENGTH, type DeskSettingsRequest, type WebInfo } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import type { NoticeStore } from "../../../stores/NoticeStore.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { deskProblem } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";
import { fitsInBody, readChosen, type ChosenFile } from "./chosenFile.ts";
import { refusalProblems, type RefusalProblem } from "./refusalProblems.ts";
import { centsFromYuan, yuanText } from "./yuan.ts";

/** The site settings' load: asked, answered (null before any are set), or failed. */
export type SettingsLoad =
  | { readonly kind: "loading" }
  | { readonly kind: "loaded"; readonly settings: WebInfo | null }
  | { readonly kind: "failed"; readonly problem: Problem };

export const SETTINGS_PRICES = ["price_0_now", "price_0_original", "price_0_nation", "price_0_xuni", "price_0_shiti"] as const;
export const SETTINGS_PREFIXES = ["virtual_common_num", "entity_common_num"] as const;
/** Texts a customer always sees (an empty one is sent empty). */
const TEXTS = ["tel1", "recharge_tip", "recharge_shiti_tip"] as const;
/** Texts a customer may not see at all: empty is 'none' (null). */
const OPTIONAL_TEXTS = ["tel2", "follow_account_name"] as const;

/** Issue 35: how many days after use an invoice may be asked for, typed as a whole number. */
const WINDOW_DAYS = "invoice_window_days";

export const SETTINGS_FIELDS = [...SETTINGS_PRICES, ...SETTINGS_PREFIXES, ...TEXTS, ...OPTIONAL_TEXTS, WINDOW_DAYS] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** The image types the follow-us overlay shows everywhere (a QR code is a PNG or a photo of one). */
const QR_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg"]);

const KB = 1024;

/** The characters of a file of `bytes` as a `data:<type>;base64,` URL. */
const dataUrlLength = (type: string, bytes: number): number => `data:${type};base64,`.length + 4 * Math.ceil(bytes / 3);

/** The largest image (bytes) whose data URL fits in the setting's limit. */
const mostQrBytes = (type: string): number => Math.floor(((FOLLOW_QRCODE_MAX_LENGTH - `data:${type};base64,`.length) * 3) / 4);

/** The settings as the form shows them (prices back in yuan); empty before any are set. */
const fieldsOf = (settings: WebInfo | null): Record<SettingsField, string> => {
  const fields = Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, ""])) as Record<SettingsField, string>;
  fields[WINDOW_DAYS] = String(windowDaysOf(settings));
  if (settings === null) return fields;
  for (const f of SETTINGS_PRICES) fields[f] = yuanText(settings[f]);
  for (const f of [...SETTINGS_PREFIXES, ...TEXTS]) fields[f] = settings[f];
  for (const f of OPTIONAL_TEXTS) fields[f] = settings[f] ?? "";
  return fields;
};

/** The invoice settings as they apply: saved, or the domain's defaults when never set (or before any settings). */
const windowDaysOf = (settings: WebInfo | null): number => settings?.invoice_window_days ?? Invoice.DEFAULT_INVOICE_WINDOW_DAYS;
const rechargeInvoiceOf = (settings: WebInfo | null): Invoice.RechargeInvoiceMode => settings?.recharge_invoice ?? Invoice.DEFAULT_RECHARGE_INVOICE;

/** Days typed as a whole number within the window's bounds (Invoice.MIN/MAX_INVOICE_WINDOW_DAYS, the contract's check), or undefined. */
const readWindowDays = (typed: string): number | undefined => {
  const text = typed.trim();
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const days = Number(text);
  return days >= Invoice.MIN_INVOICE_WINDOW_DAYS && days <= Invoice.MAX_INVOICE_WINDOW_DAYS ? days : undefined;
};

/**
 * The site settings form (spec §3's web info, the follow-us QR and account name). Prices typed in
 * yuan are sent in cents (the domain's Money rule), card prefixes checked by `CardNumber.isPrefix`;
 * only the fields that changed are sent (the server keeps the others), every field before any
 * settings exist. Before sending, the change is checked by the server's own rules
 * (SiteSettingsRules, on the settings after the change: prices in bounds and in order), and its
 * problems listed as a server refusal lists them. The QR image is chosen on this device and sent
 * as a data URL, refused here when it would not fit or its bytes are not a PNG or JPEG. Issue 35:
 * the invoice window in whole days within the contract's bounds, and how top-ups are invoiced;
 * never set, they show the domain's defaults.
 */
export class SettingsStore {
  load: SettingsLoad = { kind: "loading" };
  fields: Record<SettingsField, string> = fieldsOf(null);
  /** Issue 35: how top-ups and card purchases are invoiced. */
  rechargeInvoice: Invoice.RechargeInvoiceMode = Invoice.DEFAULT_RECHARGE_INVOICE;
  /** The follow-us QR image to keep: the saved one, a chosen data URL, or null (none). */
  qrcode: string | null = null;
  errors: Partial<Record<SettingsField, Problem>> = {};
  /** Why the chosen image was not taken. */
  qrProblem: Problem | undefined = undefined;
  /** Why the last save failed. */
  problem: Problem | undefined = undefined;
  /** The rules' problems of the change the last save would have sent (checked here, nothing sent). */
  checked: ReadonlyArray<StationRow.StationProblem> | undefined = undefined;
  busy = false;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
    private readonly notices: NoticeStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async fetch(): Promise<void> {
    this.load = { kind: "loading" };
    const answer = await run(this.ports.api.call("deskSettings", {}));
    runInAction(() => {
      if (answer.ok) this.show(answer.value.settings);
      else this.load = { kind: "failed", problem: answer.error };
    });
  }

  /** The settings as saved (null before any), whatever the form holds now. */
  get saved(): WebInfo | null {
    return this.load.kind === "loaded" ? this.load.settings : null;
  }

  get savedQrcode(): string | null {
    return this.saved?.follow_qrcode ?? null;
  }

  /** The largest QR image this device takes, in KB (of a PNG: its data URL must fit in the setting). */
  get qrMaxKb(): number {
    return Math.floor(mostQrBytes("image/png") / KB);
  }

  get qrChanged(): boolean {
    return this.qrcode !== this.savedQrcode;
  }

  /** The server's problems one by one, when it refused the settings. */
  get refusal(): ReadonlyArray<RefusalProblem> | undefined {
    if (this.checked !== undefined) return this.checked.map((p) => ({ line: p.line, key: p.key, params: p.params }));
    return this.problem === undefined ? undefined : refusalProblems(this.problem, "SettingsInvalid");
  }

  set(field: SettingsField, value: string): void {
    this.fields[field] = value;
    delete this.errors[field];
  }

  setRechargeInvoice(mode: Invoice.RechargeInvoiceMode): void {
    this.rechargeInvoice = mode;
  }

  /** A new QR image: a PNG or JPEG small enough to send, read into a data URL. */
  async chooseQr(file: ChosenFile): Promise<void> {
    this.qrProblem = undefined;
    if (!QR_TYPES.has(file.type)) return this.refuseQr(deskProblem("desk.places.qrWrongType", { name: file.name }));
    const tooLarge = deskProblem("desk.places.qrTooLarge", { name: file.name, size: Math.ceil(file.size / KB), max: Math.floor(mostQrBytes(file.type) / KB) });
    if (dataUrlLength(file.type, file.size) > FOLLOW_QRCODE_MAX_LENGTH) return this.refuseQr(tooLarge);
    const dataUrl = await readChosen(file);
    if (dataUrl === undefined) return this.refuseQr(deskProblem("desk.places.fileUnreadable", { name: file.name }));
    if (dataUrl.length > FOLLOW_QRCODE_MAX_LENGTH) return this.refuseQr(tooLarge);
    // The server's rule: the bytes themselves are a PNG or JPEG (a renamed SVG or GIF is not).
    if (!SiteSettingsRules.isQrImage(dataUrl)) return this.refuseQr(deskProblem("desk.places.qrWrongType", { name: file.name }));
    runInAction(() => {
      this.qrcode = dataUrl;
    });
  }

  removeQr(): void {
    this.qrcode = null;
    this.qrProblem = undefined;
  }

  /** Back to the saved image (undo a choice or a removal). */
  keepQr(): void {
    this.qrcode = this.savedQrcode;
    this.qrProblem = undefined;
  }

  /** Sends what changed; true when saved. Nothing changed sends nothing and says so. */
  async save(): Promise<boolean> {
    if (this.busy || this.load.kind !== "loaded") return false;
    const request = this.request();
    this.checked = undefined;
    if (request === undefined) {
      this.problem = deskProblem("desk.places.fixFields");
      return false;
    }
    this.problem = undefined;
    const problems = SiteSettingsRules.changeProblems(this.saved ?? undefined, request);
    if (problems.length > 0) {
      this.checked = problems;
      this.problem = deskProblem("desk.places.settingsRefused");
      return false;
    }
    if (Object.keys(request).length === 0) {
      this.notices.show(this.i18n.t("desk.places.nothingChanged"));
      return false;
    }
    if (!fitsInBody(request)) {
      this.problem = deskProblem("desk.places.settingsTooLarge");
      return false;
    }
    this.busy = true;
    const answer = await run(this.ports.api.call("deskSettingsSave", request));
    runInAction(() => {
      this.busy = false;
      if (answer.ok) this.show(answer.value.settings);
      else this.problem = answer.error;
    });
    if (answer.ok) this.notices.show(this.i18n.t("desk.places.settingsSaved"), "success");
    return answer.ok;
  }

  private show(settings: WebInfo | null): void {
    this.load = { kind: "loaded", settings };
    this.fields = fieldsOf(settings);
    this.rechargeInvoice = rechargeInvoiceOf(settings);
    this.qrcode = settings?.follow_qrcode ?? null;
    this.errors = {};
    this.checked = undefined;
  }

  /** The fields that differ from the saved settings (all of them before any exist), or undefined with the errors set. */
  private request(): DeskSettingsRequest | undefined {
    const saved = this.saved;
    const errors: Partial<Record<SettingsField, Problem>> = {};
    const next: Record<string, string | number | null> = {};
    for (const f of SETTINGS_PRICES) {
      const cents = centsFromYuan(this.fields[f]);
      if (Result.isSuccess(cents)) next[f] = cents.success;
      else errors[f] = cents.failure;
    }
    for (const f of SETTINGS_PREFIXES) {
      const prefix = this.fields[f].trim();
      if (CardNumber.isPrefix(prefix)) next[f] = prefix;
      else errors[f] = deskProblem("desk.places.prefixInvalid");
    }
    for (const f of TEXTS) next[f] = this.fields[f].trim();
    for (const f of OPTIONAL_TEXTS) next[f] = this.fields[f].trim() === "" ? null : this.fields[f].trim();
    next["follow_qrcode"] = this.qrcode;
    const days = readWindowDays(this.fields[WINDOW_DAYS]);
    if (days === undefined) errors[WINDOW_DAYS] = deskProblem("desk.places.windowDaysInvalid", { min: Invoice.MIN_INVOICE_WINDOW_DAYS, max: Invoice.MAX_INVOICE_WINDOW_DAYS });
    this.errors = errors;
    if (Object.keys(errors).length > 0 || days === undefined) return undefined;
    // Never-set invoice settings read as the domain's defaults: left as they are, they are no change.
    const before: Readonly<Record<string, unknown>> = { ...saved, invoice_window_days: windowDaysOf(saved), recharge_invoice: rechargeInvoiceOf(saved) };
    next[WINDOW_DAYS] = days;
    next["recharge_invoice"] = this.rechargeInvoice;
    const changed = Object.entries(next).filter(([f, value]) => saved === null || (before[f] ?? null) !== value);
    // Each key is a request field with a value of its type (prices cents, prefixes digits, optional texts null when empty).
    return Object.fromEntries(changed) as DeskSettingsRequest;
  }

  private refuseQr(why: Problem): void {
    runInAction(() => {
      this.qrProblem = why;
    });
  }
}
