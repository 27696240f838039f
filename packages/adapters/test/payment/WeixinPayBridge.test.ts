import { Messages, Validation } from "@fuel/domain";
import { Api, examplePayInfo, examples, RechargeOrderCreated, type PayInfo } from "@fuel/domain/api";
import { Cause, Effect, Exit, Option, Schema } from "effect";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { payInfoOf } from "../../src/payment/payInfo.ts";
import { BRIDGE_READY_TIMEOUT_MS, WeixinPayBridge, type BridgeHost, type WeixinJSBridge } from "../../src/payment/WeixinPayBridge.ts";
import { PaymentFailed, PaymentUnavailable, type PayOutcome, type PayRequest } from "../../src/ports/PaymentBridge.ts";
import { failureOf } from "../support/failures.ts";

type Answer = { readonly err_msg?: string; readonly err_desc?: string };
type Invoke = WeixinJSBridge["invoke"];

/** A fake JS bridge answering every pay sheet with `answer`. */
const bridgeAnswering = (answer: Answer) => {
  const invoke = vi.fn<Invoke>((_method, _params, callback) => callback(answer));
  return { bridge: { invoke } satisfies WeixinJSBridge, invoke };
};

/** The page: the bridge (maybe not there yet) and a document that is an EventTarget. */
const hostWith = (bridge: WeixinJSBridge | undefined) => {
  const host: { WeixinJSBridge: WeixinJSBridge | undefined; document: EventTarget } = { WeixinJSBridge: bridge, document: new EventTarget() };
  return host as typeof host & BridgeHost;
};

