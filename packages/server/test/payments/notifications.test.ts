import { generateKeyPairSync } from "node:crypto";
import { Messages, type Money, Time } from "@fuel/domain";
import type { PaymentNotificationResource } from "@fuel/domain/api";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tableNames } from "../../src/db/client.ts";
import { orders, payments, qrCodes, sandboxChannelOrders } from "../../src/db/schema.ts";
import { notificationBody, signedHeaders, signedNotification, type PlatformSecrets } from "../../src/payments/sandbox/notifications.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectError, expectSuccess } from "../identity/support.ts";
import {
  call,
  createOrder,
  customer,
  deliver,
  detail,
  dieselStation,
  draftFor,
  payInSandbox,
  seedCatalogue,
  successNotification,
  type Customer,
} from "../orders/support.ts";

/**
 * POST /api/payment/notify and /api/paymentfy/notify (issue 4): a genuine SUCCESS pays an order
 * exactly once; anything forged, tampered, stale, for another merchant, for the wrong amount or
 * for an unknown order is refused with a 4xx and writes nothing; a payment that can no longer be
 * applied is recorded and given back. Plus the sandbox pay sheet that drives the same route.
 */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  await seedCatalogue(booted);
});

const platform = (channel: "wechat" | "fy" = "wechat"): PlatformSecrets => {
  const p = booted.app.deps.providers.payments.sandbox[channel]?.platform;
  if (p === undefined) throw new Error(`${channel} is not a sandbox channel`);
  return p;
};

const orderRow = async (id: number) => {
  const [row] = await booted.db.select().from(orders).where(eq(orders.id, id));
  if (row === undefined) throw new Error(`no order ${id}`);
  return row;
};

const paymentsOf = (orderId: number) => booted.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));

const liveCodesOf = (orderId: number) =>
  booted.db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.orderId, orderId), isNull(qrCodes.voidedAt), isNull(qrCodes.redeemedAt)));

const ledgerRow = async (mchntOrderNo: string) => {
  const [row] = await booted.db.select().from(sandboxChannelOrders).where(eq(sandboxChannelOrders.mchntOrderNo, mchntOrderNo));
  if (row === undefined) throw new Error(`no ledger row for ${mchntOrderNo}`);
  return row;
};

/** Every table's row count and the full rows of what a payment could touch: equal before and after means nothing was written. */
const snapshot = async () => {
  // One statement for every table's row count (int8 arrives as number or string depending on the driver).
  const counted = await booted.db.execute(sql.raw(`SELECT ${tableNames().map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(", ")}`));
  const counts = Object.fromEntries(Object.entries(counted.rows[0] ?? {}).map(([t, n]) => [t, Number(n)]));
  expect(Object.keys(counts)).toHaveLength(tableNames().length);
  return {
    counts,
    orders: await booted.db.select().from(orders).orderBy(asc(orders.id)),
    payments: await booted.db.select().from(payments).orderBy(asc(payments.id)),
    qrCodes: await booted.db.select().from(qrCodes).orderBy(asc(qrCodes.code)),
    ledger: await booted.db.select().from(sandboxChannelOrders).orderBy(asc(sandboxChannelOrders.mchntOrderNo)),
  };
};

interface Unpaid {
  readonly me: Customer;
  readonly orderId: number;
  readonly mchntOrderNo: string;
  readonly amount: Money.Cents;
  readonly createdAt: number;
  readonly payDeadline: number;
}

const unpaidOrder = async (paytype: "wechat" | "fy" = "wechat", overrides: Record<string, unknown> = {}): Promise<Unpaid> => {
  const me = await customer(booted);
  const station = await dieselStation(booted);
  const created = await createOrder(booted, me, draftFor(station.id, { paytype, ...overrides }));
  const row = await orderRow(created.order_id);
  return {
    me,
    orderId: row.id,
    mchntOrderNo: row.mchntOrderNo,
    amount: row.amount,
    createdAt: row.createdAt.getTime(),
    payDeadline: row.payDeadline.getTime(),
  };
};

