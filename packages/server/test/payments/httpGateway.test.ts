import { createPrivateKey, createPublicKey, createVerify, randomBytes, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { Money } from "@fuel/domain";
import type { PaymentNotificationResource } from "@fuel/domain/api";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsapiChannel, type ChannelGateway, type ChannelKeys } from "../../src/payments/JsapiChannel.ts";
import { ChannelUnavailable, type ChannelName, type NotificationHeaders, type PaymentRequest, type RefundRequest } from "../../src/payments/PaymentChannel.ts";
import { notificationBody, SANDBOX_PLATFORM_SERIAL, signedHeaders } from "../../src/payments/sandbox/notifications.ts";
import { requestMessage, signNotification, verifyPaySign } from "../../src/payments/wechat/crypto.ts";
import { HttpGateway, type HttpGatewayOptions } from "../../src/payments/wechat/HttpGateway.ts";

/**
 * The production side of the payment channel, without a network: the HTTPS gateway against a
 * fake `fetch` that answers as the platform would (signed with the platform's key), and the JSAPI
 * channel's pay sheet and notification checks with the fixed test keys.
 */

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const merchantKey = createPrivateKey(fixture("merchant-test-key.pem"));
const merchantPub = createPublicKey(fixture("merchant-test-key.pub.pem"));
const platformKey = createPrivateKey(fixture("platform-test-key.pem"));
const platformPub = createPublicKey(fixture("platform-test-key.pub.pem"));

const NOW = Date.UTC(2024, 10, 26, 1, 16, 5); // 2024-11-26 09:16:05 China time
const MCH_ID = "1230000109";
const APP_ID = "wxd678efh567hg6787";
const SERIAL = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
const API_V3_KEY = "0123456789abcdef0123456789abcdef";
/** The platform certificate's serial, as its answers and notifications name it. */
const PLATFORM_SERIAL = "7132D72A03E93CDDF8C03BBD1F37EEDF843E2BF9";

interface Sent {
  readonly url: URL;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

interface Reply {
  readonly status: number;
  readonly body?: unknown;
  /** Who signs the answer (default the platform), or nobody. */
  readonly signer?: KeyObject | "none";
  readonly timestampMs?: number;
  /** Sent instead of the signed body (a man in the middle changed it). */
  readonly tamperedBody?: string;
}

/** A fake `fetch` that records each request and answers with the next reply, signed as the platform signs. */
const fakeFetch = (...replies: Reply[]) => {
  const sent: Sent[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    sent.push({ url: new URL(String(input)), method: init?.method ?? "GET", headers, body: typeof init?.body === "string" ? init.body : "" });
    const reply = replies.shift();
    if (reply === undefined) throw new Error("the fake channel has no more answers");
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
    const signer = reply.signer ?? platformKey;
    const timestamp = String(Math.floor((reply.timestampMs ?? NOW) / 1000));
    const nonce = randomBytes(16).toString("hex");
    const signed: Record<string, string> =
      signer === "none"
        ? {}
        : { "wechatpay-timestamp": timestamp, "wechatpay-nonce": nonce, "wechatpay-signature": signNotification(signer, timestamp, nonce, text), "wechatpay-serial": PLATFORM_SERIAL };
    const sentBody = reply.tamperedBody ?? text;
    return new Response(reply.status === 204 ? null : sentBody, { status: reply.status, headers: { "content-type": "application/json", ...signed } });
  }) as typeof fetch;
  return { fetchFn, sent };
};

const gateway = (fetchFn: typeof fetch, overrides: Partial<HttpGatewayOptions> = {}) =>
  new HttpGateway({
    baseUrl: "https://api.mch.example.com",
    mchId: MCH_ID,
    serialNo: SERIAL,
    merchantPrivateKey: merchantKey,
    platformKeys: new Map([[PLATFORM_SERIAL, platformPub]]),
    notifyUrl: "https://fuel.example.com/api/payment/notify",
    fetch: fetchFn,
    nowMs: () => NOW,
    ...overrides,
  });

const prepayRequest: PaymentRequest & { appId: string; mchId: string } = {
  appId: APP_ID,
  mchId: MCH_ID,
  mchntOrderNo: "F20241126091605ABCDEF",
  amountCents: 9162,
  description: "Diesel 0# ¥100.40",
  payerOpenid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o",
  expiresAt: new Date(NOW + 15 * 60_000),
};

