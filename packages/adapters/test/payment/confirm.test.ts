import { examplePayInfo, type PaymentResultResponse } from "@fuel/domain/api";
import { Effect } from "effect";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gatewaysOver } from "../../src/http/gateways.ts";
import { payAndConfirm, type PaymentConclusion } from "../../src/payment/confirm.ts";
import { ServerFailed, type ApiError } from "../../src/ports/errors.ts";
import { PaymentFailed, PaymentUnavailable, type PayRequest } from "../../src/ports/PaymentBridge.ts";
import { FakePaymentBridge } from "../../src/testing/fakes.ts";
import { ScriptedApi } from "../../src/testing/ScriptedApi.ts";
import { failureOf } from "../support/failures.ts";

const request: PayRequest = { orderId: 5001, payInfo: examplePayInfo, amountCents: 9162, oauthId: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M" };

const UNPAID: PaymentResultResponse = { order_status: 1, paid: false };
const PAID: PaymentResultResponse = { order_status: 2, paid: true };

/** A ScriptedApi whose payment result is unpaid until the `paidOnAsk`-th ask (never when undefined). */
const resultPaidOnAsk = (paidOnAsk: number | undefined) => {
  const api = new ScriptedApi();
  api.on("paymentQueryResult", () => Effect.succeed(paidOnAsk !== undefined && api.callsTo("paymentQueryResult").length >= paidOnAsk ? PAID : UNPAID));
  return { api, payments: gatewaysOver(api).payments, asks: () => api.callsTo("paymentQueryResult").length };
};

afterEach(() => {
  vi.useRealTimers();
});

describe("payAndConfirm", () => {
  it("'ok' then paid on the first ask is {kind: paid} with the server's result", async () => {
    const { payments, asks } = resultPaidOnAsk(1);
    const conclusion = await Effect.runPromise(payAndConfirm(new FakePaymentBridge("ok"), payments, request, { intervalMs: 1 }));
    expect(conclusion).toEqual<PaymentConclusion>({ kind: "paid", result: PAID });
    expect(asks()).toBe(1);
  });

  it("asks about the order being paid", async () => {
    const { api, payments } = resultPaidOnAsk(1);
    await Effect.runPromise(payAndConfirm(new FakePaymentBridge("ok"), payments, { ...request, orderId: 4242 }, { intervalMs: 1 }));
    expect(api.callsTo("paymentQueryResult").map((c) => c.input)).toEqual([{ order_id: 4242 }]);
  });

  it("paid only on the third ask is paid after exactly 3 asks", async () => {
    const { payments, asks } = resultPaidOnAsk(3);
    const conclusion = await Effect.runPromise(payAndConfirm(new FakePaymentBridge("ok"), payments, request, { intervalMs: 1, attempts: 5 }));
    expect(conclusion.kind).toBe("paid");
    expect(asks()).toBe(3);
  });

  it("never paid within the attempts is {kind: pending} after exactly `attempts` asks", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), async (attempts) => {
        const { payments, asks } = resultPaidOnAsk(undefined);
        const conclusion = await Effect.runPromise(payAndConfirm(new FakePaymentBridge("ok"), payments, request, { intervalMs: 1, attempts }));
        expect(conclusion).toEqual<PaymentConclusion>({ kind: "pending", result: UNPAID });
        expect(asks()).toBe(attempts);
      }),
      { numRuns: 12 },
    );
  });

  it("paid on any ask within the attempts is paid, after exactly that many asks", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }).chain((attempts) => fc.tuple(fc.constant(attempts), fc.integer({ min: 1, max: attempts }))), async ([attempts, paidOn]) => {
        const { payments, asks } = resultPaidOnAsk(paidOn);
        const conclusion = await Effect.runPromise(payAndConfirm(new FakePaymentBridge("ok"), payments, request, { intervalMs: 1, attempts }));
        expect(conclusion.kind).toBe("paid");
        expect(asks()).toBe(paidOn);
      }),
      { numRuns: 12 },
    );
  });

  it("asks 5 times by default", async () => {
    const { payments, asks } = resultPaidOnAsk(undefined);
    const conclusion = await Effect.runPromise(payAndConfirm(new FakePaymentBridge("ok"), payments, request, { intervalMs: 1 }));
    expect(conclusion.kind).toBe("pending");
    expect(asks()).toBe(5);
  });

  it("asks at least once, whatever attempts says", async () => {
    for (const attempts of [0, -3]) {
      const { payments, asks } = resultPaidOnAsk(undefined);
      await Effect.runPromise(payAndConfirm(new FakePaymentBridge("ok"), payments, request, { intervalMs: 1, attempts }));
      expect(asks()).toBe(1);
    }
  });

  it("waits intervalMs between asks (1 s by default)", async () => {
    vi.useFakeTimers();
    const { payments, asks } = resultPaidOnAsk(undefined);
    const concluding = Effect.runPromise(payAndConfirm(new FakePaymentBridge("ok"), payments, request, { attempts: 3 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(asks()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(asks()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asks()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asks()).toBe(3);
    expect((await concluding).kind).toBe("pending");
  });

  it("'cancel' is {kind: cancelled} and the result is never asked", async () => {
    const { payments, asks } = resultPaidOnAsk(1);
    const conclusion = await Effect.runPromise(payAndConfirm(new FakePaymentBridge("cancel"), payments, request, { intervalMs: 1 }));
    expect(conclusion).toEqual<PaymentConclusion>({ kind: "cancelled" });
    expect(asks()).toBe(0);
  });

  it("the bridge failing is that PaymentFailed error, and the result is never asked", async () => {
    const failed = new PaymentFailed({ message: "insufficient balance" });
    const { payments, asks } = resultPaidOnAsk(1);
    const error = await failureOf(payAndConfirm(new FakePaymentBridge(failed), payments, request, { intervalMs: 1 }));
    expect(error).toBe(failed);
    expect(asks()).toBe(0);
  });

  it("the bridge being unavailable is that PaymentUnavailable error", async () => {
    const unavailable = new PaymentUnavailable({ reason: "outsideMessagingApp" });
    const { payments } = resultPaidOnAsk(1);
    expect(await failureOf(payAndConfirm(new FakePaymentBridge(unavailable), payments, request, { intervalMs: 1 }))).toBe(unavailable);
  });

  it("no oauth id is OauthRequired and the result is never asked", async () => {
    const { payments, asks } = resultPaidOnAsk(1);
    const error = await failureOf(payAndConfirm(new FakePaymentBridge("ok"), payments, { ...request, oauthId: null }, { intervalMs: 1 }));
    expect(error._tag).toBe("OauthRequired");
    expect(asks()).toBe(0);
  });

  it("the result failing with an ApiError is that error", async () => {
    const refused: ApiError = new ServerFailed({ message: "server error", status: 500 });
    const api = new ScriptedApi().fail("paymentQueryResult", refused);
    const error = await failureOf(payAndConfirm(new FakePaymentBridge("ok"), gatewaysOver(api).payments, request, { intervalMs: 1 }));
    expect(error).toBe(refused);
    expect(api.callsTo("paymentQueryResult")).toHaveLength(1);
  });

  it("works with any object offering `result`", async () => {
    const result = vi.fn((orderId: number) => Effect.succeed<PaymentResultResponse>(orderId === 5001 ? PAID : UNPAID));
    const conclusion = await Effect.runPromise(payAndConfirm(new FakePaymentBridge("ok"), { result }, request, { intervalMs: 1 }));
    expect(conclusion.kind).toBe("paid");
    expect(result).toHaveBeenCalledWith(5001);
  });

  it("says when it starts waiting for the server: after the sheet's 'ok', before the first ask, once", async () => {
    const { payments, asks } = resultPaidOnAsk(3);
    const seen: number[] = [];
    await Effect.runPromise(payAndConfirm(new FakePaymentBridge("ok"), payments, request, { intervalMs: 1, onConfirming: () => seen.push(asks()) }));
    expect(seen).toEqual([0]);
  });

  it("does not say it is confirming when the customer closed the sheet", async () => {
    const { payments } = resultPaidOnAsk(1);
    const onConfirming = vi.fn();
    await Effect.runPromise(payAndConfirm(new FakePaymentBridge("cancel"), payments, request, { intervalMs: 1, onConfirming }));
    expect(onConfirming).not.toHaveBeenCalled();
  });
});
