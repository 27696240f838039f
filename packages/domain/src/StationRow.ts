import { catalogue, text, type Locale, type MessageKey } from "./Messages.ts";
import { formatYuan } from "./Money.ts";
import { INVOICE_POLICIES, isInvoicePolicy, type InvoicePolicy } from "./invoice/Policy.ts";

/**
 * A station as the operators' CSV and the desk's station form give it (issue 26): one row of text
 * fields checked into a station, or every problem it has, each a catalogue key with its values
 * (`{ key: "StationFieldEmpty", params: { field: "city" } }`), so the CLI prints the English
 * sentence and the desk words the same problem in the admin's language. Prices are integer cents
 * per litre and coordinates GCJ-02, as stored; a problem quotes a price in yuan (issue 34), so the
 * person reading it sees what the cents mean. The site settings' prices are checked by the same
 * price rule ({@link priceProblem}, used by SiteSettingsRules).
 * @module
 */

/** The CSV's columns, in file order; also the wire names of a station's stored fields. */
export const STATION_COLUMNS = [
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
] as const;

export type StationColumn = (typeof STATION_COLUMNS)[number];

/**
 * Columns a file may leave out (issue 35: `invoice_policy`). Absent or empty, a station keeps
 * what it has (a new one gets the table's default, `station`). The export writes them after the
 * required ones, so a file exported now imports unchanged.
 */
export const OPTIONAL_STATION_COLUMNS = ["invoice_policy"] as const;
export type OptionalStationColumn = (typeof OPTIONAL_STATION_COLUMNS)[number];

/** The values of a problem's text (`{field}`, `{value}`). */
export type ProblemParams = Readonly<Record<string, string | number>>;

/** One problem, tagged: the catalogue key of its text, its values, and its CSV line when it has one. */
export interface StationProblem {
  readonly key: MessageKey;
  readonly params: ProblemParams;
  readonly line?: number;
}

/** A row that passed every rule: trimmed texts, numbers read, grades trimmed. */
export interface CheckedStation {
  readonly city: string;
  readonly title: string;
  readonly address: string;
  readonly longitude: number;
  readonly latitude: number;
  readonly shop_image: string;
  readonly now_price: number;
  readonly nation_price: number;
  readonly original_price: number;
  readonly sell_type: string;
  readonly code_id: string;
  readonly tel: string;
  readonly business_start_time: string;
  readonly business_end_time: string;
  /** Issue 35: who issues its invoices; absent when the row leaves it empty (keep the station's). */
  readonly invoice_policy?: InvoicePolicy;
}

export type RowCheck = { readonly ok: true; readonly station: CheckedStation } | { readonly ok: false; readonly problems: ReadonlyArray<StationProblem> };

/** The grades a station may sell (spec §3 `sell_type`), as the CSV names them. */
export const KNOWN_GRADES = ["0#", "92#", "95#", "98#"] as const;
/** The longest free-text field (title, address): the wire's line of text. */
export const MAX_TEXT_LENGTH = 256;
/** The longest short field (city, code, phone, grades): the wire's short text, as the customer's station list sends them. */
export const MAX_SHORT_TEXT_LENGTH = 64;
/** The longest photo address: the wire's URL. */
export const MAX_URL_LENGTH = 2048;

/**
 * The most a litre may cost, in cents (99,999.99 yuan): beyond any price, and within the integer
 * column. Station rows and the site settings share it.
 */
export const MAX_PRICE_CENTS = 9_999_999;

// Each text column's limit is the one the customer's station list sends it under (api Station),
// so a row the import takes can always be served.
const TEXT_LIMITS: ReadonlyArray<readonly [StationColumn, number]> = [
  ["city", MAX_SHORT_TEXT_LENGTH],
  ["title", MAX_TEXT_LENGTH],
  ["address", MAX_TEXT_LENGTH],
  ["shop_image", MAX_URL_LENGTH],
  ["sell_type", MAX_SHORT_TEXT_LENGTH],
  ["code_id", MAX_SHORT_TEXT_LENGTH],
  ["tel", MAX_SHORT_TEXT_LENGTH],
];

const GRADES: ReadonlySet<string> = new Set(KNOWN_GRADES);
const CLOCK = /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;
const WHOLE = /^[0-9]+$/;
// A price typed in yuan ("7.45") where cents belong: the problem says what to write instead.
const YUAN = /^[0-9]{1,5}\.[0-9]{1,2}$/;
const DECIMAL = /^-?[0-9]{1,3}(\.[0-9]{1,8})?$/;

const problem = (key: MessageKey, params: ProblemParams): StationProblem => ({ key, params });

/** A yuan figure as problems quote it: "¥7.45". */
const yuan = (cents: number): string => formatYuan(cents);

