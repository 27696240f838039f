import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, payments } from "../../src/db/schema.ts";
import { paymentProvidersFor, type SandboxChannel } from "../../src/payments/channels.ts";
import {
  ChannelUnavailable,
  type ChannelName,
  type ChannelPaymentState,
  type NotificationHeaders,
  type NotificationVerdict,
  type PaymentChannel,
  type PaymentRequest,
  type PayParams,
  type RefundOutcome,
  type RefundRequest,
} from "../../src/payments/PaymentChannel.ts";
import { sandboxKeyMaterial } from "../../src/payments/sandbox/keys.ts";
import { verifyPaySign } from "../../src/payments/wechat/crypto.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectError, expectSuccess } from "../identity/support.ts";
import { call, createOrder, customer, dieselStation, draftFor, payInSandbox, seedCatalogue, type Customer } from "../orders/support.ts";

/**
 * POST /api/payment/query, /api/paymentfy/query (the pay sheet again, for an unpaid order only,
 * through its own channel) and /api/payment/query_result (the settled state; asks the channel
 * when no notification came).
 */

/**
 * The real sandbox channel, except that its `query` can be switched off (the channel's servers
 * unreachable). The app is booted with these, so the switch is flipped per test; the real channel
 * is wired in once the app (and its database) exists.
 */
class SwitchableChannel implements PaymentChannel {
  inner: PaymentChannel | undefined;
  queryDown = false;

  constructor(readonly name: ChannelName) {}

  private get real(): PaymentChannel {
    if (this.inner === undefined) throw new Error("the real channel is not wired yet");
    return this.inner;
  }

  prepay(request: PaymentRequest): Promise<string> {
    return this.real.prepay(request);
  }
  payParams(prepayId: string, mchntOrderNo: string, nowMs: number): Promise<PayParams> {
    return this.real.payParams(prepayId, mchntOrderNo, nowMs);
  }
  query(mchntOrderNo: string): Promise<ChannelPaymentState> {
    if (this.queryDown) return Promise.reject(new ChannelUnavailable("connect ETIMEDOUT (test: channel switched off)"));
    return this.real.query(mchntOrderNo);
  }
  close(mchntOrderNo: string): Promise<"closed" | "paid"> {
    return this.real.close(mchntOrderNo);
  }
  refund(request: RefundRequest): Promise<RefundOutcome> {
    return this.real.refund(request);
  }
  verifyNotification(headers: NotificationHeaders, rawBody: string, nowMs: number): Promise<NotificationVerdict> {
    return this.real.verifyNotification(headers, rawBody, nowMs);
  }
}

const switchable = { wechat: new SwitchableChannel("wechat"), fy: new SwitchableChannel("fy") };
const sandbox: Partial<Record<ChannelName, SandboxChannel>> = {};

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp({ providers: { payments: { channels: switchable, sandbox } } });
  const real = paymentProvidersFor(booted.config, booted.db, booted.clock);
  switchable.wechat.inner = real.channels.wechat;
  switchable.fy.inner = real.channels.fy;
  Object.assign(sandbox, real.sandbox);
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  switchable.wechat.queryDown = false;
  switchable.fy.queryDown = false;
  await seedCatalogue(booted);
});

const orderRow = async (id: number) => {
  const [row] = await booted.db.select().from(orders).where(eq(orders.id, id));
  if (row === undefined) throw new Error(`no order ${id}`);
  return row;
};

const paymentsOf = (orderId: number) => booted.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));

interface PayInfo {
  readonly appId: string;
  readonly timeStamp: string;
  readonly nonceStr: string;
  readonly package: string;
  readonly signType: string;
  readonly paySign: string;
}

const paySignVerifies = (p: PayInfo): boolean =>
  verifyPaySign(sandboxKeyMaterial().merchantPublicKey, { appId: p.appId, timeStamp: p.timeStamp, nonceStr: p.nonceStr, package: p.package }, p.paySign);