const resourceFor = (o: Unpaid, overrides: Partial<PaymentNotificationResource> = {}): PaymentNotificationResource => ({
  out_trade_no: o.mchntOrderNo,
  transaction_id: "4200000000000000000000000001",
  trade_state: "SUCCESS",
  success_time: new Date(booted.clock.now()).toISOString(),
  amount: { total: o.amount, currency: "CNY" },
  ...overrides,
});

/** Delivers, then proves the answer is `status` and the database is exactly as before. */
const expectRefusedWithoutChange = async <R extends { statusCode: number; body: string }>(send: () => Promise<R>, status: number): Promise<R> => {
  const before = await snapshot();
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(await snapshot()).toEqual(before);
  return res;
};

const flipChar = (text: string, index: number, mask: number): string =>
  text.slice(0, index) + String.fromCharCode(text.charCodeAt(index) ^ mask) + text.slice(index + 1);

describe("a genuine SUCCESS notification", () => {
  it("pays an unpaid order: status 2, payment_time, one payment row, a live QR code", async () => {
    const o = await unpaidOrder();
    const paidAt = booted.clock.now();
    const n = successNotification(booted, o.mchntOrderNo, o.amount, "4200000000000000000000000101", "wechat", paidAt);
    const res = await deliver(booted, "wechat", n.body, n.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ status: string }>().status).toBe("success");

    const d = await detail(booted, o.me, o.orderId);
    expect(d.order_status).toBe(2);
    expect(d["payment_time"]).toBe(Time.formatChinaIso(paidAt));
    const rows = await paymentsOf(o.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "wechat", transactionId: "4200000000000000000000000101", amount: o.amount, refundRequired: false, refundedAt: null });
    const codes = await liveCodesOf(o.orderId);
    expect(codes).toHaveLength(1);
    expect(d.pay_qrcode).toBe(codes[0]?.code);
  });

  it("delivered 5 more times changes nothing more and is acknowledged each time", async () => {
    const o = await unpaidOrder();
    const n = successNotification(booted, o.mchntOrderNo, o.amount, "4200000000000000000000000102");
    expect((await deliver(booted, "wechat", n.body, n.headers)).statusCode).toBe(200);
    const after = await snapshot();
    for (let i = 0; i < 5; i++) {
      const res = await deliver(booted, "wechat", n.body, n.headers);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await snapshot()).toEqual(after);
    expect(await paymentsOf(o.orderId)).toHaveLength(1);
    expect((await orderRow(o.orderId)).status).toBe(2);
  });

  it("on /api/paymentfy/notify pays an FY order", async () => {
    const o = await unpaidOrder("fy");
    const n = successNotification(booted, o.mchntOrderNo, o.amount, "FY000000000000000000000001", "fy");
    expect((await deliver(booted, "fy", n.body, n.headers)).statusCode).toBe(200);
    expect((await detail(booted, o.me, o.orderId)).order_status).toBe(2);
    expect(await paymentsOf(o.orderId)).toEqual([expect.objectContaining({ channel: "fy", amount: o.amount })]);
  });

  it("naming our own merchant and app id is accepted", async () => {
    const o = await unpaidOrder();
    const created = await call(booted, o.me, "/api/payment/query", { order_id: o.orderId });
    const appId = expectSuccess<{ payInfo: { appId: string } }>(created).payInfo.appId;
    const n = signedNotification(platform(), resourceFor(o, { mchid: "1900000001", appid: appId }), booted.clock.now());
    expect((await deliver(booted, "wechat", n.body, n.headers)).statusCode).toBe(200);
    expect((await orderRow(o.orderId)).status).toBe(2);
  });
});

