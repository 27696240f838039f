import { Constants, Pricing, RedeemCode, Time } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, qrCodes } from "../../../src/db/schema.ts";
import { lookUpCode } from "../../../src/desk/acts/lookup.ts";
import { redeemAtDesk } from "../../../src/desk/acts/redeem.ts";
import type { BootedApp } from "../../helpers/app.ts";
import { moneyTestSetUp, paidFuelOrder, type PaidFuelOrder } from "../../helpers/moneyApp.ts";
import { expectSuccess } from "../../identity/support.ts";
import { call, createOrder, customer, draftFor, type Customer } from "../../orders/support.ts";
import { ADMIN, cashierAt, orderFacts, recorder, refusalOf } from "./support.ts";

/**
 * The desk's cashier (issue 26): look a code up, redeem it once as oneself, and every refusal
 * (another station, used, unpaid, refunded, expired, replaced, unknown) changes nothing and
 * records no act.
 */

const SYSTEM_NOW = Date.parse("2024-11-26T02:00:00Z");
const QR_48H = Constants.FUEL_QR_VALIDITY_MS / 1000;

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

const paid = async (who?: Customer): Promise<PaidFuelOrder> => paidFuelOrder(booted, who ?? (await customer(booted)), stationId);
const now = (): number => booted.clock.now();

/** Redeeming `code` is refused with `reason`, and the order, its codes and payments are as they were, and no act was recorded. */
const refusedChangingNothing = async (code: string, orderId: number, reason: string, actor = cashierAt(stationId)): Promise<void> => {
  const before = await orderFacts(booted, orderId);
  const record = recorder();
  expect((await refusalOf(redeemAtDesk(booted.db, code, now(), actor, record))).reason).toBe(reason);
  expect(await orderFacts(booted, orderId)).toEqual(before);
  expect(record.acts).toEqual([]);
};

describe("redeem at the desk", () => {
  it("a cashier of the order's station redeems it: used (3), the code names them, one 'redeem' act 2 -> 3", async () => {
    const order = await paid();
    const record = recorder();
    expect(await redeemAtDesk(booted.db, order.qrcode, now(), cashierAt(stationId), record)).toEqual({
      order_id: order.orderId,
      order_status: 3,
      redeemed_at: Time.formatChinaIso(now()),
      redeemed_by: "li.cashier",
    });
    const facts = await orderFacts(booted, order.orderId);
    expect(facts.order?.status).toBe(3);
    expect(facts.codes[0]?.redeemedBy).toBe("li.cashier");
    expect(facts.codes[0]?.redeemedAt?.getTime()).toBe(now());
    expect(record.acts).toEqual([{ act: "redeem", subject: String(order.orderId), before: { order_status: 2 }, after: { order_status: 3 } }]);
  });

  it("an admin redeems at any station", async () => {
    const order = await paid();
    expect((await redeemAtDesk(booted.db, order.qrcode, now(), ADMIN, recorder())).order_status).toBe(3);
  });

  it("a second try is refused saying when and by whom, and changes nothing", async () => {
    const order = await paid();
    await redeemAtDesk(booted.db, order.qrcode, now(), cashierAt(stationId), recorder());
    const usedAt = now();
    booted.clock.advance(600);
    const refusal = await refusalOf(redeemAtDesk(booted.db, order.qrcode, now(), cashierAt(stationId), recorder()));
    expect(refusal.reason).toBe("QrUsedBy");
    expect(refusal.params).toEqual({ at: Time.formatChinaIso(usedAt).slice(0, 16).replace("T", " "), by: "li.cashier" });
    await refusedChangingNothing(order.qrcode, order.orderId, "QrUsedBy");
  });

  it("a code of another station is refused (QrOtherStation), before anything else is said", async () => {
    const order = await paid();
    await refusedChangingNothing(order.qrcode, order.orderId, "QrOtherStation", cashierAt(stationId + 1000));
    await redeemAtDesk(booted.db, order.qrcode, now(), cashierAt(stationId), recorder());
    await refusedChangingNothing(order.qrcode, order.orderId, "QrOtherStation", cashierAt(stationId + 1000));
  });

  it("a cashier of no station redeems nothing", async () => {
    const order = await paid();
    await refusedChangingNothing(order.qrcode, order.orderId, "QrOtherStation", cashierAt());
  });

  it("an expired code (48 h after payment) is refused: QrExpired; at 48 h less a millisecond it is redeemed", async () => {
    const a = await paid();
    const b = await paid();
    booted.clock.advance(QR_48H);
    await refusedChangingNothing(a.qrcode, a.orderId, "QrExpired");
    const justInTime = Date.parse("2024-11-26T02:00:00Z") + Constants.FUEL_QR_VALIDITY_MS - 1;
    // b was paid at SYSTEM_NOW too: one millisecond before its 48 hours end it is still good.
    expect((await redeemAtDesk(booted.db, b.qrcode, justInTime, cashierAt(stationId), recorder())).order_status).toBe(3);
  });

  it("a refunded order's code is refused: QrRefunded", async () => {
    const me = await customer(booted);
    const order = await paid(me);
    expectSuccess(await call(booted, me, "/api/order/refund", { order_id: order.orderId, reason: "the station was closed" }));
    await refusedChangingNothing(order.qrcode, order.orderId, "QrRefunded");
  });

  it("a code of an unpaid order (bad data: codes are issued on payment) is refused: QrUnpaid", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor(stationId));
    const code = "KPunpaid-order-code-000000000000";
    await booted.db.insert(qrCodes).values({ code, orderId: created.order_id, issuedAt: new Date(now()) });
    await refusedChangingNothing(code, created.order_id, "QrUnpaid");
  });

  it("a replaced (regenerated) code is refused: QrNotAvailable; the new one is redeemed", async () => {
    const me = await customer(booted);
    const order = await paid(me);
    const fresh = expectSuccess<{ qrcode: string }>(await call(booted, me, "/api/order/resetQR", { order_id: order.orderId }));
    await refusedChangingNothing(order.qrcode, order.orderId, "QrNotAvailable");
    expect((await redeemAtDesk(booted.db, fresh.qrcode, now(), cashierAt(stationId), recorder())).order_status).toBe(3);
  });

  it("an unknown or malformed code is refused: QrUnknown", async () => {
    const record = recorder();
    for (const code of ["KPthis-code-was-never-issued-by-us-000", "not a code", "", "KP\u0000"]) {
      expect((await refusalOf(redeemAtDesk(booted.db, code, now(), ADMIN, record))).reason).toBe("QrUnknown");
    }
    expect(record.acts).toEqual([]);
  });

  it("when the act cannot be recorded, the redemption does not happen either (one transaction)", async () => {
    const order = await paid();
    const failing = async (): Promise<void> => {
      throw new Error("audit log unavailable");
    };
    await expect(redeemAtDesk(booted.db, order.qrcode, now(), cashierAt(stationId), failing)).rejects.toThrow("audit log unavailable");
    const facts = await orderFacts(booted, order.orderId);
    expect(facts.order?.status).toBe(2);
    expect(facts.codes[0]?.redeemedAt).toBeNull();
  });
});