const refundRequest: RefundRequest = {
  mchntOrderNo: "F20241126091605ABCDEF",
  transactionId: "4200000000000000000000000001",
  refundNo: "RF1T4200000000000000000000000001",
  amountCents: 9162,
  totalCents: 9162,
  reason: "order closed before the payment arrived",
};

/** The Authorization header's fields, and whether its signature is ours over exactly this request. */
const parseAuthorization = (header: string | undefined) => {
  const match = /^WECHATPAY2-SHA256-RSA2048 mchid="([^"]*)",nonce_str="([^"]*)",signature="([^"]*)",timestamp="([^"]*)",serial_no="([^"]*)"$/.exec(header ?? "");
  if (match === null) throw new Error(`not a v3 Authorization header: ${header}`);
  const [, mchid, nonce, signature, timestamp, serialNo] = match as unknown as [string, string, string, string, string, string];
  return { mchid, nonce, signature, timestamp, serialNo };
};

const signedByMerchant = (sent: Sent): boolean => {
  const auth = parseAuthorization(sent.headers["authorization"]);
  const message = requestMessage(sent.method, sent.url.pathname + sent.url.search, auth.timestamp, auth.nonce, sent.body);
  return createVerify("RSA-SHA256").update(message, "utf8").verify(merchantPub, auth.signature, "base64");
};

describe("HttpGateway.createPrepay", () => {
  it("POSTs /v3/pay/transactions/jsapi with the order in the channel's JSON, signed by us, and returns the prepay id", async () => {
    const { fetchFn, sent } = fakeFetch({ status: 200, body: { prepay_id: "wx26091605123456789" } });
    expect(await gateway(fetchFn).createPrepay(prepayRequest)).toBe("wx26091605123456789");

    expect(sent).toHaveLength(1);
    const req = sent[0] as Sent;
    expect(req.method).toBe("POST");
    expect(req.url.toString()).toBe("https://api.mch.example.com/v3/pay/transactions/jsapi");
    expect(JSON.parse(req.body)).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: prepayRequest.description,
      out_trade_no: prepayRequest.mchntOrderNo,
      time_expire: "2024-11-26T09:31:05+08:00",
      notify_url: "https://fuel.example.com/api/payment/notify",
      amount: { total: Money.cents(9162), currency: "CNY" },
      payer: { openid: prepayRequest.payerOpenid },
    });
    expect(req.headers["content-type"]).toBe("application/json");
    const auth = parseAuthorization(req.headers["authorization"]);
    expect(auth.mchid).toBe(MCH_ID);
    expect(auth.serialNo).toBe(SERIAL);
    expect(auth.timestamp).toBe(String(Math.floor(NOW / 1000)));
    expect(auth.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(signedByMerchant(req)).toBe(true);
    // The signature covers the body: the same header over another body does not verify.
    expect(signedByMerchant({ ...req, body: req.body.replace("9162", "1") })).toBe(false);
  });

  it("signs every request with a fresh nonce", async () => {
    const { fetchFn, sent } = fakeFetch({ status: 200, body: { prepay_id: "a" } }, { status: 200, body: { prepay_id: "a" } });
    const g = gateway(fetchFn);
    await g.createPrepay(prepayRequest);
    await g.createPrepay(prepayRequest);
    expect(parseAuthorization(sent[0]?.headers["authorization"]).nonce).not.toBe(parseAuthorization(sent[1]?.headers["authorization"]).nonce);
  });

  it("a refused prepay (4xx) is ChannelUnavailable", async () => {
    const { fetchFn } = fakeFetch({ status: 400, body: { code: "PARAM_ERROR", message: "bad" } });
    await expect(gateway(fetchFn).createPrepay(prepayRequest)).rejects.toBeInstanceOf(ChannelUnavailable);
  });
});