describe("forged or broken notifications are refused and change nothing", () => {
  it("a flipped byte anywhere in the body no longer verifies (401)", async () => {
    const o = await unpaidOrder();
    const n = successNotification(booted, o.mchntOrderNo, o.amount, "4200000000000000000000000201");
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: n.body.length - 1 }), async (index) => {
        await expectRefusedWithoutChange(() => deliver(booted, "wechat", flipChar(n.body, index, 1), n.headers), 401);
      }),
      { numRuns: 15 },
    );
    expect((await orderRow(o.orderId)).status).toBe(1);
  });

  it("signed with another RSA key (401)", async () => {
    const o = await unpaidOrder();
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const now = booted.clock.now();
    const body = notificationBody(platform().apiV3Key, resourceFor(o), now);
    await expectRefusedWithoutChange(() => deliver(booted, "wechat", body, signedHeaders(other, body, now)), 401);
  });

  it("signed right but naming a platform certificate serial that is not configured (401, as a bad signature), on both channels", async () => {
    for (const channel of ["wechat", "fy"] as const) {
      const o = await unpaidOrder(channel);
      const now = booted.clock.now();
      const body = notificationBody(platform(channel).apiV3Key, resourceFor(o), now);
      // The very key the channel trusts, under another certificate's name.
      const res = await expectRefusedWithoutChange(() => deliver(booted, channel, body, signedHeaders(platform(channel).platformPrivateKey, body, now, "0123456789ABCDEF0123")), 401);
      expectError(res, 401, Messages.text("NotificationBadSignature"));
      // The same notification under the configured serial pays the order.
      expect((await deliver(booted, channel, body, signedHeaders(platform(channel).platformPrivateKey, body, now))).statusCode).toBe(200);
      expect((await orderRow(o.orderId)).status).toBe(2);
    }
  });

  it("a timestamp 301 s old is a replay (401)", async () => {
    const o = await unpaidOrder();
    const now = booted.clock.now();
    const body = notificationBody(platform().apiV3Key, resourceFor(o), now);
    await expectRefusedWithoutChange(() => deliver(booted, "wechat", body, signedHeaders(platform().platformPrivateKey, body, now - 301_000)), 401);
    expect((await orderRow(o.orderId)).status).toBe(1);
  });

  it("a timestamp 299 s old is still accepted", async () => {
    const o = await unpaidOrder();
    const now = booted.clock.now();
    const body = notificationBody(platform().apiV3Key, resourceFor(o), now);
    const res = await deliver(booted, "wechat", body, signedHeaders(platform().platformPrivateKey, body, now - 299_000));
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(o.orderId)).status).toBe(2);
  });

  it("a tampered GCM tag under a valid signature does not decrypt (400)", async () => {
    const o = await unpaidOrder();
    const now = booted.clock.now();
    const genuine = JSON.parse(notificationBody(platform().apiV3Key, resourceFor(o), now)) as { resource: { ciphertext: string } };
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 0, max: 7 }), async (fromEnd, bit) => {
        const bytes = Buffer.from(genuine.resource.ciphertext, "base64");
        const at = bytes.length - fromEnd;
        bytes[at] = (bytes[at] ?? 0) ^ (1 << bit);
        const body = JSON.stringify({ ...genuine, resource: { ...genuine.resource, ciphertext: bytes.toString("base64") } });
        const res = await expectRefusedWithoutChange(() => deliver(booted, "wechat", body, signedHeaders(platform().platformPrivateKey, body, now)), 400);
        expect(res.json<{ message: string }>().message).toBe("payment notification resource does not decrypt");
      }),
      { numRuns: 12 },
    );
  });

  it("missing any signature header (400)", async () => {
    const o = await unpaidOrder();
    const n = successNotification(booted, o.mchntOrderNo, o.amount, "4200000000000000000000000202");
    for (const name of ["wechatpay-timestamp", "wechatpay-nonce", "wechatpay-signature"]) {
      const headers = Object.fromEntries(Object.entries(n.headers).filter(([k]) => k !== name));
      await expectRefusedWithoutChange(() => deliver(booted, "wechat", n.body, headers), 400);
    }
  });

  it("an amount other than the order's, properly signed (400)", async () => {
    const o = await unpaidOrder();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000_000 }).filter((a) => a !== o.amount),
        async (amount) => {
          const n = successNotification(booted, o.mchntOrderNo, amount, "4200000000000000000000000203");
          await expectRefusedWithoutChange(() => deliver(booted, "wechat", n.body, n.headers), 400);
        },
      ),
      { numRuns: 10 },
    );
    expect((await orderRow(o.orderId)).status).toBe(1);
  });

  it("an order we do not know (404)", async () => {
    await unpaidOrder();
    const n = successNotification(booted, "F20240101000000UNKNOWN", 10040, "4200000000000000000000000204");
    await expectRefusedWithoutChange(() => deliver(booted, "wechat", n.body, n.headers), 404);
  });

  it("a notification naming another merchant id (400)", async () => {
    const o = await unpaidOrder();
    const n = signedNotification(platform(), resourceFor(o, { mchid: "1900000999" }), booted.clock.now());
    await expectRefusedWithoutChange(() => deliver(booted, "wechat", n.body, n.headers), 400);
  });

  it("a notification on the JSAPI channel's path for an order opened at the FY channel (400)", async () => {
    const o = await unpaidOrder("fy");
    const n = signedNotification(platform("wechat"), resourceFor(o), booted.clock.now());
    await expectRefusedWithoutChange(() => deliver(booted, "wechat", n.body, n.headers), 400);
  });
});

