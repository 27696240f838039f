import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orders, payments, qrCodes } from "../../../src/db/schema.ts";
import type { ActRecord, DeskActor, RecordAct } from "../../../src/desk/acts/actor.ts";
import type { RefundDeps } from "../../../src/payments/refunds.ts";
import { Refusal } from "../../../src/refusals/Refusal.ts";
import type { BootedApp } from "../../helpers/app.ts";
import { expectSuccess } from "../../identity/support.ts";
import { call, detail, payInSandbox, type Customer } from "../../orders/support.ts";
import { rechargeDraftFor } from "../../helpers/moneyApp.ts";

/** A cashier of `stations`. */
export const cashierAt = (...stations: number[]): DeskActor => ({ id: 11, name: "li.cashier", role: "cashier", stations });
export const ADMIN: DeskActor = { id: 1, name: "wang.admin", role: "admin", stations: [] };
export const DISTRIBUTOR: DeskActor = { id: 21, name: "zhao.distributor", role: "distributor", stations: [] };

/** A recorder that keeps the acts it was given (the audit log's stand-in until the route binds recordAct). */
export const recorder = (): RecordAct & { readonly acts: ActRecord[] } => {
  const acts: ActRecord[] = [];
  const record = async (_tx: unknown, entry: ActRecord): Promise<void> => {
    acts.push(entry);
  };
  return Object.assign(record, { acts });
};

/** The refusal `act` throws (failing the test when it succeeds or throws anything else). */
export const refusalOf = async (act: Promise<unknown>): Promise<Refusal> => {
  const outcome = await act.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(Refusal);
  return outcome as Refusal;
};

/** Everything an act on one order could touch: its row, its codes, its payments. */
export const orderFacts = async (booted: BootedApp, orderId: number) => ({
  order: (await booted.db.select().from(orders).where(eq(orders.id, orderId)))[0],
  codes: await booted.db.select().from(qrCodes).where(eq(qrCodes.orderId, orderId)),
  payments: await booted.db.select().from(payments).where(eq(payments.orderId, orderId)),
});

export const refundDeps = (booted: BootedApp): RefundDeps => ({
  db: booted.db,
  channels: booted.app.deps.providers.payments.channels,
  log: booted.app.log,
});

/** A recharge of the demo entity card, created and paid through the FY sandbox channel. */
export const paidRecharge = async (booted: BootedApp, who: Customer, stationId: number, overrides: Record<string, unknown> = {}): Promise<number> => {
  const created = expectSuccess<{ order_id: number }>(await call(booted, who, "/api/rechargeorder/create", rechargeDraftFor(stationId, overrides)));
  expectSuccess(await payInSandbox(booted, created.order_id));
  expect((await detail(booted, who, created.order_id)).order_status).toBe(2);
  return created.order_id;
};
