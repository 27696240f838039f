import { Cause, Exit, Option, Result, Schema, type SchemaIssue } from "effect";
import { describe, expect, it } from "vitest";
import * as Messages from "../../src/Messages.ts";
import {
  Api,
  ApiNames,
  Cents,
  CentsPerLitre,
  Count,
  examples,
  Id,
  INT4_MAX,
  isStorableText,
  OrderId,
  PayTypeField,
  Seconds,
  StationId,
  type Endpoint,
} from "../../src/api/index.ts";

/**
 * Issue 9: nothing the database cannot hold gets past the contract (integers fit PostgreSQL
 * `integer`, strings are text PostgreSQL stores exactly), requests are read liberally (digit
 * strings, any letter case, an amount as a JSON number) and written canonically, and spec §5's
 * empty fields are refused in the spec's words.
 */

const codec = (s: Schema.Top) => s as Schema.Codec<unknown, unknown>;
const accepts = (schema: Schema.Top, input: unknown): boolean => Result.isSuccess(Schema.decodeUnknownResult(codec(schema))(input));
const decoded = (schema: Schema.Top, input: unknown): unknown => Schema.decodeUnknownSync(codec(schema))(input);
const encoded = (schema: Schema.Top, value: unknown): unknown => Schema.encodeUnknownSync(codec(schema))(value);

/** The annotations of the first problem carrying a `message` (what the server reports first), with `errors: "all"`. */
const wordedProblem = (schema: Schema.Top, input: unknown): { message: string; errorTag: unknown } | undefined => {
  const exit = Schema.decodeUnknownExit(codec(schema))(input, { errors: "all" });
  if (Exit.isSuccess(exit)) return undefined;
  const error = Option.getOrUndefined(Cause.findErrorOption(exit.cause));
  if (!Schema.isSchemaError(error)) return undefined;
  const walk = (issue: SchemaIssue.Issue): { message: string; errorTag: unknown } | undefined => {
    switch (issue._tag) {
      case "Pointer":
      case "Encoding":
        return walk(issue.issue);
      case "Composite":
        for (const i of issue.issues) {
          const w = walk(i);
          if (w !== undefined) return w;
        }
        return undefined;
      case "Filter": {
        const a = issue.filter.annotations as Record<string, unknown> | undefined;
        return typeof a?.["message"] === "string" ? { message: a["message"], errorTag: a["errorTag"] } : walk(issue.issue);
      }
      case "MissingKey": {
        const a = issue.annotations as Record<string, unknown> | undefined;
        return typeof a?.["messageMissingKey"] === "string" ? { message: a["messageMissingKey"], errorTag: a["errorTag"] } : undefined;
      }
      default:
        return undefined;
    }
  };
  return walk(error.issue);
};

const AROUND_INT4 = [2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, -(2 ** 31) - 1];