describe("notifications that change nothing on purpose", () => {
  it("a PAYERROR notification is acknowledged (200) and changes nothing", async () => {
    const o = await unpaidOrder();
    const { success_time: _unused, ...failed } = resourceFor(o, { trade_state: "PAYERROR" });
    const n = signedNotification(platform(), failed, booted.clock.now());
    await expectRefusedWithoutChange(() => deliver(booted, "wechat", n.body, n.headers), 200);
    expect((await detail(booted, o.me, o.orderId)).order_status).toBe(1);
  });
});

describe("payments that can no longer be applied are recorded and given back", () => {
  it("a customer who cancels after the channel took the money, before its notification, is refunded at once", async () => {
    const o = await unpaidOrder();
    expectSuccess(await payInSandbox(booted, o.orderId, "ok", false));
    expectSuccess(await call(booted, o.me, "/api/order/cancel", { order_id: o.orderId }));
    expect((await orderRow(o.orderId)).status).toBe(9);
    const [payment] = await paymentsOf(o.orderId);
    expect(payment).toMatchObject({ refundRequired: true, amount: o.amount });
    expect(payment?.refundedAt).not.toBeNull();
    expect((await ledgerRow(o.mchntOrderNo)).tradeState).toBe("REFUND");
  });

  it("a payment for an order cancelled meanwhile is refunded through the channel once; its late notification changes nothing more", async () => {
    const o = await unpaidOrder();
    // The customer pays at the channel; the notification is still on its way when the cancel lands
    // (the cancel's close finds the money and refunds it).
    expectSuccess(await payInSandbox(booted, o.orderId, "ok", false));
    expectSuccess(await call(booted, o.me, "/api/order/cancel", { order_id: o.orderId }));
    const ledger = await ledgerRow(o.mchntOrderNo);
    expect(ledger.transactionId).not.toBeNull();

    const n = successNotification(booted, o.mchntOrderNo, o.amount, ledger.transactionId ?? "", "wechat", ledger.paidAt?.getTime());
    const res = await deliver(booted, "wechat", n.body, n.headers);
    expect(res.statusCode, res.body).toBe(200);

    expect((await detail(booted, o.me, o.orderId)).order_status).toBe(9);
    const rows = await paymentsOf(o.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.refundRequired).toBe(true);
    expect(rows[0]?.refundedAt).not.toBeNull();
    expect(await liveCodesOf(o.orderId)).toHaveLength(0);
    const after = await ledgerRow(o.mchntOrderNo);
    expect(after.tradeState).toBe("REFUND");
    expect(after.refundedAmount).toBe(o.amount);
  });

  it("a SUCCESS for an order already cancelled (its channel entry closed) is still accepted and recorded for refund", async () => {
    const o = await unpaidOrder();
    expectSuccess(await call(booted, o.me, "/api/order/cancel", { order_id: o.orderId }));
    expect((await ledgerRow(o.mchntOrderNo)).tradeState).toBe("CLOSED");

    const n = successNotification(booted, o.mchntOrderNo, o.amount, "4200000000000000000000000301");
    const res = await deliver(booted, "wechat", n.body, n.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(booted, o.me, o.orderId)).order_status).toBe(9);
    const rows = await paymentsOf(o.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.refundRequired).toBe(true);
    expect(await liveCodesOf(o.orderId)).toHaveLength(0);
  });

  it("a second, different transaction for a paid order is recorded for refund; the order stays paid with its one QR code", async () => {
    const o = await unpaidOrder();
    const first = successNotification(booted, o.mchntOrderNo, o.amount, "4200000000000000000000000401");
    expect((await deliver(booted, "wechat", first.body, first.headers)).statusCode).toBe(200);
    const paid = await orderRow(o.orderId);
    const codes = await liveCodesOf(o.orderId);

    const second = successNotification(booted, o.mchntOrderNo, o.amount, "4200000000000000000000000402");
    expect((await deliver(booted, "wechat", second.body, second.headers)).statusCode).toBe(200);

    expect(await orderRow(o.orderId)).toEqual(paid);
    expect(await liveCodesOf(o.orderId)).toEqual(codes);
    const rows = await paymentsOf(o.orderId);
    expect(rows.map((r) => [r.transactionId, r.refundRequired])).toEqual([
      ["4200000000000000000000000401", false],
      ["4200000000000000000000000402", true],
    ]);
  });
});