const newOrder = async (who: Customer, paytype: "wechat" | "fy" = "wechat", amount = "10040") => {
  const station = await dieselStation(booted);
  return createOrder(booted, who, draftFor(station.id, { paytype, order_amount: amount }));
};

const queryResult = (who: Customer, orderId: number) => call(booted, who, "/api/payment/query_result", { order_id: orderId });

describe("POST /api/payment/query", () => {
  it("gives an unpaid order's pay sheet again: the same merchant order and prepay id, freshly and validly signed", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    const again = expectSuccess<{ payInfo: PayInfo; merchOrderNo: string }>(await call(booted, me, "/api/payment/query", { order_id: created.order_id }));
    const row = await orderRow(created.order_id);
    expect(again.merchOrderNo).toBe(row.mchntOrderNo);
    expect(again.merchOrderNo).toBe(created.merchOrderNo);
    expect(again.payInfo.package).toBe(created.payInfo?.["package"]);
    expect(again.payInfo.package).toBe(`prepay_id=${row.prepayId}`);
    expect(again.payInfo.signType).toBe("RSA");
    expect(Math.abs(Number(again.payInfo.timeStamp) - Math.floor(booted.clock.now() / 1000))).toBeLessThanOrEqual(2);
    expect(again.payInfo.nonceStr).not.toBe(created.payInfo?.["nonceStr"]);
    expect(paySignVerifies(again.payInfo)).toBe(true);
    expect(paySignVerifies({ ...again.payInfo, package: `${again.payInfo.package}x` })).toBe(false);
  });

  it("refuses a paid order (409)", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    expectSuccess(await payInSandbox(booted, created.order_id));
    expectError(await call(booted, me, "/api/payment/query", { order_id: created.order_id }), 409, "this order can no longer be paid");
  });

  it("refuses a cancelled order (409)", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    expectSuccess(await call(booted, me, "/api/order/cancel", { order_id: created.order_id }));
    expectError(await call(booted, me, "/api/payment/query", { order_id: created.order_id }), 409, "this order can no longer be paid");
  });

  it("refuses an order whose pay window has closed (409) and cancels it", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    booted.clock.advance(15 * 60 + 1);
    expectError(await call(booted, me, "/api/payment/query", { order_id: created.order_id }), 409, "this order can no longer be paid");
    expect((await orderRow(created.order_id)).status).toBe(9);
  });

  it("still answers one second before the pay window closes", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    const row = await orderRow(created.order_id);
    booted.clock.advance((row.payDeadline.getTime() - booted.clock.now()) / 1000 - 1);
    expectSuccess(await call(booted, me, "/api/payment/query", { order_id: created.order_id }));
  });

  it("refuses an FY order (409): it is paid through the other channel", async () => {
    const me = await customer(booted);
    const created = await newOrder(me, "fy");
    expectError(await call(booted, me, "/api/payment/query", { order_id: created.order_id }), 409, "this order is paid through the other payment channel");
  });

  it("answers 404 for another customer's order", async () => {
    const owner = await customer(booted);
    const other = await customer(booted);
    const created = await newOrder(owner);
    expectError(await call(booted, other, "/api/payment/query", { order_id: created.order_id }), 404, "order not found");
  });
});