describe("look a code up at the desk", () => {
  it("shows the order as the customer's detail does, and that this cashier may redeem it", async () => {
    const order = await paid();
    const found = await lookUpCode(booted.db, order.qrcode, now(), cashierAt(stationId));
    const [row] = await booted.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(found).toMatchObject({
      order_id: order.orderId,
      order_status: 2,
      amount: row?.amount,
      paid_at: Time.formatChinaIso(now()),
      valid_until: Time.formatChinaIso(now() + Constants.FUEL_QR_VALIDITY_MS),
      redeemed_at: null,
      redeemed_by: null,
      may_redeem: true,
      refusal: null,
    });
    expect(found.station_title).toEqual(expect.any(String));
    expect(found.litres).toMatch(/^\d+\.\d{3}$/);
  });

  it("after redemption: may not redeem, and says when and by whom", async () => {
    const order = await paid();
    await redeemAtDesk(booted.db, order.qrcode, now(), cashierAt(stationId), recorder());
    const found = await lookUpCode(booted.db, order.qrcode, now(), ADMIN);
    expect(found).toMatchObject({ order_status: 3, redeemed_by: "li.cashier", redeemed_at: Time.formatChinaIso(now()), may_redeem: false });
    expect(found.refusal?.tag).toBe("QrUsedBy");
    expect(found.refusal?.params["by"]).toBe("li.cashier");
  });

  it("after 48 h: expired (8) and may not redeem, as the customer's detail would show it", async () => {
    const order = await paid();
    booted.clock.advance(QR_48H);
    const found = await lookUpCode(booted.db, order.qrcode, now(), cashierAt(stationId));
    expect(found.may_redeem).toBe(false);
    expect(found.refusal?.tag).toBe("QrExpired");
  });

  it("a code of another station shows nothing of the order: QrOtherStation", async () => {
    const order = await paid();
    expect((await refusalOf(lookUpCode(booted.db, order.qrcode, now(), cashierAt(stationId + 1000)))).reason).toBe("QrOtherStation");
  });

  it("an unknown code: QrUnknown", async () => {
    expect((await refusalOf(lookUpCode(booted.db, "KPnever-issued-0000000000000000", now(), ADMIN))).reason).toBe("QrUnknown");
  });
});

