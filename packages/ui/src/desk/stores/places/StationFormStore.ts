import type { Invoice } from "@fuel/domain";
import type { DeskStation, DeskStationSaveRequest } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import type { NoticeStore } from "../../../stores/NoticeStore.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { deskProblem } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";
import { refusalProblems, type RefusalProblem } from "./refusalProblems.ts";
import { centsFromYuan, yuanText } from "./yuan.ts";

/** The form's fields: a station's CSV columns, as typed (prices in yuan). */
export const STATION_FIELDS = [
  "city",
  "title",
  "address",
  "longitude",
  "latitude",
  "now_price",
  "original_price",
  "nation_price",
  "sell_type",
  "code_id",
  "tel",
  "business_start_time",
  "business_end_time",
  "shop_image",
] as const;
export type StationField = (typeof STATION_FIELDS)[number];

const PRICES = ["now_price", "original_price", "nation_price"] as const;
const COORDINATES = ["longitude", "latitude"] as const;
const TEXTS = ["city", "title", "address", "sell_type", "code_id", "tel", "business_start_time", "business_end_time", "shop_image"] as const;

// A plain decimal as the CSV writes a coordinate: no exponent, no hex, no spaces inside.
const DECIMAL = /^-?\d+(\.\d+)?$/;

const EMPTY: Readonly<Record<StationField, string>> = Object.fromEntries(STATION_FIELDS.map((f) => [f, ""])) as Record<StationField, string>;

/** A station's stored values as the form shows them: prices back in yuan. */
const fieldsOf = (station: DeskStation): Record<StationField, string> => ({
  ...EMPTY,
  ...Object.fromEntries(TEXTS.map((f) => [f, station[f]])),
  longitude: String(station.longitude),
  latitude: String(station.latitude),
  now_price: yuanText(station.now_price),
  original_price: yuanText(station.original_price),
  nation_price: yuanText(station.nation_price),
});

/**
 * One station's form: a new one (no station) or an edit. Prices are typed in yuan and sent in
 * cents by the domain's Money rule; a coordinate must be a number. Everything else is the CSV
 * import's row rules, on the server: its refusal names every problem at once, listed here.
 */
export class StationFormStore {
  readonly id: number | undefined;
  fields: Record<StationField, string>;
  /** Issue 35: who issues the station's invoices; a new station is invoiced by the station (the server's default too). */
  invoicePolicy: Invoice.InvoicePolicy;
  errors: Partial<Record<StationField, Problem>> = {};
  problem: Problem | undefined = undefined;
  busy = false;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
    private readonly notices: NoticeStore,
    station: DeskStation | undefined,
  ) {
    this.id = station?.id;
    this.fields = station === undefined ? { ...EMPTY, sell_type: "0#" } : fieldsOf(station);
    this.invoicePolicy = station?.invoice_policy ?? "station";
    makeAutoObservable(this, {}, { autoBind: true });
  }

  set(field: StationField, value: string): void {
    this.fields[field] = value;
    delete this.errors[field];
  }

  setInvoicePolicy(policy: Invoice.InvoicePolicy): void {
    this.invoicePolicy = policy;
  }

  /** The server's problems one by one, when it refused the station by its row rules. */
  get refusal(): ReadonlyArray<RefusalProblem> | undefined {
    return this.problem === undefined ? undefined : refusalProblems(this.problem, "StationInvalid");
  }

  /** Checks what this device can, then sends; the saved station, or undefined (the reason is in `errors` or `problem`). */
  async save(): Promise<DeskStation | undefined> {
    if (this.busy) return undefined;
    const request = this.request();
    if (request === undefined) {
      this.problem = deskProblem("desk.places.fixFields");
      return undefined;
    }
    this.busy = true;
    this.problem = undefined;
    const answer = await run(this.ports.api.call("deskStationSave", request));
    runInAction(() => {
      this.busy = false;
      if (!answer.ok) this.problem = answer.error;
    });
    if (!answer.ok) return undefined;
    this.notices.show(this.i18n.t("desk.places.stationSaved", { id: answer.value.id }), "success");
    return answer.value;
  }

  /** The request, or undefined with the field errors set. An empty field is left out: the server reads it as empty. */
  private request(): DeskStationSaveRequest | undefined {
    const errors: Partial<Record<StationField, Problem>> = {};
    const request: Record<string, string | number> = { ...(this.id === undefined ? {} : { id: this.id }), invoice_policy: this.invoicePolicy };
    for (const f of PRICES) {
      const cents = centsFromYuan(this.fields[f]);
      if (Result.isSuccess(cents)) request[f] = cents.success;
      else errors[f] = cents.failure;
    }
    for (const f of COORDINATES) {
      const text = this.fields[f].trim();
      if (text === "") continue;
      if (DECIMAL.test(text)) request[f] = Number(text);
      else errors[f] = deskProblem("desk.places.notANumber");
    }
    for (const f of TEXTS) {
      const text = this.fields[f].trim();
      if (text !== "") request[f] = text;
    }
    this.errors = errors;
    // The keys and value types above are the request's (prices and coordinates numbers, the rest text).
    return Object.keys(errors).length === 0 ? (request as DeskStationSaveRequest) : undefined;
  }
}