describe("HttpGateway.query", () => {
  it("GETs the order by our merchant number, signed by us", async () => {
    const { fetchFn, sent } = fakeFetch({ status: 200, body: { trade_state: "NOTPAY" } });
    await gateway(fetchFn).query("F2024/11 26");
    const req = sent[0] as Sent;
    expect(req.method).toBe("GET");
    expect(req.url.pathname).toBe("/v3/pay/transactions/out-trade-no/F2024%2F11%2026");
    expect(req.url.search).toBe(`?mchid=${MCH_ID}`);
    expect(req.body).toBe("");
    expect(signedByMerchant(req)).toBe(true);
  });

  it("maps SUCCESS to paid, with the transaction id, amount and time", async () => {
    const { fetchFn } = fakeFetch({
      status: 200,
      body: { trade_state: "SUCCESS", transaction_id: "4200000000000000000000000001", success_time: "2024-11-26T09:20:00+08:00", amount: { total: 9162, currency: "CNY" } },
    });
    expect(await gateway(fetchFn).query("F1")).toEqual({
      state: "paid",
      transactionId: "4200000000000000000000000001",
      amountCents: 9162,
      paidAt: new Date("2024-11-26T01:20:00Z"),
    });
  });

  it("maps NOTPAY to unpaid", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: { trade_state: "NOTPAY" } });
    expect(await gateway(fetchFn).query("F1")).toEqual({ state: "unpaid" });
  });

  it("maps CLOSED to closed", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: { trade_state: "CLOSED" } });
    expect(await gateway(fetchFn).query("F1")).toEqual({ state: "closed" });
  });

  it("maps 404 to unknown-order", async () => {
    const { fetchFn } = fakeFetch({ status: 404, body: { code: "ORDER_NOT_EXIST", message: "order does not exist" } });
    expect(await gateway(fetchFn).query("F1")).toEqual({ state: "unknown-order" });
  });

  it("a SUCCESS without amount, transaction or time is not believed (ChannelUnavailable)", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: { trade_state: "SUCCESS", transaction_id: "42" } });
    await expect(gateway(fetchFn).query("F1")).rejects.toBeInstanceOf(ChannelUnavailable);
  });

  it("a 5xx is ChannelUnavailable", async () => {
    const { fetchFn } = fakeFetch({ status: 503, body: { code: "SYSTEM_ERROR" } });
    await expect(gateway(fetchFn).query("F1")).rejects.toBeInstanceOf(ChannelUnavailable);
  });
});

describe("HttpGateway.refund", () => {
  it("POSTs /v3/refund/domestic/refunds with our refund number and amounts; SUCCESS is refunded", async () => {
    const { fetchFn, sent } = fakeFetch({ status: 200, body: { status: "SUCCESS" } });
    expect(await gateway(fetchFn).refund(refundRequest)).toBe("refunded");
    const req = sent[0] as Sent;
    expect(req.method).toBe("POST");
    expect(req.url.pathname).toBe("/v3/refund/domestic/refunds");
    expect(JSON.parse(req.body)).toEqual({
      transaction_id: refundRequest.transactionId,
      out_refund_no: refundRequest.refundNo,
      reason: refundRequest.reason,
      amount: { refund: 9162, total: 9162, currency: "CNY" },
    });
    expect(signedByMerchant(req)).toBe(true);
  });

  it("PROCESSING is pending", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: { status: "PROCESSING" } });
    expect(await gateway(fetchFn).refund(refundRequest)).toBe("pending");
  });

  it("a 4xx is refused", async () => {
    const { fetchFn } = fakeFetch({ status: 400, body: { code: "NOT_ENOUGH", message: "insufficient balance" } });
    expect(await gateway(fetchFn).refund(refundRequest)).toBe("refused");
  });

  it("a 5xx is ChannelUnavailable", async () => {
    const { fetchFn } = fakeFetch({ status: 500, body: { code: "SYSTEM_ERROR" } });
    await expect(gateway(fetchFn).refund(refundRequest)).rejects.toBeInstanceOf(ChannelUnavailable);
  });
});

