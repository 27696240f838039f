import { Refund } from "@fuel/domain";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders, payments } from "../db/schema.ts";
import { forgetOldIdempotencyKeys } from "../http/idempotency.ts";
import { forgetOldAttempts } from "../limits/attempts.ts";
import { closeAtChannel } from "../orders/cancelOrder.ts";
import { expireDueOrders } from "../orderRecords/expiry.ts";
import type { Clock } from "../providers/clock/Clock.ts";
import { runEvery } from "../periodic.ts";
import type { ChannelName, PaymentChannel } from "../payments/PaymentChannel.ts";
import { refundOrder, refundStrayPayment, type RefundDeps } from "../payments/refunds.ts";

/**
 * The background sweep: what time and outages leave undone, done again. Nothing depends on it for
 * correctness as a reader sees it (expiry is applied at read time), but it keeps the stored
 * statuses current for operators and reports, tells the channels about closed orders, and, above
 * all, retries refunds the channel refused or could not take: a refund is never left behind.
 * Every step is idempotent, so several servers may sweep the same database.
 */

export interface SweepDeps extends RefundDeps {
  readonly clock: Clock;
  readonly channels: Readonly<Record<ChannelName, PaymentChannel>>;
}

export interface SweepReport {
  readonly cancelled: number;
  readonly expired: number;
  readonly orderRefundsRetried: number;
  readonly strayRefundsRetried: number;
  readonly idempotencyKeysForgotten: number;
  /** Rate-limit attempts older than every limit's window (../limits/attempts.ts). */
  readonly rateLimitEventsForgotten: number;
}

/** How often `npm start` sweeps. */
export const SWEEP_INTERVAL_MS = 30_000;

export const sweepOnce = async (deps: SweepDeps): Promise<SweepReport> => {
  const db: Database = deps.db;
  const now = deps.clock.now();
  const { cancelled, expired } = await expireDueOrders(db, now);
  for (const order of cancelled) if (order.prepayId !== null) await closeAtChannel(deps, order, now);

  const pendingOrders = await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.refundStatus, [Refund.REFUND_STATUS.requested, Refund.REFUND_STATUS.refunding]));
  for (const { id } of pendingOrders) await refundOrder(deps, id, now);

  const stray = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.refundRequired, true), isNull(payments.refundedAt)));
  for (const { id } of stray) await refundStrayPayment(deps, id, now);

  return {
    cancelled: cancelled.length,
    expired: expired.length,
    orderRefundsRetried: pendingOrders.length,
    strayRefundsRetried: stray.length,
    idempotencyKeysForgotten: await forgetOldIdempotencyKeys(db, now),
    rateLimitEventsForgotten: await forgetOldAttempts(db, now),
  };
};

/** Sweeps every {@link SWEEP_INTERVAL_MS} until stopped (../periodic.ts: never two sweeps at once); a failed sweep is logged and the next one tries again. */
export const startSweeper = (deps: SweepDeps, intervalMs: number = SWEEP_INTERVAL_MS): { stop(): Promise<void> } =>
  runEvery(intervalMs, async () => {
    await sweepOnce(deps).catch((err: unknown) => deps.log.error({ err: String(err) }, "sweep failed; the next one tries again"));
  });
