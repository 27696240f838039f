import { Constants, Pricing } from "@fuel/domain";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments, qrCodes, sandboxChannelOrders } from "../../src/db/schema.ts";
import { paymentProvidersFor, type PaymentProviders, type SandboxChannel } from "../../src/payments/channels.ts";
import type { ChannelName, PaymentChannel, RefundOutcome, RefundRequest } from "../../src/payments/PaymentChannel.ts";
import { refundOrder } from "../../src/payments/refunds.ts";
import { DEMO_SITE_SETTINGS } from "../../src/seed/demoStations.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp, paidFuelOrder, type PaidFuelOrder } from "../helpers/moneyApp.ts";
import { expectError, expectSuccess, post } from "../identity/support.ts";
import { call, createOrder, customer, detail, dieselStation, draftFor, payInSandbox, seedCatalogue, type Customer } from "./support.ts";

/**
 * `POST /api/order/refund {order_id, reason}` (issue 4): a paid, unused fuel order within its 48-hour
 * QR validity is refunded in full through the payment channel, by a fixed rule; the order becomes
 * voided (7) with refund_status 3. Anything else is refused and changes nothing. A refund the
 * channel refuses stays requested (1) and is completed by asking again.
 */

const SYSTEM_NOW = Date.parse("2024-11-26T02:00:00Z");
const QR_48H = Constants.FUEL_QR_VALIDITY_MS / 1000;

const NOT_ALLOWED = "only a paid, unused and unexpired fuel order can be refunded";
const ALREADY = "a refund was already requested for this order";
const NO_REASON = "tell us why you want a refund";

let booted: BootedApp;
let stationId: number;

moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

const refund = (app: BootedApp, who: Customer, orderId: number, reason = "the station was closed"): Promise<LightMyRequestResponse> =>
  call(app, who, "/api/order/refund", { order_id: orderId, reason });

/** Everything a refund could touch for one order: its row, its payments, its QR codes, the channel's ledger. */
const snapshot = async (app: BootedApp, orderId: number) => {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  if (order === undefined) throw new Error(`no order ${orderId}`);
  return {
    order,
    payments: await app.db.select().from(payments).where(eq(payments.orderId, orderId)),
    codes: await app.db.select().from(qrCodes).where(eq(qrCodes.orderId, orderId)),
    ledger: await app.db.select().from(sandboxChannelOrders).where(eq(sandboxChannelOrders.mchntOrderNo, order.mchntOrderNo)),
  };
};

/** A refusal: the status and message, and not one byte of the order, its payments, codes or ledger changed. */
const expectRefusedUnchanged = async (app: BootedApp, orderId: number, send: () => Promise<LightMyRequestResponse>, status: number, message?: string) => {
  const before = await snapshot(app, orderId);
  expectError(await send(), status, message);
  expect(await snapshot(app, orderId)).toEqual(before);
};

describe("a refundable fuel order", () => {
  it("a paid, unused fuel order is refunded at once: refund_status 3", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    const answer = expectSuccess<{ order_id: number; refund_status: number }>(await refund(booted, me, paid.orderId));
    expect(answer).toEqual({ order_id: paid.orderId, refund_status: 3 });
  });

  it("the refunded order's detail shows refund_status 3, status voided (7) and no QR code", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    expectSuccess(await refund(booted, me, paid.orderId));
    const d = await detail(booted, me, paid.orderId);
    expect(d.refund_status).toBe(3);
    expect(d.order_status).toBe(7);
    expect(d.pay_qrcode).toBeNull();
    const { order } = await snapshot(booted, paid.orderId);
    expect(order.refundReason).toBe("the station was closed");
    expect(order.refundedAt).toEqual(new Date(booted.clock.now()));
  });

  it("the payment row records the refund: refunded_at and our refund number", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    expectSuccess(await refund(booted, me, paid.orderId));
    const { payments: rows } = await snapshot(booted, paid.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.refundedAt).toEqual(new Date(booted.clock.now()));
    expect(rows[0]?.refundNo).toMatch(/^RF\d+T\d+$/);
    expect(rows[0]?.refundRequired).toBe(false);
  });

  it("the channel gave the whole amount back: the sandbox ledger shows REFUND and refunded_amount = amount", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    expectSuccess(await refund(booted, me, paid.orderId));
    const { ledger, order } = await snapshot(booted, paid.orderId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.tradeState).toBe("REFUND");
    expect(ledger[0]?.refundedAmount).toBe(order.amount);
    expect(ledger[0]?.amount).toBe(order.amount);
  });

  it("a refunded order's QR code can no longer be redeemed (409)", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    expectSuccess(await refund(booted, me, paid.orderId));
    expectError(await post(booted, "/api/sandbox/cashier/redeem", { qrcode: paid.qrcode }), 409);
    expect((await detail(booted, me, paid.orderId)).order_status).toBe(7);
  });

  it("one second before 48 h after payment the order can still be refunded", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    booted.clock.advance(QR_48H - 1);
    expect(expectSuccess<{ refund_status: number }>(await refund(booted, me, paid.orderId)).refund_status).toBe(3);
  });
});

