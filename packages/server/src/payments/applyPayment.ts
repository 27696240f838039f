import { Order } from "@fuel/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { refuse } from "../refusals/Refusal.ts";
import { newQrPayload } from "../cashier/qrCodes.ts";
import type { ChannelPayment } from "./PaymentChannel.ts";

/**
 * Money received, applied exactly once (issue 4). A payment reaches us as a notification (at
 * least once, maybe many times at once) or as the answer to a query; both come here.
 *
 * One statement, the database function `apply_payment` (drizzle/0008_apply_payment.sql), which
 * runs as its own transaction (issue 14: one round trip instead of six, so the order's row lock is
 * held for a few statements rather than across round trips):
 * 1. lock the order row (every status change of an order takes this lock first, so a cancel, an
 *    expiry or a second delivery waits for us or we for it);
 * 2. refuse an unknown order, a channel the order was not opened at, or a wrong amount (4xx,
 *    nothing written: the channel will deliver again, and a person must look at a wrong amount);
 * 3. record the payment, one row per channel transaction (`UNIQUE (channel, transaction_id)`):
 *    a repeat finds its row and changes nothing;
 * 4. apply `Order.transition(order, Pay{at})` as {@link PAY} (the domain's `Order.PAY_RULE`) says:
 *    unpaid -> unused (paid), with the order's QR code issued in the same transaction. When the
 *    machine refuses (the order was cancelled or had expired meanwhile, or was already paid by
 *    another transaction), the payment is recorded with `refund_required`, and the caller gives
 *    the money back: never lost, never kept for nothing.
 */

export type PaymentOutcome =
  | { readonly kind: "applied"; readonly orderId: number; readonly paymentId: number }
  | { readonly kind: "duplicate"; readonly orderId: number }
  | { readonly kind: "refund-required"; readonly orderId: number; readonly paymentId: number };

/** What `Pay` does, as `apply_payment` takes it: the status codes it is accepted from and the one it leads to. */
export interface PayRule {
  readonly payableFrom: readonly number[];
  readonly paidStatus: number;
}

/** `Order.PAY_RULE` as `apply_payment` takes it: status codes. */
export const PAY: PayRule = { payableFrom: [Order.statusCode(Order.PAY_RULE.from)], paidStatus: Order.statusCode(Order.PAY_RULE.to) };

/** `apply_payment`'s answer (drizzle/0008_apply_payment.sql). */
export type PaymentApplication =
  | { readonly outcome: "applied" | "refund-required"; readonly orderId: number; readonly paymentId: number }
  | { readonly outcome: "duplicate" | "channel-mismatch"; readonly orderId: number }
  | { readonly outcome: "amount-mismatch"; readonly orderId: number; readonly due: number }
  | { readonly outcome: "unknown" };

interface ApplicationRow {
  readonly outcome: PaymentApplication["outcome"];
  readonly orderId: number | null;
  readonly paymentId: number | null;
  readonly due: number | null;
}

/** `apply_payment` prepared once per database (src/db/prepared.ts): the one statement of every payment notification. */
const applyPaymentQuery = preparedPerDatabase("apply_payment", (db, name) => {
  const ph = sql.placeholder;
  return db
    .select({
      outcome: sql<ApplicationRow["outcome"]>`outcome`,
      orderId: sql<number | null>`order_id`,
      paymentId: sql<number | null>`payment_id`,
      due: sql<number | null>`due`,
    })
    .from(
      sql`apply_payment(${ph("mchntOrderNo")}, ${ph("channel")}, ${ph("transactionId")}, ${ph("amount")}, ${ph("paidAt")}::timestamptz, ${ph("now")}::timestamptz, ${ph("payable")}::integer[], ${ph("paidStatus")}, ${ph("qrCode")})`,
    )
    .prepare(name);
});

/** One call of `apply_payment`: lock, checks, payment row, and the order paid or the payment marked for refund. */
export const callApplyPayment = async (db: Database, payment: ChannelPayment, now: number, rule: PayRule = PAY): Promise<PaymentApplication> => {
  const [row] = await applyPaymentQuery(db).execute({
    mchntOrderNo: payment.mchntOrderNo,
    channel: payment.channel,
    transactionId: payment.transactionId,
    amount: payment.amountCents,
    paidAt: payment.paidAt.toISOString(),
    now: new Date(now).toISOString(),
    payable: `{${rule.payableFrom.join(",")}}`,
    paidStatus: rule.paidStatus,
    qrCode: newQrPayload(),
  });
  if (row === undefined) throw new Error("apply_payment answered no row");
  return applicationOf(row);
};

const applicationOf = (row: ApplicationRow): PaymentApplication => {
  const orderId = Number(row.orderId);
  switch (row.outcome) {
    case "unknown":
      return { outcome: "unknown" };
    case "applied":
    case "refund-required":
      return { outcome: row.outcome, orderId, paymentId: Number(row.paymentId) };
    case "duplicate":
    case "channel-mismatch":
      return { outcome: row.outcome, orderId };
    case "amount-mismatch":
      return { outcome: row.outcome, orderId, due: Number(row.due) };
  }
};

export const applyPayment = async (db: Database, payment: ChannelPayment, now: number): Promise<PaymentOutcome> => {
  const applied = await callApplyPayment(db, payment, now);
  switch (applied.outcome) {
    case "unknown":
      throw refuse("OrderNotFound");
    // Each order is opened at one channel; another channel reporting money for it is not believed.
    case "channel-mismatch":
      throw refuse("PaymentChannelMismatch");
    case "amount-mismatch":
      throw refuse("PaymentAmountMismatch", { paid: payment.amountCents, due: applied.due });
    case "duplicate":
      return { kind: "duplicate", orderId: applied.orderId };
    case "applied":
    case "refund-required":
      return { kind: applied.outcome, orderId: applied.orderId, paymentId: applied.paymentId };
  }
};
