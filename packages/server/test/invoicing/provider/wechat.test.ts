import { constants, createVerify, privateDecrypt, randomBytes, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signedHeaders } from "../../../src/payments/sandbox/notifications.ts";
import { requestMessage, signNotification } from "../../../src/payments/wechat/crypto.ts";
import { fapiaoCallbackBody, type FapiaoCallbackResource } from "../../../src/invoicing/provider/callbacks.ts";
import { InvoiceProviderUnavailable } from "../../../src/invoicing/provider/InvoiceProvider.ts";
import { DIESEL_TAX_CODE, quantityOf, WechatInvoiceProvider, type WechatInvoiceOptions } from "../../../src/invoicing/provider/Wechat.ts";
import { API_V3_KEY, merchantKey, merchantPub, NOW, platformKey, platformPub, request } from "./fixtures.ts";

/**
 * The production e-invoice provider without a network: a fake `fetch` answers as WeChat Pay would,
 * signed with the platform's test key, and callbacks are made as the platform makes them.
 */

const MCH_ID = "1230000109";
const APP_ID = "wxd678efh567hg6787";
const SERIAL = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
const PLATFORM_SERIAL = "7132D72A03E93CDDF8C03BBD1F37EEDF843E2BF9";
const SUB_MCH_ID = "1900000109";

interface Sent {
  readonly url: URL;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly signer?: KeyObject | "none";
  readonly timestampMs?: number;
}

const fakeFetch = (...replies: Reply[]) => {
  const sent: Sent[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    sent.push({ url: new URL(String(input)), method: init?.method ?? "GET", headers, body: typeof init?.body === "string" ? init.body : "" });
    const reply = replies.shift();
    if (reply === undefined) throw new Error("the fake WeChat Pay has no more answers");
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
    const signer = reply.signer ?? platformKey;
    const timestamp = String(Math.floor((reply.timestampMs ?? NOW) / 1000));
    const nonce = randomBytes(16).toString("hex");
    const signed: Record<string, string> =
      signer === "none"
        ? {}
        : { "wechatpay-timestamp": timestamp, "wechatpay-nonce": nonce, "wechatpay-signature": signNotification(signer, timestamp, nonce, text), "wechatpay-serial": PLATFORM_SERIAL };
    return new Response(reply.status === 204 || text === "" ? null : text, { status: reply.status, headers: { "content-type": "application/json", ...signed } });
  }) as typeof fetch;
  return { fetchFn, sent };
};

const provider = (fetchFn: typeof fetch, overrides: Partial<WechatInvoiceOptions> = {}) =>
  new WechatInvoiceProvider({
    baseUrl: "https://api.mch.example.com",
    mchId: MCH_ID,
    appId: APP_ID,
    serialNo: SERIAL,
    merchantPrivateKey: merchantKey,
    platformKeys: new Map([[PLATFORM_SERIAL, platformPub]]),
    apiV3Key: API_V3_KEY,
    account: { subMchId: SUB_MCH_ID, billingPersonId: "187776276864872" },
    fetch: fetchFn,
    nowMs: () => NOW,
    ...overrides,
  });

/** The request was signed by our merchant key over exactly what was sent. */
const signedByMerchant = (sent: Sent): boolean => {
  const match = /^WECHATPAY2-SHA256-RSA2048 mchid="([^"]*)",nonce_str="([^"]*)",signature="([^"]*)",timestamp="([^"]*)",serial_no="([^"]*)"$/.exec(sent.headers["authorization"] ?? "");
  if (match === null) return false;
  const [, mchid, nonce, signature, timestamp, serialNo] = match as unknown as [string, string, string, string, string, string];
  if (mchid !== MCH_ID || serialNo !== SERIAL) return false;
  return createVerify("RSA-SHA256").update(requestMessage(sent.method, sent.url.pathname + sent.url.search, timestamp, nonce, sent.body), "utf8").verify(merchantPub, signature, "base64");
};