describe("integers fit the PostgreSQL integer column they are stored in", () => {
  it("INT4_MAX is 2^31 - 1", () => {
    expect(INT4_MAX).toBe(2 ** 31 - 1);
  });

  it.each([
    ["Id", Id, 1],
    ["OrderId", OrderId, 1],
    ["StationId", StationId, 1],
    ["Cents", Cents, 0],
    ["CentsPerLitre", CentsPerLitre, 0],
    ["Seconds", Seconds, 0],
    ["Count", Count, 0],
  ] as const)("%s: from its minimum to 2^31 - 1, nothing beyond", (_name, schema, min) => {
    expect(accepts(schema, min)).toBe(true);
    expect(accepts(schema, 2 ** 31 - 1)).toBe(true);
    for (const n of [min - 1, 2 ** 31, 2 ** 31 + 1, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e308, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(accepts(schema, n), String(n)).toBe(false);
    }
  });

  it("2^53 + 1 written as JSON text (it parses to 2^53) is refused as an id", () => {
    const parsed = JSON.parse('{"order_id": 9007199254740993}') as unknown;
    expect(accepts(Api.orderDetail.request, parsed)).toBe(false);
  });

  it.each(AROUND_INT4)("order_id, station_id, sandbox pay and settle refuse %d unless it fits", (n) => {
    const fits = n >= 1 && n <= INT4_MAX;
    expect(accepts(Api.orderDetail.request, { order_id: n })).toBe(fits);
    expect(accepts(Api.orderCancel.request, { order_id: n })).toBe(fits);
    expect(accepts(Api.paymentQuery.request, { order_id: n })).toBe(fits);
    expect(accepts(Api.orderCreate.request, { ...examples.orderCreate.request, station_id: n })).toBe(fits);
    expect(accepts(Api.rechargeOrderCreate.request, { ...examples.rechargeOrderCreate.request, station_id: n })).toBe(fits);
    expect(accepts(Api.sandboxPay.request, { order_id: n, result: "ok" })).toBe(fits);
    expect(accepts(Api.sandboxRechargeSettle.request, { order_id: n, result: "done" })).toBe(fits);
  });

  it("the recharge draft's amount and unit discount fit an integer column", () => {
    const draft = examples.rechargeOrderCreate.request;
    expect(accepts(Api.rechargeOrderCreate.request, { ...draft, amount: 2 ** 31 })).toBe(false);
    expect(accepts(Api.rechargeOrderCreate.request, { ...draft, unitdiscount: 2 ** 31 })).toBe(false);
    expect(accepts(Api.rechargeOrderCreate.request, { ...draft, amount: 2 ** 31 - 1 })).toBe(true);
  });

  it("an order amount is a safe integer; above the page's limit is the domain's rule (its words), not the schema's", () => {
    const draft = examples.orderCreate.request;
    expect(accepts(Api.orderCreate.request, { ...draft, order_amount: "999999999999999" })).toBe(true);
    for (const amount of [2 ** 53, 2 ** 53 + 2, 1e308, "9999999999999999"]) expect(accepts(Api.orderCreate.request, { ...draft, order_amount: amount }), String(amount)).toBe(false);
  });
});

describe("negative zero", () => {
  it("an id of -0 is refused, like 0", () => {
    expect(accepts(Api.orderDetail.request, { order_id: -0 })).toBe(false);
    expect(accepts(Api.orderCreate.request, { ...examples.orderCreate.request, station_id: -0 })).toBe(false);
  });

  it("an amount of -0 in a request reads as 0 (positive zero), never as -0", () => {
    const recharge = decoded(Api.rechargeOrderCreate.request, { ...examples.rechargeOrderCreate.request, amount: -0, unitdiscount: -0 }) as { amount: number; unitdiscount: number };
    expect(Object.is(recharge.amount, 0)).toBe(true);
    expect(Object.is(recharge.unitdiscount, 0)).toBe(true);
    const order = decoded(Api.orderCreate.request, { ...examples.orderCreate.request, order_amount: -0 }) as { order_amount: number };
    expect(Object.is(order.order_amount, 0)).toBe(true);
    expect((encoded(Api.orderCreate.request, order) as { order_amount: unknown }).order_amount).toBe("0");
  });

  it("the string \"-0\" is not digits", () => {
    expect(accepts(Api.orderDetail.request, { order_id: "-0" })).toBe(false);
    expect(accepts(Api.orderCreate.request, { ...examples.orderCreate.request, order_amount: "-0" })).toBe(false);
  });
});

describe("strings are text PostgreSQL stores exactly", () => {
  const CONTROL = [...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)), "\u007f"];

  it("isStorableText refuses NUL and unpaired surrogates, and accepts every other character", () => {
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("a\ud800b")).toBe(false);
    expect(isStorableText("\udc00")).toBe(false);
    expect(isStorableText("\ud83d")).toBe(false);
    expect(isStorableText("😀 广州市 ok")).toBe(true);
    for (const c of CONTROL.slice(1)) expect(isStorableText(`a${c}b`), c.charCodeAt(0).toString(16)).toBe(true);
  });

  // Every string field of every request: NUL and an unpaired surrogate are refused; the other
  // control characters are storable and left to the rules (a remark is cleaned, a phone is not
  // a phone, a city with a tab has no station).
  for (const name of ApiNames) {
    const endpoint: Endpoint = Api[name];
    const example = examples[name].request as Record<string, unknown>;
    const stringFields = Object.entries(example).filter(([, v]) => typeof v === "string");
    if (stringFields.length === 0) continue;
    it(`${endpoint.method} ${endpoint.path}: NUL or an unpaired surrogate in any string field is refused`, () => {
      for (const [key, value] of stringFields) {
        for (const bad of [`${String(value)}\u0000`, `\u0000`, `${String(value)}\ud800`, `\udfff${String(value)}`]) {
          expect(accepts(endpoint.request, { ...example, [key]: bad }), `${key}: ${JSON.stringify(bad)}`).toBe(false);
        }
      }
    });
  }

  it("a remark or a city with other control characters decodes (the server cleans or finds nothing)", () => {
    for (const c of CONTROL.slice(1)) {
      expect(accepts(Api.orderCreate.request, { ...examples.orderCreate.request, remark: `a${c}b` })).toBe(true);
      expect(accepts(Api.cityStations.request, { city: `广州${c}` })).toBe(true);
    }
  });
});

