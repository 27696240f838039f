import { Refund } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { auditLog, invoiceOrders, invoices, orders, payments } from "../../src/db/schema.ts";
import { redeemAtDesk } from "../../src/desk/acts/redeem.ts";
import { issueThroughProvider } from "../../src/invoicing/platformIssuing.ts";
import type { BootedApp } from "../helpers/app.ts";
import { paidFuelOrder } from "../helpers/moneyApp.ts";
import { call, customer } from "../orders/support.ts";
import { cashierAt, recorder } from "../desk/acts/support.ts";
import { deskPost, signedInStaff, tagOf } from "../desk/support.ts";
import { apply, savedTitle, setPolicy, usedFuelOrder } from "./support.ts";

/**
 * Issue 35's races, run by races.test.ts on PGlite (one session: the calls take turns, which
 * proves the outcome of each order) and by invoicing.race.test.ts on PostgreSQL (real
 * concurrency). Every call of a round starts before any is answered.
 */

/** Rounds of each race: a few on PGlite (the calls take turns there), more on PostgreSQL. */
export const ROUNDS = (process.env["TEST_DATABASE_URL"]?.trim() ?? "") === "" ? 3 : 12;

const invoicesOf = (booted: BootedApp, orderId: number) =>
  booted.db.select({ id: invoices.id, state: invoices.state }).from(invoiceOrders).innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId)).where(eq(invoiceOrders.orderId, orderId));

/** A paid order redeemed, refunded and asked for at once: the refund and the request never both win. */
export const requestRacingRefund = async (booted: BootedApp, stationId: number): Promise<void> => {
  let refundsWon = 0;
  let requestsWon = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const me = await customer(booted);
    const title = await savedTitle(booted, me);
    const order = await paidFuelOrder(booted, me, stationId);
    const [, refund, request] = await Promise.all([
      redeemAtDesk(booted.db, order.qrcode, booted.clock.now(), cashierAt(stationId), recorder()).catch(() => undefined),
      call(booted, me, "/api/order/refund", { order_id: order.orderId, reason: "changed my mind" }),
      apply(booted, me, [order.orderId], title),
    ]);
    const [row] = await booted.db.select().from(orders).where(eq(orders.id, order.orderId));
    const requested = await invoicesOf(booted, order.orderId);
    const refunded = refund.statusCode === 200;
    expect(refunded && request.statusCode === 200, `round ${round}: both won`).toBe(false);
    if (refunded) {
      refundsWon += 1;
      expect(requested).toEqual([]);
      expect(["InvoiceOrderRefunded", "InvoiceOrderNotUsed"]).toContain(tagOf(request));
      expect(row?.refundStatus).not.toBe(Refund.REFUND_STATUS.none);
    } else if (request.statusCode === 200) {
      requestsWon += 1;
      expect(requested).toHaveLength(1);
      expect(row).toMatchObject({ status: 3, refundStatus: Refund.REFUND_STATUS.none });
      expect((await booted.db.select().from(payments).where(eq(payments.orderId, order.orderId))).filter((p) => p.refundNo !== null)).toEqual([]);
    }
  }
  // Each side wins somewhere, or the race proves little: on PGlite the calls take turns in order.
  expect(refundsWon + requestsWon).toBeGreaterThan(0);
};

/** Two requests for the same used order at once: exactly one is written; the other is told it is under way. */
export const twoRequestsForOneOrder = async (booted: BootedApp, stationId: number): Promise<void> => {
  for (let round = 0; round < ROUNDS; round++) {
    const me = await customer(booted);
    const title = await savedTitle(booted, me);
    const { orderId } = await usedFuelOrder(booted, me, stationId);
    const answers = await Promise.all([apply(booted, me, [orderId], title), apply(booted, me, [orderId], title), apply(booted, me, [orderId], title)]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).map(tagOf)).toEqual(["InvoiceOrderPending", "InvoiceOrderPending"]);
    expect(await invoicesOf(booted, orderId)).toHaveLength(1);
  }
};

/** Two staff mark one request issued at once, while a third refuses it: exactly one act wins, and one audit row. */
export const concurrentDeskActs = async (booted: BootedApp, stationId: number): Promise<void> => {
  const li = (await signedInStaff(booted, "li.cashier", "cashier", [stationId])).cookie;
  const wang = (await signedInStaff(booted, "wang.cashier", "cashier", [stationId])).cookie;
  const ada = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
  for (let round = 0; round < ROUNDS; round++) {
    const me = await customer(booted);
    const { orderId } = await usedFuelOrder(booted, me, stationId);
    const invoiceId = (await apply(booted, me, [orderId], await savedTitle(booted, me))).json<{ data: { invoice_id: number } }>().data.invoice_id;
    const auditBefore = (await booted.db.select().from(auditLog)).length;
    const answers = await Promise.all([
      deskPost(booted, "/api/desk/invoices/issue", { invoice_id: invoiceId, number: `2444200000001234${String(round).padStart(4, "0")}` }, { cookie: li }),
      deskPost(booted, "/api/desk/invoices/issue", { invoice_id: invoiceId, number: `2444200000009999${String(round).padStart(4, "0")}` }, { cookie: wang }),
      deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: invoiceId, reason: "duplicate" }, { cookie: ada }),
    ]);
    expect(answers.filter((a) => a.statusCode === 200), `round ${round}`).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => [a.statusCode, tagOf(a)])).toEqual([
      [409, "InvoiceNotOpen"],
      [409, "InvoiceNotOpen"],
    ]);
    const acts = (await booted.db.select().from(auditLog)).slice(auditBefore).filter((r) => r.act.startsWith("invoice"));
    expect(acts).toHaveLength(1);
    const [row] = await booted.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect(row?.state).toBe(winner === 2 ? "refused" : "issued");
    expect(row?.actedBy).toBe(["li.cashier", "wang.cashier", "ada.admin"][winner]);
  }
};

/** The job takes a platform request while an admin issues it by hand: one of them has it, never both. */
export const deskRacingTheProvider = async (booted: BootedApp, stationId: number): Promise<void> => {
  await setPolicy(booted, stationId, "platform");
  const ada = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
  const silent = { error: () => {}, warn: () => {}, info: () => {} };
  for (let round = 0; round < ROUNDS; round++) {
    const me = await customer(booted);
    const { orderId } = await usedFuelOrder(booted, me, stationId);
    const invoiceId = (await apply(booted, me, [orderId], await savedTitle(booted, me))).json<{ data: { invoice_id: number } }>().data.invoice_id;
    const [desk] = await Promise.all([
      deskPost(booted, "/api/desk/invoices/issue", { invoice_id: invoiceId, number: "24442000000012345678" }, { cookie: ada }),
      issueThroughProvider({ db: booted.db, provider: booted.app.deps.providers.invoice, clock: booted.clock, log: silent }),
    ]);
    const [row] = await booted.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (desk.statusCode === 200) expect(row).toMatchObject({ state: "issued", attempt: 0, applyId: null, actedBy: "ada.admin" });
    else {
      expect([desk.statusCode, tagOf(desk)]).toEqual([409, "InvoiceWithProvider"]);
      expect(row).toMatchObject({ state: "issuing", attempt: 1, actedBy: null });
    }
  }
};