const decryptSensitive = (value: string): string =>
  privateDecrypt({ key: platformKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha1" }, Buffer.from(value, "base64")).toString("utf8");

const ref = { invoiceId: 35, applyId: "35-1", stationId: 7 };

describe("WechatInvoiceProvider.issue", () => {
  it("POSTs issue-refined-oil for the sub-merchant, signed by us, with the application, buyer, lines and WeChat transactions; 202 is issuing", async () => {
    const { fetchFn, sent } = fakeFetch({ status: 202 });
    expect(await provider(fetchFn).issue(request())).toEqual({ state: "issuing" });
    const req = sent[0] as Sent;
    expect(req.method).toBe("POST");
    expect(req.url.toString()).toBe("https://api.mch.example.com/v3/new-tax-control-fapiao/fapiao-applications/issue-refined-oil");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["wechatpay-serial"]).toBe(PLATFORM_SERIAL);
    expect(signedByMerchant(req)).toBe(true);
    expect(signedByMerchant({ ...req, body: req.body.replace("28795", "1") })).toBe(false);

    const body = JSON.parse(req.body) as Record<string, unknown>;
    const { phone, email, ...buyer } = body["buyer_information"] as Record<string, string>;
    expect(buyer).toEqual({
      type: "ORGANIZATION",
      name: "深圳市南山区测试物流有限公司",
      taxpayer_id: "91440300MA5F000000",
      address: "深圳市南山区深南大道10000号",
      telephone: "13800000000",
      bank_name: "测试银行南山支行",
      bank_account: "6200123456789",
      fapiao_bill_type: "COMM_FAPIAO",
    });
    // Sensitive fields travel encrypted for the platform only.
    expect(phone).not.toContain("138");
    expect(decryptSensitive(phone ?? "")).toBe("13800000000");
    expect(decryptSensitive(email ?? "")).toBe("fapiao@example.com");

    expect(body).toMatchObject({ sub_mchid: SUB_MCH_ID, fapiao_apply_id: "FUEL35" });
    expect(body["fapiao_information"]).toEqual({
      fapiao_id: "FUEL35-1",
      total_amount: 28795,
      billing_person_id: "187776276864872",
      fapiao_bill_type: "COMM_FAPIAO",
      items: [
        {
          tax_code: DIESEL_TAX_CODE,
          goods_name: "0号柴油",
          unit: "LITER",
          quantity: 2_642_000_000,
          total_amount: 18855,
          tax_rate: 1300,
          discount: false,
          refined_oil_information: { station: "测试加油站", trade_time: "2024-11-25T09:16:05+08:00", gun_number: "3号枪" },
        },
        { tax_code: DIESEL_TAX_CODE, goods_name: "0号柴油", unit: "LITER", quantity: 1_400_000_000, total_amount: 9940, tax_rate: 1300, discount: false },
      ],
      transaction_information: [
        { pay_channel: "WECHAT_PAY", transaction_id: "4200000000000000000000000001", out_trade_no: "F20241125091605ABCDEF", amount: 18855 },
        { pay_channel: "WECHAT_PAY", transaction_id: "4200000000000000000000000002", out_trade_no: "F20241125101605ABCDEG", amount: 9940 },
      ],
    });
  });

  it("a personal buyer is INDIVIDUAL, without taxpayer id or printed telephone", async () => {
    const { fetchFn, sent } = fakeFetch({ status: 202 });
    const r = request();
    await provider(fetchFn).issue({ ...r, buyer: { type: "personal", name: "张三", taxId: null, email: null, phone: "13900000000", address: null, bank: null, account: null } });
    const buyer = (JSON.parse(sent[0]?.body ?? "{}") as { buyer_information: Record<string, string> }).buyer_information;
    expect(Object.keys(buyer).sort()).toEqual(["fapiao_bill_type", "name", "phone", "type"]);
    expect(buyer["type"]).toBe("INDIVIDUAL");
  });

  it("a station with its own sub-merchant is issued for it", async () => {
    const { fetchFn, sent } = fakeFetch({ status: 202 });
    await provider(fetchFn, { stationAccounts: new Map([[7, { subMchId: "1900000777", billingPersonId: "77" }]]) }).issue(request());
    expect(JSON.parse(sent[0]?.body ?? "{}")).toMatchObject({ sub_mchid: "1900000777", fapiao_information: { billing_person_id: "77" } });
  });

  it("a refusal (4xx) is failed with WeChat's words, not retryable", async () => {
    const { fetchFn } = fakeFetch({ status: 400, body: { code: "PARAM_ERROR", message: "taxpayer_id is invalid" } });
    expect(await provider(fetchFn).issue(request())).toEqual({ state: "failed", reason: "PARAM_ERROR: taxpayer_id is invalid", retryable: false });
  });

  it("an order paid on the FY channel cannot be on a WeChat invoice: failed without a call", async () => {
    const { fetchFn, sent } = fakeFetch();
    const r = request();
    const payments = [r.payments[0], { channel: "fy" as const, mchntOrderNo: "F2", transactionId: "FY1", amountCents: 9940 }].filter((p) => p !== undefined);
    expect(await provider(fetchFn).issue({ ...r, payments })).toMatchObject({ state: "failed", retryable: false });
    expect(sent).toHaveLength(0);
  });

  it("5xx, rate limits, an unsigned answer and a network failure are InvoiceProviderUnavailable", async () => {
    for (const reply of [{ status: 500, body: { code: "SYSTEM_ERROR" } }, { status: 429, body: { code: "FREQUENCY_LIMITED" } }, { status: 202, signer: "none" as const }]) {
      await expect(provider(fakeFetch(reply).fetchFn).issue(request()), JSON.stringify(reply)).rejects.toBeInstanceOf(InvoiceProviderUnavailable);
    }
    const down = (() => Promise.reject(new TypeError("fetch failed"))) as typeof fetch;
    await expect(provider(down).issue(request())).rejects.toBeInstanceOf(InvoiceProviderUnavailable);
  });
});

describe("WechatInvoiceProvider.query", () => {
  const issuedEntry = {
    fapiao_id: "FUEL35-1",
    status: "ISSUED",
    blue_fapiao: { fapiao_code: "", fapiao_number: "24442000000123456789", check_code: "", password: "", fapiao_time: "2024-11-26T09:20:00+08:00" },
    card_information: { card_appid: APP_ID, card_openid: "o1", card_status: "INSERTED" },
    total_amount: 28795,
  };

  it("GETs the application with the sub-merchant and the attempt's fapiao_id, signed by us", async () => {
    const { fetchFn, sent } = fakeFetch({ status: 200, body: { total_count: 1, fapiao_information: [{ fapiao_id: "FUEL35-1", status: "ISSUE_ACCEPTED" }] } });
    expect(await provider(fetchFn).query(ref)).toEqual({ state: "issuing" });
    const req = sent[0] as Sent;
    expect(req.method).toBe("GET");
    expect(req.url.pathname).toBe("/v3/new-tax-control-fapiao/fapiao-applications/FUEL35");
    expect(req.url.search).toBe(`?sub_mchid=${SUB_MCH_ID}&fapiao_id=FUEL35-1`);
    expect(req.body).toBe("");
    expect(signedByMerchant(req)).toBe(true);
  });

  it("ISSUED is issued with the number, time and wallet", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: { total_count: 1, fapiao_information: [issuedEntry] } });
    expect(await provider(fetchFn).query(ref)).toEqual({
      state: "issued",
      number: "24442000000123456789",
      issuedAt: new Date("2024-11-26T01:20:00Z"),
      pdf: null,
      pdfUrl: null,
      inWallet: true,
    });
  });

  it("picks the attempt's own invoice among the application's", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: { total_count: 2, fapiao_information: [{ fapiao_id: "FUEL35-1", status: "ISSUE_FAILED" }, { ...issuedEntry, fapiao_id: "FUEL35-2" }] } });
    expect(await provider(fetchFn).query({ ...ref, applyId: "35-2" })).toMatchObject({ state: "issued" });
  });

  it("another status is a retryable failure; reversed is not retryable; unknown (404) is retryable", async () => {
    expect(await provider(fakeFetch({ status: 200, body: { total_count: 1, fapiao_information: [{ fapiao_id: "FUEL35-1", status: "ISSUE_FAILED" }] } }).fetchFn).query(ref)).toMatchObject({ state: "failed", retryable: true });
    expect(await provider(fakeFetch({ status: 200, body: { total_count: 1, fapiao_information: [{ ...issuedEntry, status: "REVERSED" }] } }).fetchFn).query(ref)).toMatchObject({ state: "failed", retryable: false });
    expect(await provider(fakeFetch({ status: 404, body: { code: "RESOURCE_NOT_EXISTS", message: "no" } }).fetchFn).query(ref)).toMatchObject({ state: "failed", retryable: true });
  });

  it("an ISSUED without number is not believed; a forged or stale answer is not believed", async () => {
    const { blue_fapiao: _b, ...bare } = issuedEntry;
    await expect(provider(fakeFetch({ status: 200, body: { total_count: 1, fapiao_information: [bare] } }).fetchFn).query(ref)).rejects.toBeInstanceOf(InvoiceProviderUnavailable);
    const body = { total_count: 1, fapiao_information: [issuedEntry] };
    await expect(provider(fakeFetch({ status: 200, body, signer: merchantKey }).fetchFn).query(ref)).rejects.toBeInstanceOf(InvoiceProviderUnavailable);
    await expect(provider(fakeFetch({ status: 200, body, timestampMs: NOW - 301_000 }).fetchFn).query(ref)).rejects.toBeInstanceOf(InvoiceProviderUnavailable);
  });
});