describe("refused refunds change nothing", () => {
  it("an unpaid order cannot be refunded (409)", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor(stationId));
    await expectRefusedUnchanged(booted, created.order_id, () => refund(booted, me, created.order_id), 409, NOT_ALLOWED);
  });

  it("a cancelled order cannot be refunded (409)", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor(stationId));
    expectSuccess(await call(booted, me, "/api/order/cancel", { order_id: created.order_id }));
    expect((await detail(booted, me, created.order_id)).order_status).toBe(9);
    await expectRefusedUnchanged(booted, created.order_id, () => refund(booted, me, created.order_id), 409, NOT_ALLOWED);
  });

  it("a used (redeemed) order cannot be refunded (409)", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    expectSuccess(await post(booted, "/api/sandbox/cashier/redeem", { qrcode: paid.qrcode }));
    await expectRefusedUnchanged(booted, paid.orderId, () => refund(booted, me, paid.orderId), 409, NOT_ALLOWED);
  });

  it("one second after 48 h from payment the order is expired and cannot be refunded (409)", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    booted.clock.advance(QR_48H + 1);
    expect((await detail(booted, me, paid.orderId)).order_status).toBe(8);
    await expectRefusedUnchanged(booted, paid.orderId, () => refund(booted, me, paid.orderId), 409, NOT_ALLOWED);
  });

  it("an expired order is refused even when the refund request is the first thing to look at it after 48 h", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    booted.clock.advance(QR_48H + 1);
    expectError(await refund(booted, me, paid.orderId), 409, NOT_ALLOWED);
    const after = await snapshot(booted, paid.orderId);
    expect(after.order.refundStatus).toBe(0);
    expect(after.order.status).toBe(8);
    expect(after.payments[0]?.refundNo).toBeNull();
    expect(after.ledger[0]?.tradeState).toBe("SUCCESS");
  });

  it("a second refund request is refused: 'a refund was already requested for this order'", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    expectSuccess(await refund(booted, me, paid.orderId));
    booted.clock.advance(10);
    await expectRefusedUnchanged(booted, paid.orderId, () => refund(booted, me, paid.orderId, "asking again"), 409, ALREADY);
  });

  it("a recharge order cannot be refunded through order/refund (409)", async () => {
    const me = await customer(booted, "13912345678");
    const created = expectSuccess<{ order_id: number }>(
      await call(booted, me, "/api/rechargeorder/create", {
        gas_Type: "0#",
        card_type: 1,
        last_number: "1234567",
        order_amount: "50000",
        amount: Pricing.payableCents(50_000, DEMO_SITE_SETTINGS.price_0_shiti, DEMO_SITE_SETTINGS.price_0_original),
        phone: "13912345678",
        team: "珠江物流车队",
        station_id: stationId,
        paytype: "fy",
      }),
    );
    expectSuccess(await payInSandbox(booted, created.order_id));
    expect((await detail(booted, me, created.order_id)).order_status).toBe(2);
    await expectRefusedUnchanged(booted, created.order_id, () => refund(booted, me, created.order_id), 409, NOT_ALLOWED);
  });

  it("a blank reason is refused: 400 'tell us why you want a refund'", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(booted, me, stationId);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("", " ", "   ", "\t", " \n ", "\u3000"), async (blank) => {
        await expectRefusedUnchanged(booted, paid.orderId, () => refund(booted, me, paid.orderId, blank), 400, NO_REASON);
      }),
      { numRuns: 12 },
    );
  });

  it("another customer's order is not found (404)", async () => {
    const owner = await customer(booted);
    const other = await customer(booted);
    const paid = await paidFuelOrder(booted, owner, stationId);
    await expectRefusedUnchanged(booted, paid.orderId, () => refund(booted, other, paid.orderId), 404);
  });
});

