import { Refund, type Money } from "@fuel/domain";
import { and, asc, desc, eq } from "drizzle-orm";
import { orders, stations } from "../db/schema.ts";
import type { Queryable } from "../db/queryable.ts";
import { STATUS } from "../orderRecords/rows.ts";

/**
 * What a card distributor works from (the desk's queue, and the sandbox distributor's page): the
 * paid recharge orders and card purchases not settled yet. Exactly the orders `settleRecharge`
 * accepts: kind recharge, status 2 (paid, unused), no refund asked for.
 */

/** The page shows at most this many orders: the newest. */
export const WAITING_ORDERS_SHOWN = 50;

/** The columns a distributor sees of an order (the sandbox page; the desk's queue adds the whole card number). */
const DISTRIBUTOR_COLUMNS = {
  id: orders.id,
  mchntOrderNo: orders.mchntOrderNo,
  issuesCard: orders.issuesCard,
  cardType: orders.cardType,
  lastNumber: orders.lastNumber,
  team: orders.team,
  orderAmount: orders.orderAmount,
  amount: orders.amount,
  phone: orders.phone,
  remark: orders.remark,
  paidAt: orders.paidAt,
} as const;

export interface WaitingOrder {
  readonly id: number;
  readonly mchntOrderNo: string;
  /** A purchase of a new virtual card (issue 13): no card until it is settled 'done'. */
  readonly issuesCard: boolean;
  readonly cardType: number | null;
  readonly lastNumber: string | null;
  readonly team: string | null;
  /** What goes on the card, in cents. */
  readonly orderAmount: number;
  /** What the customer paid, in cents. */
  readonly amount: number;
  readonly phone: string;
  readonly remark: string;
  readonly paidAt: Date | null;
}

/** Exactly the orders `settleRecharge` accepts (the desk's queue reads the same, ../../desk/acts/queue.ts). */
export const waiting = and(eq(orders.kind, "recharge"), eq(orders.status, STATUS.unused), eq(orders.refundStatus, Refund.REFUND_STATUS.none));

/** The orders waiting for the distributor, the most recently paid first (ties: the newer order first); `orderId`: that one only. */
export const waitingOrders = async (db: Queryable, orderId?: number): Promise<WaitingOrder[]> =>
  db
    .select(DISTRIBUTOR_COLUMNS)
    .from(orders)
    .where(orderId === undefined ? waiting : and(waiting, eq(orders.id, orderId)))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(WAITING_ORDERS_SHOWN);

/** The status code of a recharge order (undefined: no such recharge order), for the page's "order N is now ..." line. */
export const rechargeStatus = async (db: Queryable, orderId: number): Promise<number | undefined> =>
  (await db.select({ status: orders.status }).from(orders).where(and(eq(orders.id, orderId), eq(orders.kind, "recharge"))).limit(1))[0]?.status;

/**
 * A waiting order with its whole card number (null for a card purchase not settled yet) and the
 * title of the station the customer chose for it (null when none was chosen, or it is gone), as
 * the desk's queue shows it.
 */
export interface QueuedOrder extends Omit<WaitingOrder, "orderAmount" | "amount"> {
  readonly orderAmount: Money.Cents;
  readonly amount: Money.Cents;
  readonly cardNum: string | null;
  readonly stationTitle: string | null;
}

/** The desk's queue (../desk/acts/queue.ts): the orders waiting the longest first (ties: the older order), at most `limit`. */
export const longestWaitingOrders = async (db: Queryable, limit: number): Promise<QueuedOrder[]> =>
  db
    .select({ ...DISTRIBUTOR_COLUMNS, cardNum: orders.cardNum, stationTitle: stations.title })
    .from(orders)
    .leftJoin(stations, eq(stations.id, orders.stationId))
    .where(waiting)
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(limit);