describe("WechatInvoiceProvider.titleUrl", () => {
  it("GETs user-title/title-url for the invoice's application; the link expires 30 minutes later", async () => {
    const { fetchFn, sent } = fakeFetch({ status: 200, body: { title_url: "https://payapp.weixin.qq.com/title?x=1" } });
    const link = await provider(fetchFn).titleUrl({ invoiceId: 35, stationId: 7, openid: "oUpF8u", totalCents: 28795, sellerName: "测试加油站" });
    expect(link).toEqual({ url: "https://payapp.weixin.qq.com/title?x=1", expiresAt: new Date(NOW + 30 * 60_000) });
    const req = sent[0] as Sent;
    expect(req.url.pathname).toBe("/v3/new-tax-control-fapiao/user-title/title-url");
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      sub_mchid: SUB_MCH_ID,
      fapiao_apply_id: "FUEL35",
      source: "WEB",
      appid: APP_ID,
      openid: "oUpF8u",
      total_amount: "28795",
      seller_name: "测试加油站",
    });
    expect(signedByMerchant(req)).toBe(true);
  });

  it("a refusal is InvoiceProviderUnavailable", async () => {
    await expect(provider(fakeFetch({ status: 400, body: { code: "PARAM_ERROR" } }).fetchFn).titleUrl({ invoiceId: 35, stationId: 7, openid: "o", totalCents: 1 })).rejects.toBeInstanceOf(
      InvoiceProviderUnavailable,
    );
  });
});