describe("HttpGateway.close", () => {
  it("POSTs the close with our mchid; 204 is done", async () => {
    const { fetchFn, sent } = fakeFetch({ status: 204 });
    expect(await gateway(fetchFn).close("F1")).toBe("closed");
    expect(sent[0]?.url.pathname).toBe("/v3/pay/transactions/out-trade-no/F1/close");
    expect(JSON.parse(sent[0]?.body ?? "")).toEqual({ mchid: MCH_ID });
  });

  it("an order the channel was already paid for (ORDERPAID) answers paid, so the caller fetches and refunds the money", async () => {
    const { fetchFn } = fakeFetch({ status: 400, body: { code: "ORDERPAID", message: "order paid" } });
    expect(await gateway(fetchFn).close("F1")).toBe("paid");
  });

  it("any other refusal is ChannelUnavailable", async () => {
    const { fetchFn } = fakeFetch({ status: 500, body: { code: "SYSTEM_ERROR" } });
    await expect(gateway(fetchFn).close("F1")).rejects.toBeInstanceOf(ChannelUnavailable);
  });
});

describe("an answer is believed only when the platform signed it", () => {
  const paid = { trade_state: "SUCCESS", transaction_id: "4200000000000000000000000001", success_time: "2024-11-26T09:20:00+08:00", amount: { total: 9162, currency: "CNY" } };

  it("an answer signed with another key is ChannelUnavailable", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: paid, signer: merchantKey });
    await expect(gateway(fetchFn).query("F1")).rejects.toBeInstanceOf(ChannelUnavailable);
  });

  it("an unsigned answer is ChannelUnavailable", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: paid, signer: "none" });
    await expect(gateway(fetchFn).query("F1")).rejects.toBeInstanceOf(ChannelUnavailable);
  });

  it("an answer changed after signing is ChannelUnavailable", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: { trade_state: "NOTPAY" }, tamperedBody: JSON.stringify(paid) });
    await expect(gateway(fetchFn).query("F1")).rejects.toBeInstanceOf(ChannelUnavailable);
  });

  it("an answer signed more than 5 minutes ago (a replay) is ChannelUnavailable", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: paid, timestampMs: NOW - 301_000 });
    await expect(gateway(fetchFn).query("F1")).rejects.toBeInstanceOf(ChannelUnavailable);
  });

  it("a forged refund success is not believed either", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: { status: "SUCCESS" }, signer: "none" });
    await expect(gateway(fetchFn).refund(refundRequest)).rejects.toBeInstanceOf(ChannelUnavailable);
  });
});

describe("an unreachable channel", () => {
  it("a fetch that throws (network down) is ChannelUnavailable", async () => {
    const down = (() => Promise.reject(new TypeError("fetch failed"))) as typeof fetch;
    await expect(gateway(down).query("F1")).rejects.toBeInstanceOf(ChannelUnavailable);
    await expect(gateway(down).refund(refundRequest)).rejects.toBeInstanceOf(ChannelUnavailable);
    await expect(gateway(down).createPrepay(prepayRequest)).rejects.toBeInstanceOf(ChannelUnavailable);
  });

  it("a fetch that hangs past timeoutMs is aborted and is ChannelUnavailable", async () => {
    let aborted = false;
    const hanging = ((_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => {
          aborted = true;
          reject(init.signal?.reason as Error);
        });
      })) as typeof fetch;
    const started = Date.now();
    await expect(gateway(hanging, { timeoutMs: 50 }).query("F1")).rejects.toBeInstanceOf(ChannelUnavailable);
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("an answer signed by a platform certificate whose serial is not configured is not believed", async () => {
    const { fetchFn } = fakeFetch({ status: 200, body: { trade_state: "SUCCESS" } });
    const other = gateway(fetchFn, { platformKeys: new Map([["0123456789ABCDEF", platformPub]]) });
    await expect(other.query("F1")).rejects.toThrow(/signed by a platform certificate whose serial is not configured/);
  });
});

