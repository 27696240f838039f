import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../../src/db/schema.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp, rechargeDraftFor } from "../helpers/moneyApp.ts";
import { expectSuccess } from "../identity/support.ts";
import { call, customer, draftFor } from "./support.ts";

/**
 * Issue 25: the phone fields of a fuel order and a recharge read a pasted number ('+86 139 1234
 * 5678') as its 11 digits, and the order stores those digits.
 */

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(Date.parse("2025-03-10T02:00:00Z"), (world) => ({ booted, stationId } = world));

const phoneOfOrder = async (id: number): Promise<string | undefined> =>
  (await booted.db.select({ phone: orders.phone }).from(orders).where(eq(orders.id, id)))[0]?.phone;

describe("order phones as pasted", () => {
  it("a fuel order with '+86 138-0013 8000' stores 13800138000", async () => {
    const me = await customer(booted);
    const created = expectSuccess<{ order_id: number }>(await call(booted, me, "/api/order/create", draftFor(stationId, { phone: "+86 138-0013 8000" })));
    expect(await phoneOfOrder(created.order_id)).toBe("13800138000");
  });

  it("a recharge with '139 1234 5678' and a pasted second phone stores 13912345678", async () => {
    const me = await customer(booted);
    const draft = rechargeDraftFor(stationId, { phone: "139 1234 5678", phonenum2: "+8613800138000" });
    const created = expectSuccess<{ order_id: number }>(await call(booted, me, "/api/rechargeorder/create", draft));
    expect(await phoneOfOrder(created.order_id)).toBe("13912345678");
  });

  it("getRechargeCardByPhone reads a pasted phone as its 11 digits", async () => {
    const me = await customer(booted, "13800138000");
    const typed = expectSuccess<unknown[]>(await call(booted, me, "/api/recharge/getRechargeCardByPhone", { phone: "13800138000" }));
    expect(typed.length).toBeGreaterThan(0);
    expect(expectSuccess(await call(booted, me, "/api/recharge/getRechargeCardByPhone", { phone: "+86 138-0013 8000" }))).toEqual(typed);
  });
});