/**
 * The problem of one price, or undefined when it is good: whole cents per litre, at most
 * {@link MAX_PRICE_CENTS}, and above 0 when `positive` (a price others are divided by or charged
 * at; the national price may be 0, unknown). `raw` is the text read (a CSV cell) or the number
 * sent (the desk). A yuan figure where cents belong ("7.45") is told what to write ("745").
 * @example StationRow.priceProblem("now_price", "7.45", true)?.key // "StationPriceLooksLikeYuan"
 */
export const priceProblem = (field: string, raw: string | number, positive: boolean): StationProblem | undefined => {
  const value = String(raw).trim();
  if (WHOLE.test(value)) {
    const n = Number(value);
    if (n > MAX_PRICE_CENTS) return problem("StationPriceTooHigh", { field, price: yuan(n), max: yuan(MAX_PRICE_CENTS) });
    if (positive && n < 1) return problem("StationPriceNotPositiveCents", { field, value });
    return undefined;
  }
  if (YUAN.test(value)) {
    const [whole = "0", fraction = ""] = value.split(".");
    const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    if (cents >= 1) return problem("StationPriceLooksLikeYuan", { field, value, yuan: yuan(cents), cents });
  }
  return problem(positive ? "StationPriceNotPositiveCents" : "StationPriceNotCents", { field, value });
};

/**
 * Our price above the pump price: the discount (spec §9: original minus now) would be negative.
 * Quoted in yuan.
 */
export const originalBelowNowProblem = (originalField: string, original: number, nowField: string, now: number): StationProblem =>
  problem("StationOriginalBelowNow", { field: originalField, original: yuan(original), other: nowField, now: yuan(now) });

/**
 * One row checked into a station, or every problem it has, in column order. `get` answers a
 * column's raw text ("" when the row leaves it out), `getOptional` an optional column's (default:
 * none given).
 * @example StationRow.checkStationRow(() => "").ok // false
 */
export const checkStationRow = (get: (column: StationColumn) => string, getOptional: (column: OptionalStationColumn) => string = () => ""): RowCheck => {
  const problems: StationProblem[] = [];
  for (const field of ["city", "title"] as const) if (get(field).trim() === "") problems.push(problem("StationFieldEmpty", { field }));
  for (const [field, maxLength] of TEXT_LIMITS) {
    if (get(field).trim().length > maxLength) problems.push(problem("StationFieldTooLong", { field, maxLength }));
  }

  const coordinate = (field: "longitude" | "latitude", limit: number): number => {
    const value = get(field).trim();
    const n = Number(value);
    if (!DECIMAL.test(value) || Math.abs(n) > limit) problems.push(problem("StationCoordinateOutOfRange", { field, limit, value }));
    return n;
  };
  const longitude = coordinate("longitude", 180);
  const latitude = coordinate("latitude", 90);

  const cents = (field: "now_price" | "nation_price" | "original_price", positive: boolean): number | undefined => {
    const bad = priceProblem(field, get(field), positive);
    if (bad === undefined) return Number(get(field).trim());
    problems.push(bad);
    return undefined;
  };
  const nowPrice = cents("now_price", true);
  const nationPrice = cents("nation_price", false);
  const originalPrice = cents("original_price", true);
  if (nowPrice !== undefined && originalPrice !== undefined && originalPrice < nowPrice) {
    problems.push(originalBelowNowProblem("original_price", originalPrice, "now_price", nowPrice));
  }

  const sellType = get("sell_type").trim();
  const grades = sellType === "" ? [] : sellType.split(";");
  const unknown = grades.filter((g) => !GRADES.has(g.trim()));
  if (unknown.length > 0) {
    problems.push(problem("StationUnknownGrades", { field: "sell_type", grades: unknown.map((g) => `'${g}'`).join(", "), known: KNOWN_GRADES.join(";") }));
  }

  for (const field of ["business_start_time", "business_end_time"] as const) {
    if (!CLOCK.test(get(field).trim())) problems.push(problem("StationClockInvalid", { field, value: get(field) }));
  }
  const policyText = getOptional("invoice_policy").trim();
  if (policyText !== "" && !isInvoicePolicy(policyText)) {
    problems.push(problem("StationInvoicePolicyInvalid", { field: "invoice_policy", value: policyText, known: INVOICE_POLICIES.join(", ") }));
  }
  if (problems.length > 0 || nowPrice === undefined || nationPrice === undefined || originalPrice === undefined) return { ok: false, problems };
  return {
    ok: true,
    station: {
      city: get("city").trim(),
      title: get("title").trim(),
      address: get("address").trim(),
      longitude,
      latitude,
      shop_image: get("shop_image").trim(),
      now_price: nowPrice,
      nation_price: nationPrice,
      original_price: originalPrice,
      sell_type: grades.map((g) => g.trim()).join(";"),
      code_id: get("code_id").trim(),
      tel: get("tel").trim(),
      business_start_time: get("business_start_time").trim(),
      business_end_time: get("business_end_time").trim(),
      ...(isInvoicePolicy(policyText) ? { invoice_policy: policyText } : {}),
    },
  };
};