describe("JsapiChannel", () => {
  const keys: ChannelKeys = { appId: APP_ID, mchId: MCH_ID, merchantPrivateKey: merchantKey, platformKeys: new Map([[SANDBOX_PLATFORM_SERIAL, platformPub]]), apiV3Key: API_V3_KEY };

  const recordingGateway = () => {
    const calls: Array<[string, unknown]> = [];
    const g: ChannelGateway = {
      createPrepay: (request) => (calls.push(["createPrepay", request]), Promise.resolve("wx-prepay-1")),
      query: (no) => (calls.push(["query", no]), Promise.resolve({ state: "unpaid" as const })),
      close: (no) => (calls.push(["close", no]), Promise.resolve("closed" as const)),
      refund: (request) => (calls.push(["refund", request]), Promise.resolve("pending" as const)),
    };
    return { g, calls };
  };

  const channel = (name: ChannelName = "wechat") => new JsapiChannel(name, keys, recordingGateway().g);

  it("payParams signs appId\\ntimeStamp\\nnonceStr\\npackage\\n with our key, timeStamp being floor(now / 1000) as a string", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.stringMatching(/^wx[0-9a-f]{1,40}$/), async (nowMs, prepayId) => {
        const { payInfo } = await channel().payParams(prepayId, "F1", nowMs);
        expect(payInfo.appId).toBe(APP_ID);
        expect(payInfo.timeStamp).toBe(String(Math.floor(nowMs / 1000)));
        expect(payInfo.package).toBe(`prepay_id=${prepayId}`);
        expect(payInfo.signType).toBe("RSA");
        expect(payInfo.nonceStr).toMatch(/^[0-9a-f]{32}$/);
        expect(verifyPaySign(merchantPub, payInfo, payInfo.paySign)).toBe(true);
        expect(verifyPaySign(platformPub, payInfo, payInfo.paySign)).toBe(false);
      }),
      { numRuns: 25 },
    );
  });

  it("the wechat channel's order number is ours; the FY channel's is FY + ours", async () => {
    expect((await channel("wechat").payParams("wx1", "F20241126091605ABCDEF", NOW)).channelOrderNo).toBe("F20241126091605ABCDEF");
    expect((await channel("fy").payParams("wx1", "F20241126091605ABCDEF", NOW)).channelOrderNo).toBe("FYF20241126091605ABCDEF");
  });

  it("prepay hands the gateway our app and merchant ids; query, close and refund go to the gateway", async () => {
    const { g, calls } = recordingGateway();
    const c = new JsapiChannel("wechat", keys, g);
    const { appId: _a, mchId: _m, ...request } = prepayRequest;
    expect(await c.prepay(request)).toBe("wx-prepay-1");
    expect(await c.query("F1")).toEqual({ state: "unpaid" });
    await c.close("F1");
    expect(await c.refund(refundRequest)).toBe("pending");
    expect(calls).toEqual([
      ["createPrepay", { ...request, appId: APP_ID, mchId: MCH_ID }],
      ["query", "F1"],
      ["close", "F1"],
      ["refund", refundRequest],
    ]);
  });

  describe("verifyNotification", () => {
    const resource: PaymentNotificationResource = {
      out_trade_no: "F20241126091605ABCDEF",
      transaction_id: "4200000000000000000000000001",
      trade_state: "SUCCESS",
      success_time: "2024-11-26T09:20:00+08:00",
      appid: APP_ID,
      mchid: MCH_ID,
      amount: { total: Money.cents(9162), currency: "CNY" },
    };

    const asHeaders = (h: Readonly<Record<string, string>>): NotificationHeaders => ({
      timestamp: h["wechatpay-timestamp"],
      nonce: h["wechatpay-nonce"],
      signature: h["wechatpay-signature"],
      serial: h["wechatpay-serial"],
    });

    /** A notification as the platform sends it: encrypted with `v3Key`, signed by `signer` at `signedAtMs`. */
    const notification = (r: unknown = resource, opts: { signer?: KeyObject; signedAtMs?: number; v3Key?: string } = {}) => {
      const body = notificationBody(opts.v3Key ?? API_V3_KEY, r as PaymentNotificationResource, NOW);
      return { body, headers: asHeaders(signedHeaders(opts.signer ?? platformKey, body, opts.signedAtMs ?? NOW)) };
    };

    const resign = (body: string) => ({ body, headers: asHeaders(signedHeaders(platformKey, body, NOW)) });

    it("accepts a genuine notification and reads the payment from it", async () => {
      const n = notification();
      expect(await channel().verifyNotification(n.headers, n.body, NOW)).toEqual({
        ok: true,
        notification: {
          tradeState: "SUCCESS",
          mchntOrderNo: "F20241126091605ABCDEF",
          transactionId: "4200000000000000000000000001",
          amountCents: 9162,
          paidAt: new Date("2024-11-26T01:20:00Z"),
        },
      });
    });

    it("accepts a genuine notification without success_time, appid or mchid", async () => {
      const { success_time: _s, appid: _a, mchid: _m, ...bare } = resource;
      const n = notification({ ...bare, trade_state: "PAYERROR" });
      const verdict = await channel().verifyNotification(n.headers, n.body, NOW);
      expect(verdict).toMatchObject({ ok: true, notification: { tradeState: "PAYERROR", paidAt: undefined } });
    });

    it("refuses a flipped body byte: bad-signature", async () => {
      const n = notification();
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: n.body.length - 1 }), async (i) => {
          const body = n.body.slice(0, i) + String.fromCharCode(n.body.charCodeAt(i) ^ 1) + n.body.slice(i + 1);
          expect(await channel().verifyNotification(n.headers, body, NOW)).toEqual({ ok: false, reason: "bad-signature" });
        }),
        { numRuns: 25 },
      );
    });

    it("refuses a notification signed with another key: bad-signature", async () => {
      const n = notification(resource, { signer: merchantKey });
      expect(await channel().verifyNotification(n.headers, n.body, NOW)).toEqual({ ok: false, reason: "bad-signature" });
    });

    it("refuses a timestamp more than 5 minutes off, either way: stale-timestamp; accepts 299 s", async () => {
      for (const offset of [-301_000, 301_000]) {
        const n = notification(resource, { signedAtMs: NOW + offset });
        expect(await channel().verifyNotification(n.headers, n.body, NOW), String(offset)).toEqual({ ok: false, reason: "stale-timestamp" });
      }
      const fresh = notification(resource, { signedAtMs: NOW - 299_000 });
      expect((await channel().verifyNotification(fresh.headers, fresh.body, NOW)).ok).toBe(true);
    });

    it("refuses a tampered GCM tag under a valid signature: undecryptable", async () => {
      const genuine = JSON.parse(notification().body) as { resource: { ciphertext: string } };
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 0, max: 7 }), async (fromEnd, bit) => {
          const bytes = Buffer.from(genuine.resource.ciphertext, "base64");
          const at = bytes.length - fromEnd;
          bytes[at] = (bytes[at] ?? 0) ^ (1 << bit);
          const n = resign(JSON.stringify({ ...genuine, resource: { ...genuine.resource, ciphertext: bytes.toString("base64") } }));
          expect(await channel().verifyNotification(n.headers, n.body, NOW)).toEqual({ ok: false, reason: "undecryptable" });
        }),
        { numRuns: 25 },
      );
    });

    it("refuses a resource encrypted with another API v3 key: undecryptable", async () => {
      const n = notification(resource, { v3Key: "fedcba9876543210fedcba9876543210" });
      expect(await channel().verifyNotification(n.headers, n.body, NOW)).toEqual({ ok: false, reason: "undecryptable" });
    });

    it("refuses missing or malformed signature headers: malformed", async () => {
      const n = notification();
      for (const missing of ["timestamp", "nonce", "signature"] as const) {
        const headers = { ...n.headers, [missing]: undefined };
        expect(await channel().verifyNotification(headers, n.body, NOW), missing).toEqual({ ok: false, reason: "malformed" });
      }
      expect(await channel().verifyNotification({ ...n.headers, timestamp: "soon" }, n.body, NOW)).toEqual({ ok: false, reason: "malformed" });
    });

    it("refuses a signed body that is not a notification: malformed", async () => {
      for (const body of ["", "not json", "{}", JSON.stringify({ id: "x", resource: {} })]) {
        const n = resign(body);
        expect(await channel().verifyNotification(n.headers, n.body, NOW), body).toEqual({ ok: false, reason: "malformed" });
      }
    });

    it("refuses a resource that decrypts to something other than a payment: malformed", async () => {
      const n = notification({ hello: "world" });
      expect(await channel().verifyNotification(n.headers, n.body, NOW)).toEqual({ ok: false, reason: "malformed" });
    });

    it("refuses a notification naming another merchant or app: malformed", async () => {
      for (const other of [{ mchid: "1900000999" }, { appid: "wx0000000000000000" }]) {
        const n = notification({ ...resource, ...other });
        expect(await channel().verifyNotification(n.headers, n.body, NOW), JSON.stringify(other)).toEqual({ ok: false, reason: "malformed" });
      }
    });
  });
});