describe("numbers in requests may come as strings of digits; answers stay numbers", () => {
  it("order_id \"17\" reads as 17 and encodes as 17", () => {
    expect(decoded(Api.orderDetail.request, { order_id: "17" })).toEqual({ order_id: 17 });
    expect(encoded(Api.orderDetail.request, { order_id: 17 })).toEqual({ order_id: 17 });
  });

  it("station_id \"3\", page \"1\" and order_status \"1\" / \"0\" read as numbers", () => {
    expect((decoded(Api.orderCreate.request, { ...examples.orderCreate.request, station_id: "3" }) as { station_id: number }).station_id).toBe(3);
    expect(decoded(Api.orderList.request, { page: "1", order_status: "1" })).toEqual({ page: 1, order_status: 1 });
    expect(decoded(Api.orderList.request, { page: 2, order_status: "0" })).toEqual({ page: 2, order_status: 0 });
    expect(decoded(Api.orderList.request, { page: 1, order_status: "unpaid" })).toEqual({ page: 1, order_status: "unpaid" });
  });

  it("a recharge draft's card_type, amount, station_id and unitdiscount may be digit strings", () => {
    const draft = decoded(Api.rechargeOrderCreate.request, { ...examples.rechargeOrderCreate.request, card_type: "1", amount: "47106", station_id: "12", unitdiscount: "50" });
    expect(draft).toMatchObject({ card_type: 1, amount: 47106, station_id: 12, unitdiscount: 50 });
  });

  it("a recharge draft's station_id \"\" or null is 'no station selected' (the server answers 'select a station first')", () => {
    expect((decoded(Api.rechargeOrderCreate.request, { ...examples.rechargeOrderCreate.request, station_id: "" }) as { station_id: unknown }).station_id).toBeNull();
    expect((decoded(Api.rechargeOrderCreate.request, { ...examples.rechargeOrderCreate.request, station_id: null }) as { station_id: unknown }).station_id).toBeNull();
  });

  it("an order amount as a JSON number reads and encodes as the canonical digits", () => {
    const draft = decoded(Api.orderCreate.request, { ...examples.orderCreate.request, order_amount: 10040 }) as { order_amount: number };
    expect(draft.order_amount).toBe(10040);
    expect((encoded(Api.orderCreate.request, draft) as { order_amount: unknown }).order_amount).toBe("10040");
  });

  it("answers do not read digit strings: an order's money and id are numbers", () => {
    const order = examples.orderDetail.response;
    expect(accepts(Api.orderDetail.response, { ...order, order_id: "17" })).toBe(false);
    expect(accepts(Api.orderDetail.response, { ...order, amount: "9162" })).toBe(false);
  });
});