/** A CSV line whose field count is not the header's. */
export const fieldCountProblem = (line: number, count: number, expected: number): StationProblem => ({ key: "StationsCsvFieldCount", params: { count, expected }, line });

/** A CSV line naming the same city and title as an earlier line: the import matches stations by that pair. */
export const duplicateLineProblem = (line: number, earlier: number): StationProblem => ({ key: "StationsCsvDuplicateLine", params: { earlier }, line });

/** A saved station whose city and title another station already has. */
export const twinProblem = (id: number, city: string, title: string): StationProblem => problem("StationTwin", { id, city, title });

/** The same problem at a CSV line. */
export const atLine = (p: StationProblem, line: number): StationProblem => ({ ...p, line });

/**
 * A problem in a locale: its line ("line 3: ", the CLI's and the API's English prefix) and its text.
 * @example StationRow.problemText({ key: "StationFieldEmpty", params: { field: "city" }, line: 3 }) // "line 3: city is empty"
 */
export const problemText = (p: StationProblem, locale: Locale = "en"): string =>
  `${p.line === undefined ? "" : `line ${p.line}: `}${text(p.key, locale, p.params)}`;

/** How many problems a refusal lists at most; the rest are counted ('and 12 more problems'). */
export const MAX_LISTED_PROBLEMS = 50;
// A header's values are read by clients that cap all of an answer's headers at 16 KB (Node's): these stay under 12,000 characters.
const MAX_PARAMS_CHARS = 12_000;
// A value is echoed back ('got ...'), clipped so that one long field cannot fill the header.
const MAX_VALUE_CHARS = 64;

const clipped = (params: ProblemParams): ProblemParams =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === "string" && v.length > MAX_VALUE_CHARS ? `${v.slice(0, MAX_VALUE_CHARS)}…` : v]));

/** A refusal's values for a list of problems: `problems` the English sentences joined by "; ", `problem_list` the same problems tagged, as JSON. */
export type ProblemsParams = {
  readonly problems: string;
  readonly problem_list: string;
};

const paramsOf = (listed: ReadonlyArray<StationProblem>): ProblemsParams => ({
  problems: listed.map((p) => problemText(p)).join("; "),
  problem_list: JSON.stringify(listed.map((p) => (p.line === undefined ? { key: p.key, params: p.params } : { line: p.line, key: p.key, params: p.params }))),
});

const encodedLength = (params: ProblemsParams): number => encodeURIComponent(JSON.stringify(params)).length;

/**
 * The values of a refusal naming `problems` (StationInvalid, StationsImportRefused, SettingsInvalid):
 * the first {@link MAX_LISTED_PROBLEMS} that fit a header, each echoed value clipped, and
 * 'and N more problems' for the rest, so a file with thousands of bad lines is still answered.
 */
export const problemsParams = (problems: ReadonlyArray<StationProblem>): ProblemsParams => {
  const all = problems.map((p) => ({ ...p, params: clipped(p.params) }));
  const withRest = (n: number): StationProblem[] =>
    n === all.length ? all.slice(0, n) : [...all.slice(0, n), problem("StationProblemsMore", { count: all.length - n })];
  let n = Math.min(all.length, MAX_LISTED_PROBLEMS);
  while (n > 1 && encodedLength(paramsOf(withRest(n))) > MAX_PARAMS_CHARS) n -= 1;
  return paramsOf(withRest(n));
};

const isParams = (value: unknown): value is ProblemParams =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)));

const isKey = (value: unknown): value is MessageKey => typeof value === "string" && Object.hasOwn(catalogue.en, value);

/**
 * A refusal's `problem_list` read back: every problem tagged with a key of our catalogue, or
 * undefined when the value is missing or anything in it is not (an older or newer server: the
 * English `problems` are shown instead).
 */
export const readProblemList = (raw: unknown): StationProblem[] | undefined => {
  if (typeof raw !== "string") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const read: StationProblem[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== "object" || item === null) return undefined;
    const { key, params, line } = item as { key?: unknown; params?: unknown; line?: unknown };
    if (!isKey(key) || !isParams(params)) return undefined;
    if (line === undefined) read.push({ key, params });
    else if (typeof line === "number" && Number.isSafeInteger(line) && line > 0) read.push({ key, params, line });
    else return undefined;
  }
  return read;
};
