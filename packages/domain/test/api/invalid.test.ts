import { Result, Schema } from "effect";
import { describe, expect, it } from "vitest";
import {
  Api,
  ApiNames,
  CentsString,
  ClockTime,
  examples,
  INVOICE_PDF_DATA_URL_MAX_LENGTH,
  isIsoTimestamp,
  Order,
  OrderCreateResponse,
  PayInfo,
  Station,
  Timestamp,
  WechatAuthResponse,
  type Endpoint,
} from "../../src/api/index.ts";

const accepts = (schema: Schema.Top, input: unknown): boolean =>
  Result.isSuccess(Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input));

const HUGE = "x".repeat(100_000);

describe("order_amount of a draft is integer cents as digits", () => {
  const draft = examples.orderCreate.request;
  it.each(["0", "1", "10040", "999999999999999"])("accepts %j", (amount) => {
    expect(accepts(Api.orderCreate.request, { ...draft, order_amount: amount })).toBe(true);
  });
  it.each(["12.5", "-1", "", " 100", "100 ", "1e3", "0100", "+100", "１００", "1000000000000000", "0x10", HUGE])("rejects %j", (amount) => {
    expect(accepts(Api.orderCreate.request, { ...draft, order_amount: amount })).toBe(false);
  });
  it("reads a JSON number of cents too (spec clients send either), but only a non-negative safe integer", () => {
    expect(accepts(Api.orderCreate.request, { ...draft, order_amount: 10040 })).toBe(true);
    for (const amount of [12.5, -1, 2 ** 53, 1e308, true]) expect(accepts(Api.orderCreate.request, { ...draft, order_amount: amount }), String(amount)).toBe(false);
  });
  it("the recharge draft's order_amount follows the same rule", () => {
    expect(accepts(Api.rechargeOrderCreate.request, { ...examples.rechargeOrderCreate.request, order_amount: "12.5" })).toBe(false);
    expect(accepts(Api.rechargeOrderCreate.request, { ...examples.rechargeOrderCreate.request, order_amount: "-1" })).toBe(false);
  });
  it("CentsString accepts 15 digits and rejects a leading zero", () => {
    expect(accepts(CentsString, String(Math.floor(Number.MAX_SAFE_INTEGER / 10)))).toBe(true);
    expect(accepts(CentsString, "00")).toBe(false);
  });
});

describe("a one-key draft order", () => {
  const draft = examples.orderCreate.request;
  it("rejects a missing station", () => {
    const { station_id: _, ...rest } = draft;
    expect(accepts(Api.orderCreate.request, rest)).toBe(false);
  });
  it.each([[""], ["-1"], ["1.5"], [0], [-3], [1.5], [2 ** 31], [2 ** 53]])("rejects station_id %j", (id) => {
    expect(accepts(Api.orderCreate.request, { ...draft, station_id: id })).toBe(false);
  });
  it("accepts every grade the product shows (that only 0# is buyable is the domain's rule)", () => {
    for (const g of ["0#", "92#", "95#", "98#"]) expect(accepts(Api.orderCreate.request, { ...draft, gas_Type: g })).toBe(true);
  });
  it("rejects an unknown grade and the lower-case key", () => {
    expect(accepts(Api.orderCreate.request, { ...draft, gas_Type: "93#" })).toBe(false);
    const { gas_Type, ...rest } = draft;
    expect(accepts(Api.orderCreate.request, { ...rest, gas_type: gas_Type })).toBe(false);
  });
  it("rejects an unknown pay type", () => {
    expect(accepts(Api.orderCreate.request, { ...draft, paytype: "alipay" })).toBe(false);
  });
  it("a recharge draft is paid through FY only", () => {
    expect(accepts(Api.rechargeOrderCreate.request, { ...examples.rechargeOrderCreate.request, paytype: "wechat" })).toBe(false);
  });
});