describe("WechatInvoiceProvider.readCallback", () => {
  const resource: FapiaoCallbackResource = { mchid: MCH_ID, fapiao_apply_id: "FUEL35", fapiao_information: [{ fapiao_id: "FUEL35-1", fapiao_status: "ISSUED", card_status: "INSERTED" }] };
  const callback = (opts: { signer?: KeyObject; signedAtMs?: number; event?: string; r?: FapiaoCallbackResource; v3Key?: string } = {}) => {
    const body = fapiaoCallbackBody(opts.v3Key ?? API_V3_KEY, opts.event ?? "FAPIAO.ISSUED", opts.r ?? resource, NOW);
    return { body, headers: signedHeaders(opts.signer ?? platformKey, body, opts.signedAtMs ?? NOW, PLATFORM_SERIAL) };
  };
  const queryAnswer = { status: 200, body: { total_count: 1, fapiao_information: [{ fapiao_id: "FUEL35-1", status: "ISSUED", blue_fapiao: { fapiao_number: "24442000000123456789", fapiao_time: "2024-11-26T09:20:00+08:00" }, card_information: { card_status: "INSERTED" } }] } };

  it("accepts a callback signed by the platform key, then asks for the number", async () => {
    const { fetchFn, sent } = fakeFetch(queryAnswer);
    const c = callback();
    expect(await provider(fetchFn).readCallback(c.headers, c.body)).toEqual({
      kind: "result",
      invoiceId: 35,
      applyId: "35-1",
      result: { state: "issued", number: "24442000000123456789", issuedAt: new Date("2024-11-26T01:20:00Z"), pdf: null, pdfUrl: null, inWallet: true },
    });
    expect(sent[0]?.url.pathname).toBe("/v3/new-tax-control-fapiao/fapiao-applications/FUEL35");
  });

  it("header names in any case are read", async () => {
    const c = callback();
    const upper = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k.replace(/(^|-)\w/g, (m) => m.toUpperCase()), v]));
    expect((await provider(fakeFetch(queryAnswer).fetchFn).readCallback(upper, c.body)).kind).toBe("result");
  });

  it("refuses a wrong signature, a stale or future timestamp, an altered body, an unknown serial, another v3 key, another merchant", async () => {
    const { fetchFn, sent } = fakeFetch();
    const p = provider(fetchFn);
    const c = callback();
    expect(await p.readCallback(callback({ signer: merchantKey }).headers, c.body)).toEqual({ kind: "refused", reason: "bad-signature" });
    for (const offset of [-301_000, 301_000]) {
      const stale = callback({ signedAtMs: NOW + offset });
      expect(await p.readCallback(stale.headers, stale.body), String(offset)).toEqual({ kind: "refused", reason: "stale-timestamp" });
    }
    expect(await p.readCallback(c.headers, c.body.replace('"FAPIAO.ISSUED"', '"FAPIAO.REVERSED"'))).toEqual({ kind: "refused", reason: "bad-signature" });
    expect(await p.readCallback({ ...c.headers, "wechatpay-serial": "0123456789ABCDEF" }, c.body)).toEqual({ kind: "refused", reason: "unknown-serial" });
    expect(await p.readCallback({ ...c.headers, "wechatpay-signature": undefined }, c.body)).toEqual({ kind: "refused", reason: "malformed" });
    const otherKey = callback({ v3Key: "fedcba9876543210fedcba9876543210" });
    expect(await p.readCallback(otherKey.headers, otherKey.body)).toEqual({ kind: "refused", reason: "undecryptable" });
    const other = callback({ r: { ...resource, mchid: "1900000999" } });
    expect(await p.readCallback(other.headers, other.body)).toEqual({ kind: "refused", reason: "other-merchant" });
    // Nothing refused ever reached WeChat for details.
    expect(sent).toHaveLength(0);
  });

  it("a verified event that is no issue result (title filled in, reversed, not ours) is ignored", async () => {
    const p = provider(fakeFetch().fetchFn);
    const applied = callback({ event: "FAPIAO.USER_APPLIED", r: { mchid: MCH_ID, fapiao_apply_id: "FUEL35", apply_time: "2024-11-26T09:20:00+08:00" } });
    expect(await p.readCallback(applied.headers, applied.body)).toEqual({ kind: "ignored", event: "FAPIAO.USER_APPLIED" });
    const notOurs = callback({ r: { ...resource, fapiao_apply_id: "OTHER35" } });
    expect(await p.readCallback(notOurs.headers, notOurs.body)).toEqual({ kind: "ignored", event: "FAPIAO.ISSUED" });
  });

  it("when the details cannot be fetched, InvoiceProviderUnavailable (the route answers 5xx; WeChat sends it again)", async () => {
    const c = callback();
    await expect(provider(fakeFetch({ status: 503, body: { code: "SYSTEM_ERROR" } }).fetchFn).readCallback(c.headers, c.body)).rejects.toBeInstanceOf(InvoiceProviderUnavailable);
  });
});

describe("quantityOf", () => {
  it("litres times 10^8, without floats", () => {
    expect(quantityOf("26.420")).toBe(2_642_000_000);
    expect(quantityOf("1")).toBe(100_000_000);
    expect(quantityOf("0.00000001")).toBe(1);
    expect(() => quantityOf("1.5e3")).toThrow(RangeError);
    expect(() => quantityOf("-1")).toThrow(RangeError);
  });
});
