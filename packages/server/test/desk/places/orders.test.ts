import { describe, expect, it } from "vitest";
import { auditLog } from "../../../src/db/schema.ts";
import type { BootedApp } from "../../helpers/app.ts";
import { moneyTestSetUp, paidFuelOrder } from "../../helpers/moneyApp.ts";
import { expectSuccess } from "../../identity/support.ts";
import { customer, detail } from "../../orders/support.ts";
import { deskGet, deskPost, signedInStaff, tagOf } from "../support.ts";

/**
 * The admin's look at orders (issue 26): find by phone, order id or merchant number; one order
 * whole with its payments and QR codes (who redeemed it, when). Read only: no audit row.
 */

const SYSTEM_NOW = Date.parse("2024-11-26T02:00:00Z");

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

const audit = () => booted.db.select().from(auditLog).orderBy(auditLog.id);
const admin = async () => (await signedInStaff(booted, "ada.admin", "admin")).cookie;

interface Found {
  orders: Array<{ order_id: number; mchnt_order_no: string }>;
}

describe("the admin's look at orders", () => {
  it("finds orders by phone (the account's, as pasted, or the order form's), by order id and by merchant number, newest first", async () => {
    const cookie = await admin();
    const me = await customer(booted, "13912345678");
    const first = await paidFuelOrder(booted, me, stationId);
    const second = await paidFuelOrder(booted, me, stationId);
    await paidFuelOrder(booted, await customer(booted, "13700000000"), stationId);

    // The account's phone, as pasted, finds the customer's orders; the phone typed on the order form finds its orders too.
    const byPhone = expectSuccess<Found>(await deskGet(booted, `/api/desk/orders?phone=${encodeURIComponent("+86 139 1234 5678")}`, { cookie }));
    expect(byPhone.orders.map((o) => o.order_id)).toEqual([second.orderId, first.orderId]);
    const byFormPhone = expectSuccess<Found>(await deskGet(booted, "/api/desk/orders?phone=13800138000", { cookie }));
    expect(byFormPhone.orders).toHaveLength(3);
    const byId = expectSuccess<Found>(await deskGet(booted, `/api/desk/orders?order_id=${first.orderId}`, { cookie }));
    expect(byId.orders.map((o) => o.order_id)).toEqual([first.orderId]);
    const byNo = expectSuccess<Found>(await deskGet(booted, `/api/desk/orders?merchant_no=${first.mchntOrderNo}`, { cookie }));
    expect(byNo.orders.map((o) => o.order_id)).toEqual([first.orderId]);
    expect(expectSuccess<Found>(await deskGet(booted, "/api/desk/orders?order_id=999999", { cookie })).orders).toEqual([]);
  });

  it("a search names at most one key and a readable phone, else 400 with a clear message", async () => {
    const cookie = await admin();
    for (const [url, tag] of [
      ["/api/desk/orders?phone=13912345678&order_id=1", "OrderSearchInvalid"],
      ["/api/desk/orders?phone=12345", "PhoneInvalid"],
    ] as const) {
      const res = await deskGet(booted, url, { cookie });
      expect([res.statusCode, tagOf(res)], url).toEqual([400, tag]);
    }
    for (const url of ["/api/desk/orders?order_id=abc", "/api/desk/orders/detail", "/api/desk/orders/detail?order_id=-1"]) {
      expect((await deskGet(booted, url, { cookie })).statusCode, url).toBe(400);
    }
    const missing = await deskGet(booted, "/api/desk/orders/detail?order_id=999999", { cookie });
    expect([missing.statusCode, tagOf(missing)]).toEqual([404, "OrderNotFound"]);
  });

  it("the detail shows the order as the customer's detail does, its payment, and who redeemed its code when; no audit row", async () => {
    const cookie = await admin();
    const me = await customer(booted);
    const order = await paidFuelOrder(booted, me, stationId);
    const cashier = (await signedInStaff(booted, "li.cashier", "cashier", [stationId])).cookie;
    expectSuccess(await deskPost(booted, "/api/desk/redeem", { code: order.qrcode }, { cookie: cashier }));
    const rowsBefore = (await audit()).length;

    const whole = expectSuccess<{
      order: Record<string, unknown>;
      payments: Array<Record<string, unknown>>;
      qr_codes: Array<Record<string, unknown>>;
      refund_reason: unknown;
    }>(await deskGet(booted, `/api/desk/orders/detail?order_id=${order.orderId}`, { cookie }));
    expect(whole.order).toEqual(await detail(booted, me, order.orderId));
    expect(whole.payments).toHaveLength(1);
    expect(whole.payments[0]).toMatchObject({ amount: whole.order.amount, refund_required: false, refunded_at: null });
    expect(whole.qr_codes).toEqual([expect.objectContaining({ code: order.qrcode, voided_at: null, redeemed_by: "li.cashier", redeemed_at: expect.any(String) })]);
    expect(whole.refund_reason).toBeNull();
    expect(await audit()).toHaveLength(rowsBefore);
  });

  it("only an admin: distributor and cashier 403, no session 401", async () => {
    const distributor = (await signedInStaff(booted, "dee.distributor", "distributor")).cookie;
    const cashier = (await signedInStaff(booted, "cas.cashier", "cashier", [stationId])).cookie;
    for (const cookie of [distributor, cashier]) {
      for (const url of ["/api/desk/orders?order_id=1", "/api/desk/orders/detail?order_id=1"]) {
        const res = await deskGet(booted, url, { cookie });
        expect([res.statusCode, tagOf(res)], url).toEqual([403, "StaffActionForbidden"]);
      }
    }
    const res = await deskGet(booted, "/api/desk/orders?order_id=1");
    expect([res.statusCode, tagOf(res)]).toEqual([401, "StaffSignInRequired"]);
  });
});