describe("a code a person can type (issue 34)", () => {
  /** The code as a driver reads it out and a cashier types it: lower case, spaces and dashes anywhere. */
  const typedLoosely = (code: string): string => ` ${RedeemCode.display(code as RedeemCode.RedeemCode).toLowerCase().replace(" ", " - ").replace(" ", "-")} `;

  it("a new code is 16 Crockford base32 characters, stored as issued", async () => {
    const order = await paid();
    expect(RedeemCode.isCanonical(order.qrcode)).toBe(true);
    expect((await orderFacts(booted, order.orderId)).codes.map((c) => c.code)).toEqual([order.qrcode]);
  });

  it("typed in lower case with spaces and dashes, it is looked up and redeemed", async () => {
    const order = await paid();
    const typed = typedLoosely(order.qrcode);
    expect(typed).not.toContain(order.qrcode);
    expect((await lookUpCode(booted.db, typed, now(), cashierAt(stationId), "typed")).order_id).toBe(order.orderId);
    expect(await redeemAtDesk(booted.db, typed, now(), cashierAt(stationId), recorder(), "typed")).toMatchObject({ order_id: order.orderId, order_status: 3 });
    const [code] = (await orderFacts(booted, order.orderId)).codes;
    expect(code).toMatchObject({ code: order.qrcode, redeemedBy: "li.cashier" });
  });

  it("scanned as its QR encodes it (the display form), it is redeemed; O typed for 0 and L for 1 read as the digits", async () => {
    const order = await paid();
    const found = await lookUpCode(booted.db, order.qrcode.replace(/0/g, "o").replace(/1/g, "L"), now(), cashierAt(stationId), "typed");
    expect(found.order_id).toBe(order.orderId);
    expect((await redeemAtDesk(booted.db, RedeemCode.display(order.qrcode as RedeemCode.RedeemCode), now(), cashierAt(stationId), recorder())).order_status).toBe(3);
  });

  it("a code of the old format that is still valid redeems as before: exactly as typed, trimmed; in lower case it is no code", async () => {
    const order = await paid();
    const legacy = "KPq3Zx8LmN0pR5tVwY2aBcDeFgHiJkLmNo";
    await booted.db.update(qrCodes).set({ code: legacy }).where(eq(qrCodes.orderId, order.orderId));
    expect((await refusalOf(lookUpCode(booted.db, legacy.toLowerCase(), now(), cashierAt(stationId), "typed"))).reason).toBe("TypedCodeUnknown");
    expect((await lookUpCode(booted.db, ` ${legacy}\n`, now(), cashierAt(stationId), "typed")).order_id).toBe(order.orderId);
    expect((await redeemAtDesk(booted.db, ` ${legacy} `, now(), cashierAt(stationId), recorder(), "typed")).order_status).toBe(3);
    expect((await orderFacts(booted, order.orderId)).codes[0]).toMatchObject({ code: legacy, redeemedBy: "li.cashier" });
  });

  it("a typed code that names none of ours is refused as a typed code (TypedCodeUnknown); scanned, as an unknown QR (QrUnknown); nothing changes", async () => {
    const order = await paid();
    const record = recorder();
    // One character off: a slip of the finger.
    const slip = `${order.qrcode.slice(0, 15)}${order.qrcode.endsWith("Z") ? "Y" : "Z"}`;
    for (const typed of [slip, "7K3M 9QXR 2D4F HJ8", "not a code", "KP\u0000"]) {
      expect((await refusalOf(lookUpCode(booted.db, typed, now(), ADMIN, "typed"))).reason).toBe("TypedCodeUnknown");
      expect((await refusalOf(redeemAtDesk(booted.db, typed, now(), ADMIN, record, "typed"))).reason).toBe("TypedCodeUnknown");
      expect((await refusalOf(lookUpCode(booted.db, typed, now(), ADMIN, "scanned"))).reason).toBe("QrUnknown");
      expect((await refusalOf(redeemAtDesk(booted.db, typed, now(), ADMIN, record))).reason).toBe("QrUnknown");
    }
    expect(record.acts).toEqual([]);
    expect((await orderFacts(booted, order.orderId)).order?.status).toBe(2);
  });
});

describe("the look-up leads with what to pump (issue 34)", () => {
  it("a 200-yuan order answers order_amount 20000, the pump price it was priced at, and Pricing.atThePump's litres; the amount paid apart", async () => {
    const order = await paidFuelOrder(booted, await customer(booted), stationId, "20000");
    const [row] = await booted.db.select().from(orders).where(eq(orders.id, order.orderId));
    if (row === undefined || row.gasOriginalPrice === null) throw new Error("a fuel order is priced at its station's pump price");
    const found = await lookUpCode(booted.db, order.qrcode, now(), cashierAt(stationId));
    const pump = Pricing.atThePump(row.orderAmount, row.amount, row.gasOriginalPrice);
    expect(found).toMatchObject({ order_amount: 20_000, gas_original_price: row.gasOriginalPrice, litres: pump.litres, amount: row.amount });
    expect(found.litres).toBe(Pricing.litres(20_000, row.gasOriginalPrice));
    // The driver paid less than goes into the pump: that is the saving, not the pump amount.
    expect(found.amount).toBeLessThan(20_000);
    expect(pump.saving).toBe(20_000 - row.amount);
  });

  it("an order without a pump price (bad data) answers no litres rather than a wrong figure", async () => {
    const order = await paid();
    await booted.db.update(orders).set({ gasOriginalPrice: null }).where(eq(orders.id, order.orderId));
    expect(await lookUpCode(booted.db, order.qrcode, now(), cashierAt(stationId))).toMatchObject({ gas_original_price: null, litres: null, order_amount: 10_040 });
  });
});