describe("a refund the channel refuses", () => {
  /** The sandbox channels, with a refund() that says "refused" the first time and delegates afterwards. */
  const refusingOnce = (): { readonly providers: PaymentProviders; readonly asked: RefundRequest[]; wire(real: PaymentProviders): void } => {
    const channels: Partial<Record<ChannelName, PaymentChannel>> = {};
    const sandbox: Partial<Record<ChannelName, SandboxChannel>> = {};
    const asked: RefundRequest[] = [];
    const wrap = (real: PaymentChannel): PaymentChannel => ({
      name: real.name,
      prepay: (request) => real.prepay(request),
      payParams: (prepayId, mchntOrderNo, nowMs) => real.payParams(prepayId, mchntOrderNo, nowMs),
      query: (mchntOrderNo) => real.query(mchntOrderNo),
      close: (mchntOrderNo) => real.close(mchntOrderNo),
      verifyNotification: (headers, rawBody, nowMs) => real.verifyNotification(headers, rawBody, nowMs),
      refund: async (request): Promise<RefundOutcome> => {
        asked.push(request);
        return asked.length === 1 ? "refused" : real.refund(request);
      },
    });
    return {
      // The routes keep these two objects; they are filled once the app's database and clock exist.
      providers: { channels: channels as Record<ChannelName, PaymentChannel>, sandbox },
      asked,
      wire(real) {
        for (const name of ["wechat", "fy"] as const) {
          channels[name] = wrap(real.channels[name]);
          const platform = real.sandbox[name];
          if (platform !== undefined) sandbox[name] = platform;
        }
      },
    };
  };

  let refusing: BootedApp;
  let fake: ReturnType<typeof refusingOnce>;
  let me: Customer;
  let paid: PaidFuelOrder;

  beforeAll(async () => {
    fake = refusingOnce();
    refusing = await bootApp({ systemTime: () => SYSTEM_NOW, providers: { payments: fake.providers } });
    fake.wire(paymentProvidersFor(refusing.config, refusing.db, refusing.clock));
    await seedCatalogue(refusing);
    me = await customer(refusing);
    paid = await paidFuelOrder(refusing, me, (await dieselStation(refusing)).id);
    const answer = expectSuccess<{ order_id: number; refund_status: number }>(await refund(refusing, me, paid.orderId));
    expect(answer.refund_status).toBe(1);
  });
  afterAll(async () => refusing.close());

  // The tests below run in order on one order: refused first, then asked again.

  it("stays requested (refund_status 1): the order is not voided, the money is not back, the code is void", async () => {
    const d = await detail(refusing, me, paid.orderId);
    expect(d.refund_status).toBe(1);
    expect(d.order_status).toBe(2);
    expect(d.pay_qrcode).toBeNull();
    const s = await snapshot(refusing, paid.orderId);
    expect(s.order.refundReason).toBe("the station was closed");
    expect(s.payments[0]?.refundedAt).toBeNull();
    expect(s.payments[0]?.refundNo).toMatch(/^RF/);
    expect(s.ledger[0]?.tradeState).toBe("SUCCESS");
    expect(s.ledger[0]?.refundedAmount).toBe(0);
    expect(fake.asked).toHaveLength(1);
  });

  it("is not lost: a second request is refused as already requested, and the cashier cannot redeem the code", async () => {
    expectError(await refund(refusing, me, paid.orderId, "again"), 409, ALREADY);
    expectError(await post(refusing, "/api/sandbox/cashier/redeem", { qrcode: paid.qrcode }), 409);
    expect((await snapshot(refusing, paid.orderId)).order.refundStatus).toBe(1);
  });

  it("does not expire with the 48 hours while it is pending", async () => {
    refusing.clock.advance(QR_48H + 1);
    const d = await detail(refusing, me, paid.orderId);
    expect(d.order_status).toBe(2);
    expect(d.refund_status).toBe(1);
  });

  it("asking the channel again (refundOrder) completes it: refund_status 3, voided, money back, same refund number", async () => {
    const deps = { db: refusing.db, channels: refusing.app.deps.providers.payments.channels, log: refusing.app.log };
    expect(await refundOrder(deps, paid.orderId, refusing.clock.now())).toBe(3);
    const d = await detail(refusing, me, paid.orderId);
    expect(d.refund_status).toBe(3);
    expect(d.order_status).toBe(7);
    const s = await snapshot(refusing, paid.orderId);
    expect(s.payments[0]?.refundedAt).not.toBeNull();
    expect(s.ledger[0]?.tradeState).toBe("REFUND");
    expect(s.ledger[0]?.refundedAmount).toBe(s.order.amount);
    expect(fake.asked).toHaveLength(2);
    expect(fake.asked[1]?.refundNo).toBe(fake.asked[0]?.refundNo);
    expect(fake.asked[1]?.amountCents).toBe(s.order.amount);
  });

  it("asking once more changes nothing and refunds nothing twice", async () => {
    const before = await snapshot(refusing, paid.orderId);
    const deps = { db: refusing.db, channels: refusing.app.deps.providers.payments.channels, log: refusing.app.log };
    expect(await refundOrder(deps, paid.orderId, refusing.clock.now())).toBe(3);
    expect(await snapshot(refusing, paid.orderId)).toEqual(before);
    expect(fake.asked).toHaveLength(2);
  });
});