describe("late notifications", () => {
  it("a payment made inside the pay window pays the order even when its notification arrives after the window", async () => {
    const o = await unpaidOrder();
    booted.clock.advance(20 * 60);
    const paidAt = o.createdAt + 5 * 60_000;
    const n = successNotification(booted, o.mchntOrderNo, o.amount, "4200000000000000000000000501", "wechat", paidAt);
    const res = await deliver(booted, "wechat", n.body, n.headers);
    expect(res.statusCode, res.body).toBe(200);
    const d = await detail(booted, o.me, o.orderId);
    expect(d.order_status).toBe(2);
    expect(d["payment_time"]).toBe(Time.formatChinaIso(paidAt));
    expect(await paymentsOf(o.orderId)).toEqual([expect.objectContaining({ refundRequired: false })]);
  });

  it("a payment made after the pay window closed is recorded for refund and the order is cancelled", async () => {
    const o = await unpaidOrder();
    booted.clock.advance(20 * 60);
    const n = successNotification(booted, o.mchntOrderNo, o.amount, "4200000000000000000000000502", "wechat", o.payDeadline + 1000);
    expect((await deliver(booted, "wechat", n.body, n.headers)).statusCode).toBe(200);
    expect((await detail(booted, o.me, o.orderId)).order_status).toBe(9);
    expect(await paymentsOf(o.orderId)).toEqual([expect.objectContaining({ refundRequired: true })]);
  });
});

describe("POST /api/sandbox/pay", () => {
  it("'ok' pays the order once although the sandbox delivers its notification twice", async () => {
    const o = await unpaidOrder();
    const answer = expectSuccess<{ order_id: number; order_status: number }>(await payInSandbox(booted, o.orderId, "ok"));
    expect(answer).toEqual({ order_id: o.orderId, order_status: 2 });
    expect((await detail(booted, o.me, o.orderId)).order_status).toBe(2);
    const rows = await paymentsOf(o.orderId);
    expect(rows).toHaveLength(1);
    const ledger = await ledgerRow(o.mchntOrderNo);
    expect(rows[0]?.transactionId).toBe(ledger.transactionId);
    expect(await liveCodesOf(o.orderId)).toHaveLength(1);
  });

  it("'fail' leaves the order unpaid and payable", async () => {
    const o = await unpaidOrder();
    expect(expectSuccess<{ order_status: number }>(await payInSandbox(booted, o.orderId, "fail")).order_status).toBe(1);
    expect((await detail(booted, o.me, o.orderId)).order_status).toBe(1);
    expect(await paymentsOf(o.orderId)).toHaveLength(0);
    expect((await ledgerRow(o.mchntOrderNo)).tradeState).toBe("PAYERROR");
    // A failed attempt does not close the order: the customer can still pay.
    expect(expectSuccess<{ order_status: number }>(await payInSandbox(booted, o.orderId, "ok")).order_status).toBe(2);
  });

  it("'cancel' changes nothing", async () => {
    const o = await unpaidOrder();
    await expectRefusedWithoutChange(() => payInSandbox(booted, o.orderId, "cancel"), 200);
  });

  it("an order past its pay window cannot be paid (409) and nothing is written", async () => {
    const o = await unpaidOrder();
    booted.clock.advance(15 * 60 + 1);
    const before = await snapshot();
    expectError(await payInSandbox(booted, o.orderId, "ok"), 409, "this order can no longer be paid");
    expect(await snapshot()).toEqual(before);
  });
});