const request = (overrides: Partial<PayRequest> = {}): PayRequest => ({
  orderId: 5001,
  payInfo: examplePayInfo,
  amountCents: 9162,
  oauthId: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
  ...overrides,
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe("WeixinPayBridge", () => {
  it("invokes 'getBrandWCPayRequest' with exactly the six params from payInfo", async () => {
    const { bridge, invoke } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:ok" });
    await Effect.runPromise(new WeixinPayBridge(hostWith(bridge)).pay(request()));
    expect(invoke).toHaveBeenCalledTimes(1);
    const [method, params] = invoke.mock.calls[0] ?? [];
    expect(method).toBe("getBrandWCPayRequest");
    expect(params).toStrictEqual({
      appId: examplePayInfo.appId,
      timeStamp: examplePayInfo.timeStamp,
      nonceStr: examplePayInfo.nonceStr,
      package: examplePayInfo.package,
      signType: "RSA",
      paySign: examplePayInfo.paySign,
    });
  });

  it("signType defaults to RSA when payInfo has none", async () => {
    const { signType: _omitted, ...unsigned } = examplePayInfo;
    const { bridge, invoke } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:ok" });
    await Effect.runPromise(new WeixinPayBridge(hostWith(bridge)).pay(request({ payInfo: unsigned })));
    expect(invoke.mock.calls[0]?.[1].signType).toBe("RSA");
  });

  it("payInfo's own signType is passed through", async () => {
    const { bridge, invoke } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:ok" });
    await Effect.runPromise(new WeixinPayBridge(hostWith(bridge)).pay(request({ payInfo: { ...examplePayInfo, signType: "HMAC-SHA256" } })));
    expect(invoke.mock.calls[0]?.[1].signType).toBe("HMAC-SHA256");
  });

  it("fields beyond the six are never sent to the bridge", async () => {
    const extra = { ...examplePayInfo, merchOrderNo: "FO1", secret: "x" } as PayInfo;
    const { bridge, invoke } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:ok" });
    await Effect.runPromise(new WeixinPayBridge(hostWith(bridge)).pay(request({ payInfo: extra })));
    expect(Object.keys(invoke.mock.calls[0]?.[1] ?? {}).sort()).toEqual(["appId", "nonceStr", "package", "paySign", "signType", "timeStamp"]);
  });

  it("err_msg 'get_brand_wcpay_request:ok' is \"ok\"", async () => {
    const { bridge } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:ok" });
    expect(await Effect.runPromise(new WeixinPayBridge(hostWith(bridge)).pay(request()))).toBe<PayOutcome>("ok");
  });

  it("err_msg 'get_brand_wcpay_request:cancel' is \"cancel\"", async () => {
    const { bridge } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:cancel" });
    expect(await Effect.runPromise(new WeixinPayBridge(hostWith(bridge)).pay(request()))).toBe<PayOutcome>("cancel");
  });

  it("err_msg 'get_brand_wcpay_request:fail' is PaymentFailed with err_desc", async () => {
    const { bridge } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:fail", err_desc: "insufficient balance" });
    const error = await failureOf(new WeixinPayBridge(hostWith(bridge)).pay(request()));
    expect(error).toBeInstanceOf(PaymentFailed);
    expect(error.message).toBe("insufficient balance");
  });

  it.each([{}, { err_desc: "" }])("a failure without words of the sheet (%o) is PaymentFailed with no text of ours: the UI words it (issue 25)", async (desc) => {
    const { bridge } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:fail", ...desc });
    const error = await failureOf(new WeixinPayBridge(hostWith(bridge)).pay(request()));
    expect(error._tag).toBe("PaymentFailed");
    expect(error.message).toBe("");
  });

  it("any answer other than :ok or :cancel is PaymentFailed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(fc.string(), { nil: undefined }).filter((m) => m?.split(":").pop() !== "ok" && m?.split(":").pop() !== "cancel"), async (errMsg) => {
        const { bridge } = bridgeAnswering(errMsg === undefined ? {} : { err_msg: errMsg });
        const error = await failureOf(new WeixinPayBridge(hostWith(bridge)).pay(request()));
        expect(error._tag).toBe("PaymentFailed");
      }),
      { numRuns: 50 },
    );
  });

  it("a bridge that answers later (asynchronously) is awaited", async () => {
    const invoke = vi.fn<Invoke>((_m, _p, callback) => void setTimeout(() => callback({ err_msg: "get_brand_wcpay_request:ok" }), 5));
    expect(await Effect.runPromise(new WeixinPayBridge(hostWith({ invoke })).pay(request()))).toBe("ok");
  });

  it("when the bridge is not there yet, the WeixinJSBridgeReady event arriving later lets the payment proceed", async () => {
    const host = hostWith(undefined);
    const paying = Effect.runPromise(new WeixinPayBridge(host, 1_000).pay(request()));
    await tick();
    const { bridge, invoke } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:ok" });
    host.WeixinJSBridge = bridge;
    host.document.dispatchEvent(new Event("WeixinJSBridgeReady"));
    expect(await paying).toBe("ok");
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it("the ready event without a bridge is PaymentUnavailable", async () => {
    const host = hostWith(undefined);
    const paying = Effect.runPromiseExit(new WeixinPayBridge(host, 1_000).pay(request()));
    await tick();
    host.document.dispatchEvent(new Event("WeixinJSBridgeReady"));
    const exit = await paying;
    expect(Exit.isFailure(exit) && Option.getOrUndefined(Cause.findErrorOption(exit.cause))).toBeInstanceOf(PaymentUnavailable);
  });

  it("a bridge that never becomes ready is PaymentUnavailable after readyTimeoutMs", async () => {
    const started = Date.now();
    const error = await failureOf(new WeixinPayBridge(hostWith(undefined), 30).pay(request()));
    expect(error).toEqual(new PaymentUnavailable({ reason: "outsideMessagingApp" }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("by default waits BRIDGE_READY_TIMEOUT_MS for the bridge, not less", async () => {
    vi.useFakeTimers();
    let settled = false;
    const paying = Effect.runPromiseExit(new WeixinPayBridge(hostWith(undefined)).pay(request())).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(BRIDGE_READY_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const exit = await paying;
    expect(Exit.isFailure(exit) && Option.getOrUndefined(Cause.findErrorOption(exit.cause))).toBeInstanceOf(PaymentUnavailable);
  });

  it("a ready event after the timeout invokes nothing", async () => {
    const host = hostWith(undefined);
    await failureOf(new WeixinPayBridge(host, 10).pay(request()));
    const { bridge, invoke } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:ok" });
    host.WeixinJSBridge = bridge;
    host.document.dispatchEvent(new Event("WeixinJSBridgeReady"));
    await tick();
    expect(invoke).not.toHaveBeenCalled();
  });

  it("without an oauth id (null, undefined, blank) it is OauthRequired: 'authorize via messaging app first', and the bridge is never invoked", async () => {
    for (const oauthId of [null, undefined, "", "  "]) {
      const { bridge, invoke } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:ok" });
      const error = await failureOf(new WeixinPayBridge(hostWith(bridge)).pay(request({ oauthId })));
      expect(error).toBeInstanceOf(Validation.OauthRequired);
      expect(Messages.describe(error)).toBe("authorize via messaging app first");
      expect(invoke).not.toHaveBeenCalled();
    }
  });

  it("any whitespace-only oauth id is OauthRequired", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\u3000"), maxLength: 8 }), async (oauthId) => {
        const { bridge, invoke } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:ok" });
        const error = await failureOf(new WeixinPayBridge(hostWith(bridge)).pay(request({ oauthId })));
        expect(error._tag).toBe("OauthRequired");
        expect(invoke).not.toHaveBeenCalled();
      }),
      { numRuns: 30 },
    );
  });

  it("without an oauth id it does not even wait for the bridge", async () => {
    const host = hostWith(undefined);
    const started = Date.now();
    const error = await failureOf(new WeixinPayBridge(host, 5_000).pay(request({ oauthId: null })));
    expect(error._tag).toBe("OauthRequired");
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe("payInfoOf", () => {
  it("picks payInfo from a respCode '00' answer", () => {
    const answer = Schema.decodeUnknownSync(Api.orderCreate.response)(examples.orderCreate.response);
    if (!("payInfo" in answer)) throw new Error("the orderCreate example is not a respCode '00' answer");
    expect(answer.respCode).toBe("00");
    expect(payInfoOf(answer)).toBe(answer.payInfo);
    expect(payInfoOf(answer)).toEqual(examplePayInfo);
  });

  it("picks payInfo from a payment query answer", () => {
    const answer = Schema.decodeUnknownSync(Api.paymentQuery.response)(examples.paymentQuery.response);
    expect(payInfoOf(answer)).toEqual(examples.paymentQuery.response.payInfo);
  });

  it("picks reserved_pay_info from an FY answer", () => {
    const created = Schema.decodeUnknownSync(RechargeOrderCreated)(examples.rechargeOrderCreate.response);
    expect(payInfoOf(created)).toBe(created.reserved_pay_info);
    expect(payInfoOf(created)).toEqual(created.reserved_pay_info);
    const queried = Schema.decodeUnknownSync(Api.paymentFyQuery.response)(examples.paymentFyQuery.response);
    expect(payInfoOf(queried)).toEqual(examples.paymentFyQuery.response.reserved_pay_info);
  });

  it("the FY pay info opens the same sheet with the same six params", async () => {
    const fy = Schema.decodeUnknownSync(Api.paymentFyQuery.response)(examples.paymentFyQuery.response);
    const { bridge, invoke } = bridgeAnswering({ err_msg: "get_brand_wcpay_request:ok" });
    await Effect.runPromise(new WeixinPayBridge(hostWith(bridge)).pay(request({ payInfo: payInfoOf(fy) })));
    expect(invoke.mock.calls[0]?.[1]).toStrictEqual({
      appId: fy.reserved_pay_info.appId,
      timeStamp: fy.reserved_pay_info.timeStamp,
      nonceStr: fy.reserved_pay_info.nonceStr,
      package: fy.reserved_pay_info.package,
      signType: fy.reserved_pay_info.signType ?? "RSA",
      paySign: fy.reserved_pay_info.paySign,
    });
  });
});