describe("POST /api/paymentfy/query", () => {
  it("gives an unpaid FY order's pay sheet again: result_code 000000, the same FY order number and prepay id", async () => {
    const me = await customer(booted);
    const created = await newOrder(me, "fy");
    const again = expectSuccess<{ result_code: string; reserved_pay_info: PayInfo; reserved_fy_order_no: string; order_id: number }>(
      await call(booted, me, "/api/paymentfy/query", { order_id: created.order_id }),
    );
    const row = await orderRow(created.order_id);
    expect(again.result_code).toBe("000000");
    expect(again.order_id).toBe(created.order_id);
    expect(again.reserved_fy_order_no).toBe(`FY${row.mchntOrderNo}`);
    expect(again.reserved_fy_order_no).toBe(created.reserved_fy_order_no);
    expect(again.reserved_pay_info.package).toBe(created.reserved_pay_info?.["package"]);
    expect(paySignVerifies(again.reserved_pay_info)).toBe(true);
  });

  it("refuses a wechat order (409): it is paid through the other channel", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    expectError(await call(booted, me, "/api/paymentfy/query", { order_id: created.order_id }), 409, "this order is paid through the other payment channel");
  });

  it("refuses a paid FY order (409)", async () => {
    const me = await customer(booted);
    const created = await newOrder(me, "fy");
    expectSuccess(await payInSandbox(booted, created.order_id));
    expectError(await call(booted, me, "/api/paymentfy/query", { order_id: created.order_id }), 409, "this order can no longer be paid");
  });

  it("answers 404 for another customer's order", async () => {
    const owner = await customer(booted);
    const other = await customer(booted);
    const created = await newOrder(owner, "fy");
    expectError(await call(booted, other, "/api/paymentfy/query", { order_id: created.order_id }), 404, "order not found");
  });
});

describe("POST /api/payment/query_result", () => {
  it("an unpaid order: {order_status 1, paid false}", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 1, paid: false });
  });

  it("a notified payment: {order_status 2, paid true}", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    expectSuccess(await payInSandbox(booted, created.order_id));
    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 2, paid: true });
  });

  it("asks the channel when the notification never came, and applies the payment exactly once", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    expectSuccess(await payInSandbox(booted, created.order_id, "ok", false));
    expect((await orderRow(created.order_id)).status).toBe(1);

    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 2, paid: true });
    expect(await paymentsOf(created.order_id)).toHaveLength(1);
    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 2, paid: true });
    expect(await paymentsOf(created.order_id)).toHaveLength(1);
  });

  it("asks the FY channel for an FY order", async () => {
    const me = await customer(booted);
    const created = await newOrder(me, "fy");
    expectSuccess(await payInSandbox(booted, created.order_id, "ok", false));
    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 2, paid: true });
    expect(await paymentsOf(created.order_id)).toEqual([expect.objectContaining({ channel: "fy", refundRequired: false })]);
  });

  it("a payment made in time but never notified keeps the order after the pay window closed: paid, not cancelled", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    expectSuccess(await payInSandbox(booted, created.order_id, "ok", false));
    booted.clock.advance(16 * 60);
    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 2, paid: true });
    expect(await paymentsOf(created.order_id)).toEqual([expect.objectContaining({ refundRequired: false })]);
  });

  it("a customer who never paid and whose window closed: {order_status 9, paid false}", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    booted.clock.advance(16 * 60);
    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 9, paid: false });
    expect(await paymentsOf(created.order_id)).toHaveLength(0);
  });

  it("a failed attempt at the channel: still {order_status 1, paid false}", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    expectSuccess(await payInSandbox(booted, created.order_id, "fail", false));
    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 1, paid: false });
  });

  it("when the channel is unavailable, answers the stored state (no 500), and applies the payment once it is back", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    expectSuccess(await payInSandbox(booted, created.order_id, "ok", false));
    switchable.wechat.queryDown = true;
    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 1, paid: false });
    expect(await paymentsOf(created.order_id)).toHaveLength(0);

    switchable.wechat.queryDown = false;
    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 2, paid: true });
  });

  it("when the channel is unavailable after the window closed, answers the order as time has settled it", async () => {
    const me = await customer(booted);
    const created = await newOrder(me);
    switchable.wechat.queryDown = true;
    booted.clock.advance(16 * 60);
    expect(expectSuccess(await queryResult(me, created.order_id))).toEqual({ order_status: 9, paid: false });
  });

  it("answers 404 for another customer's order", async () => {
    const owner = await customer(booted);
    const other = await customer(booted);
    const created = await newOrder(owner);
    expectSuccess(await payInSandbox(booted, created.order_id, "ok", false));
    expectError(await queryResult(other, created.order_id), 404, "order not found");
    // Asking about someone else's order does not settle it either.
    expect(await paymentsOf(created.order_id)).toHaveLength(0);
  });
});