describe("paytype in any letter case (spec §7: 'paytype FY')", () => {
  it.each([
    ["FY", "fy"],
    ["fy", "fy"],
    ["Fy", "fy"],
    ["fY", "fy"],
    ["wechat", "wechat"],
    ["WECHAT", "wechat"],
    ["WeChat", "wechat"],
  ])("%j reads as %j", (raw, canonical) => {
    expect(decoded(PayTypeField, raw)).toBe(canonical);
    expect((decoded(Api.orderCreate.request, { ...examples.orderCreate.request, paytype: raw }) as { paytype: string }).paytype).toBe(canonical);
  });

  it("encodes in lower case", () => {
    expect(encoded(PayTypeField, "fy")).toBe("fy");
    const draft = decoded(Api.orderCreate.request, { ...examples.orderCreate.request, paytype: "WECHAT" });
    expect((encoded(Api.orderCreate.request, draft) as { paytype: string }).paytype).toBe("wechat");
  });

  it("a recharge is paid through FY only, whatever the case", () => {
    const draft = examples.rechargeOrderCreate.request;
    for (const p of ["FY", "Fy", "fy"]) expect((decoded(Api.rechargeOrderCreate.request, { ...draft, paytype: p }) as { paytype: string }).paytype).toBe("fy");
    for (const p of ["WECHAT", "wechat", "f y", "fy ", ""]) expect(accepts(Api.rechargeOrderCreate.request, { ...draft, paytype: p }), p).toBe(false);
  });

  it.each(["alipay", "FYY", "", "ｆｙ", 1, null])("refuses %j", (p) => {
    expect(accepts(Api.orderCreate.request, { ...examples.orderCreate.request, paytype: p })).toBe(false);
  });
});

describe("spec §5's empty fields are refused in the spec's words, ahead of every other problem", () => {
  const AMOUNT_EMPTY = Messages.text("AmountEmpty");
  const CARD_EMPTY = Messages.text("CardNumberEmpty");
  const RECHARGE_EMPTY = Messages.text("RechargeAmountEmpty");

  it("the words are the spec's", () => {
    expect(AMOUNT_EMPTY).toBe("amount cannot be empty");
    expect(CARD_EMPTY).toBe("card number cannot be empty");
    expect(RECHARGE_EMPTY).toBe("recharge amount cannot be empty");
  });

  it.each([[""], ["   "], [null]])("a one-key draft with order_amount %j: 'amount cannot be empty', tagged AmountEmpty", (amount) => {
    expect(wordedProblem(Api.orderCreate.request, { ...examples.orderCreate.request, order_amount: amount })).toEqual({ message: AMOUNT_EMPTY, errorTag: "AmountEmpty" });
  });

  it("a one-key draft without order_amount, and nothing else either: 'amount cannot be empty'", () => {
    expect(wordedProblem(Api.orderCreate.request, {})).toEqual({ message: AMOUNT_EMPTY, errorTag: "AmountEmpty" });
  });

  it("a recharge with an empty card number and nothing else: 'card number cannot be empty'", () => {
    expect(wordedProblem(Api.rechargeOrderCreate.request, { last_number: "" })).toEqual({ message: CARD_EMPTY, errorTag: "CardNumberEmpty" });
    expect(wordedProblem(Api.rechargeOrderCreate.request, { last_number: "  ", order_amount: "" })).toEqual({ message: CARD_EMPTY, errorTag: "CardNumberEmpty" });
    expect(wordedProblem(Api.rechargeOrderCreate.request, {})).toEqual({ message: CARD_EMPTY, errorTag: "CardNumberEmpty" });
  });

  it("a recharge with a card number and an empty amount, whatever else is wrong: 'recharge amount cannot be empty'", () => {
    expect(wordedProblem(Api.rechargeOrderCreate.request, { last_number: "1234567", order_amount: "" })).toEqual({ message: RECHARGE_EMPTY, errorTag: "RechargeAmountEmpty" });
    expect(wordedProblem(Api.rechargeOrderCreate.request, { ...examples.rechargeOrderCreate.request, order_amount: null, card_type: 9, phone: 1 })).toEqual({
      message: RECHARGE_EMPTY,
      errorTag: "RechargeAmountEmpty",
    });
  });

  it("a non-empty but malformed amount is not 'empty': it is an invalid field (no spec words)", () => {
    expect(accepts(Api.orderCreate.request, { ...examples.orderCreate.request, order_amount: "12.5" })).toBe(false);
    expect(wordedProblem(Api.orderCreate.request, { ...examples.orderCreate.request, order_amount: "12.5" })).toBeUndefined();
  });
});