describe("identity requests", () => {
  it("login: type is captcha or password", () => {
    expect(accepts(Api.login.request, { phone: "13800138000", type: "sms", captcha: "1234" })).toBe(false);
    expect(accepts(Api.login.request, { phone: "13800138000", type: "password", password: "secret1" })).toBe(true);
  });
  it("login: the phone is a string and is required", () => {
    expect(accepts(Api.login.request, { phone: 13800138000, type: "captcha", captcha: "1234" })).toBe(false);
    expect(accepts(Api.login.request, { type: "captcha", captcha: "1234" })).toBe(false);
  });
  it("resetpassword: either shape, complete", () => {
    expect(accepts(Api.resetPassword.request, { old_password: "abcdef", new_password: "ghijkl" })).toBe(true);
    expect(accepts(Api.resetPassword.request, { old_password: "abcdef" })).toBe(false);
    expect(accepts(Api.resetPassword.request, { password: "abcdef", phone: "13800138000" })).toBe(false);
  });
  it("isBlacklist answers 0 or 1 only", () => {
    expect(accepts(Api.isBlacklist.response, 1)).toBe(true);
    expect(accepts(Api.isBlacklist.response, 2)).toBe(false);
    expect(accepts(Api.isBlacklist.response, true)).toBe(false);
  });
  it("wechatauth: a bound answer carries a token, an unbound one an openid", () => {
    const bound = { unBindPhone: false, is_activated: true, info: examples.userInfo.response };
    expect(accepts(WechatAuthResponse, bound)).toBe(false);
    expect(accepts(WechatAuthResponse, { ...bound, token: "t" })).toBe(true);
    expect(accepts(WechatAuthResponse, { unBindPhone: true, is_activated: false, info: {} })).toBe(false);
    expect(accepts(WechatAuthResponse, { unBindPhone: "no", is_activated: false, info: { openid: "o" } })).toBe(false);
  });
});

describe("orders", () => {
  it.each([["50x1"], [""], [-1], [0], [-0], [1.5], [2 ** 31], [2 ** 53], [null]])("rejects order_id %j", (id) => {
    expect(accepts(Api.orderDetail.request, { order_id: id })).toBe(false);
  });
  it("order list: a page from 1, a tab name, 0 or a status code", () => {
    for (const s of ["all", "unpaid", "unused", "used", "expired", 0, 1, 2, 3, 6, 7, 8, 9]) {
      expect(accepts(Api.orderList.request, { page: 1, order_status: s }), String(s)).toBe(true);
    }
    for (const s of ["paid", 4, 5, "4", "ALL", null]) expect(accepts(Api.orderList.request, { page: 1, order_status: s }), String(s)).toBe(false);
    expect(accepts(Api.orderList.request, { page: 0, order_status: "all" })).toBe(false);
    expect(accepts(Api.orderList.request, { page: "x", order_status: "all" })).toBe(false);
  });
  it("an order's status, type, card type and refund status are the defined codes", () => {
    const order = examples.orderDetail.response;
    for (const order_status of [0, 4, 5, 10, "1"]) expect(accepts(Order, { ...order, order_status })).toBe(false);
    expect(accepts(Order, { ...order, order_type: 3 })).toBe(false);
    expect(accepts(Order, { ...order, card_type: 4 })).toBe(false);
    expect(accepts(Order, { ...order, refund_status: 4 })).toBe(false);
  });
  it("an order's money is integer cents", () => {
    const order = examples.orderDetail.response;
    expect(accepts(Order, { ...order, amount: 91.62 })).toBe(false);
    expect(accepts(Order, { ...order, order_amount: -1 })).toBe(false);
    expect(accepts(Order, { ...order, order_amount: "10040" })).toBe(false);
  });
  it("a station's prices are integer cents per litre, not yuan", () => {
    expect(accepts(Station, { ...examples.cityStations.response[0], now_price: 7.3 })).toBe(false);
  });
  it("a station's hours are HH:mm", () => {
    for (const t of ["00:00", "23:59", "24:00"]) expect(accepts(ClockTime, t)).toBe(true);
    for (const t of ["24:01", "7:00", "07:60", "0700", ""]) expect(accepts(ClockTime, t)).toBe(false);
  });
  it("order creation answers one of the two channels' shapes, with their exact codes", () => {
    const wechat = examples.orderCreate.response;
    expect(accepts(OrderCreateResponse, { ...wechat, respCode: "01" })).toBe(false);
    const fy = examples.paymentFyQuery.response;
    expect(accepts(OrderCreateResponse, fy)).toBe(true);
    expect(accepts(OrderCreateResponse, { ...fy, result_code: "000001" })).toBe(false);
    const { order_id: _, ...noId } = fy;
    expect(accepts(OrderCreateResponse, noId)).toBe(false);
  });
  it("the cashier QR answer has respCode '00000'", () => {
    expect(accepts(Api.kepaiQrCode.response, { respCode: "00", qrcode: "x" })).toBe(false);
  });
  it("pay parameters are strings; timeStamp is Unix seconds as digits", () => {
    const pay = examples.paymentQuery.response.payInfo;
    expect(accepts(PayInfo, { ...pay, timeStamp: 1732500000 })).toBe(false);
    expect(accepts(PayInfo, { ...pay, timeStamp: "17a" })).toBe(false);
    const { paySign: _, ...unsigned } = pay;
    expect(accepts(PayInfo, unsigned)).toBe(false);
  });
});

