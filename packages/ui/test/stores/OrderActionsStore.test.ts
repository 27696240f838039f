import { FakePaymentBridge } from "@fuel/adapters/testing";
import { Constants } from "@fuel/domain";
import { exampleOrder, examples, type PaymentResultResponse } from "@fuel/domain/api";
import { Effect } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFIRM_ATTEMPTS, CONFIRM_INTERVAL_MS } from "../../src/stores/checkout/confirmPolicy.ts";
import { orderActionsStore } from "../../src/stores/orders/OrderActionsStore.ts";
import { testRoot } from "../support/render.tsx";

const UNPAID: PaymentResultResponse = { order_status: 1, paid: false };
const PAID: PaymentResultResponse = { order_status: 2, paid: true };

afterEach(() => {
  vi.useRealTimers();
});

/**
 * 'Pay' on an unpaid order (the list, its detail): the same pay-and-confirm as a checkout, with the
 * same policy (checkout/confirmPolicy.ts), so both wait as long for the server's word.
 */
describe("OrderActionsStore.pay: paying an unpaid order again", () => {
  it("asks the server as often and as long as a checkout does, then says 'confirming' rather than failing", async () => {
    vi.useFakeTimers();
    const root = testRoot({ ports: { payment: new FakePaymentBridge("ok") } });
    root.ports.api.on("paymentQueryResult", UNPAID);
    const paying = root.use(orderActionsStore).pay(exampleOrder, "detail");
    await vi.advanceTimersByTimeAsync(CONFIRM_ATTEMPTS * CONFIRM_INTERVAL_MS);
    expect(await paying).toBe("pending");
    expect(root.ports.api.callsTo("paymentQueryResult")).toHaveLength(CONFIRM_ATTEMPTS);
    expect(root.notices.latest?.kind).toBe("info");
  });

  it("ends paid when the server confirms, and a JSAPI payment from the detail leads to the order list (spec §4)", async () => {
    vi.useFakeTimers();
    const root = testRoot({ ports: { payment: new FakePaymentBridge("ok") } });
    root.ports.api.on("paymentQueryResult", () => Effect.succeed(root.ports.api.callsTo("paymentQueryResult").length >= 2 ? PAID : UNPAID));
    const paying = root.use(orderActionsStore).pay(exampleOrder, "detail");
    await vi.advanceTimersByTimeAsync(CONFIRM_INTERVAL_MS);
    expect(await paying).toBe("paid");
    expect(root.notices.latest?.kind).toBe("success");
    expect(root.navigation.pending?.to).toBe("/orderlist?tab=all");
  });

  it("a closed sheet is 'cancelled', with no question to the server", async () => {
    const root = testRoot({ ports: { payment: new FakePaymentBridge("cancel") } });
    expect(await root.use(orderActionsStore).pay(exampleOrder, "list")).toBe("cancelled");
    expect(root.ports.api.callsTo("paymentQueryResult")).toHaveLength(0);
  });

  it("without the messaging app's identity: the message, then its sign-in after 2 s (once, however often tapped)", async () => {
    vi.useFakeTimers();
    const root = testRoot({ ports: { payment: new FakePaymentBridge("ok") } });
    root.ports.api.on("userInfo", { ...examples.userInfo.response, oauth_id: null });
    expect(await root.use(orderActionsStore).pay(exampleOrder, "list")).toBe("failed");
    expect(root.notices.latest?.kind).toBe("fail");
    expect(await root.use(orderActionsStore).pay(exampleOrder, "list")).toBe("failed");
    await vi.advanceTimersByTimeAsync(Constants.PAYMENT_AUTH_REDIRECT_DELAY_MS - 1);
    expect(root.navigation.pending).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(root.navigation.pending).toMatchObject({ to: "/wechatlogin", id: 1 });
  });
});