describe("Timestamp", () => {
  it.each([
    "2024-11-25T01:30:00+08:00",
    "2024-11-25T01:30:00Z",
    "2024-11-25T01:30:00.123+08:00",
    "2024-02-29T00:00:00+08:00",
    "2000-02-29T23:59:59-05:00",
  ])("accepts %j", (t) => {
    expect(accepts(Timestamp, t)).toBe(true);
  });
  it.each([
    "2024-11-25T01:30:00",
    "2024-11-25 01:30:00+08:00",
    "2024-11-25",
    "2024-11-25T01:30:00+0800",
    "2023-02-29T00:00:00+08:00",
    "1900-02-29T00:00:00+08:00",
    "2024-13-01T00:00:00+08:00",
    "2024-04-31T00:00:00+08:00",
    "2024-11-25T24:00:00+08:00",
    "2024-11-25T01:60:00+08:00",
    "2024-11-25T01:30:60+08:00",
    "2024-11-25T01:30:00+15:00",
    "2024-00-10T00:00:00Z",
  ])("rejects %j", (t) => {
    expect(accepts(Timestamp, t)).toBe(false);
  });
  it("rejects epoch milliseconds", () => {
    expect(accepts(Timestamp, 1732469400000)).toBe(false);
  });
  it("isIsoTimestamp agrees with the example", () => {
    expect(isIsoTimestamp("2024-11-25T01:30:00+08:00")).toBe(true);
  });
});

describe("sandbox requests", () => {
  it("pay result is ok, cancel or fail", () => {
    expect(accepts(Api.sandboxPay.request, { order_id: 1, result: "maybe" })).toBe(false);
  });
  it("settle result is done or rejected", () => {
    expect(accepts(Api.sandboxRechargeSettle.request, { order_id: 1, result: "ok" })).toBe(false);
    expect(accepts(Api.sandboxRechargeSettle.request, { order_id: 1, result: "done" })).toBe(true);
  });
  it("invite codes: 1 to 1000 at a time", () => {
    for (const count of [0, 1001, 1.5, "2"]) expect(accepts(Api.sandboxInviteCodes.request, { count })).toBe(false);
  });
  it("the clock only moves forward", () => {
    expect(accepts(Api.sandboxClock.request, { advance_seconds: -1 })).toBe(false);
    expect(accepts(Api.sandboxClock.request, { advance_seconds: 0 })).toBe(true);
  });
});

describe("payment notification", () => {
  it("only AEAD_AES_256_GCM", () => {
    const n = examples.paymentNotify.request;
    expect(accepts(Api.paymentNotify.request, { ...n, resource: { ...n.resource, algorithm: "AES_128_CBC" } })).toBe(false);
  });
});

describe("every request schema", () => {
  for (const name of ApiNames) {
    const endpoint: Endpoint = Api[name];
    const example = examples[name].request as Record<string, unknown>;

    it(`${endpoint.method} ${endpoint.path}: rejects a body that is not an object`, () => {
      for (const body of [null, [], "text", 42, true]) expect(accepts(endpoint.request, body), JSON.stringify(body)).toBe(false);
    });

    it(`${endpoint.method} ${endpoint.path}: rejects a 100k-character string in any string field`, () => {
      for (const [key, value] of Object.entries(example)) {
        // An invoice's PDF travels as a data URL of up to 1.4 M characters (issue 35): one beyond its own bound is refused.
        const huge = key === "pdf" && name === "deskInvoiceIssue" ? "x".repeat(INVOICE_PDF_DATA_URL_MAX_LENGTH + 1) : HUGE;
        if (typeof value === "string") expect(accepts(endpoint.request, { ...example, [key]: huge }), key).toBe(false);
      }
    });

    it(`${endpoint.method} ${endpoint.path}: rejects a wrong type in any field`, () => {
      for (const [key, value] of Object.entries(example)) {
        // A number field also reads a string of digits, and an order amount a JSON number: those
        // are not wrong types (./bounds.test.ts), so the wrong value is one no field reads.
        const wrong = typeof value === "string" ? (key === "order_amount" ? true : 12) : typeof value === "number" ? "12x" : "x";
        expect(accepts(endpoint.request, { ...example, [key]: wrong }), key).toBe(false);
      }
    });
  }
});
