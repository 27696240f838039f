import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders, users } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import { doubleTapOf, openUnpaidOrders, refuseTooManyUnpaid, refuseWhenFull } from "./unpaidOrders.ts";
import { openPrepay } from "../payments/openPayment.ts";
import type { ChannelName, PaymentChannel } from "../payments/PaymentChannel.ts";
import { payerOpenidOf } from "../payments/payer.ts";
import { newMchntOrderNo } from "./draftRules.ts";
import { PAYABLE_COLUMNS, STATUS, type PayableOrder } from "../orderRecords/rows.ts";

/**
 * Places a new order (fuel or recharge), or finds the one a double tap already made:
 *
 * 1. the payer must have a messaging-app identity (spec §5: 'authorize via messaging app first');
 * 2. the channel opens the payment first (a prepay id for a fresh merchant order number), so a
 *    channel that is down leaves no dangling unpaid order behind, only a 503 to retry; this is
 *    network I/O in production, so it happens before, not inside, the transaction;
 * 3. one short transaction locks the customer's row (one customer's creations never interleave:
 *    the double-tap check and the insert are atomic), answers an unpaid order from the same draft
 *    within {@link DOUBLE_TAP_WINDOW_MS} if there is one (the prepay just opened is never used
 *    and lapses at the channel), and otherwise inserts the order with its prepay id.
 *
 * A customer with 5 unpaid orders is refused (409, ./unpaidOrders.ts): checked before the
 * prepay is opened, and again under the row lock, where parallel creations cannot both pass.
 */

export const DOUBLE_TAP_WINDOW_MS = 5_000;

export type NewOrder = Omit<typeof orders.$inferInsert, "id" | "userId" | "mchntOrderNo" | "draftHash" | "status" | "prepayId"> & {
  readonly amount: number;
  readonly payDeadline: Date;
  readonly paytype: ChannelName;
};

export interface PlaceOrder {
  readonly userId: number;
  /** The payer's identity as authentication read it; undefined: read it from the customer's row. */
  readonly oauthId: string | null | undefined;
  readonly draftHash: string;
  readonly prefix: "FO" | "RC";
  readonly description: string;
  readonly values: NewOrder;
}

export const storeNewOrder = async (
  deps: { readonly db: Database; readonly channels: Readonly<Record<ChannelName, PaymentChannel>> },
  place: PlaceOrder,
  now: number,
): Promise<{ readonly order: PayableOrder; readonly payerOpenid: string }> => {
  const { db } = deps;
  const { userId, values } = place;
  const payerOpenid = await payerOpenidOf(db, userId, place.oauthId);
  const draft = { hash: place.draftHash, repeatSince: new Date(now - DOUBLE_TAP_WINDOW_MS) };
  await refuseTooManyUnpaid(db, userId, draft, now);
  for (;;) {
    const mchntOrderNo = newMchntOrderNo(place.prefix, now);
    const prepayId = await openPrepay(deps.channels[values.paytype], {
      mchntOrderNo,
      amountCents: values.amount,
      description: place.description,
      payerOpenid,
      expiresAt: values.payDeadline,
    });
    const stored = await db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      if (user === undefined) throw refuse("OrderNotFound");
      const unpaid = await openUnpaidOrders(tx, userId, now);
      const recent = doubleTapOf(unpaid, draft);
      if (recent !== undefined) return recent;
      refuseWhenFull(unpaid);
      const [row] = await tx
        .insert(orders)
        .values({ ...values, userId, draftHash: place.draftHash, status: STATUS.unpaid, mchntOrderNo, prepayId })
        .onConflictDoNothing({ target: orders.mchntOrderNo })
        .returning(PAYABLE_COLUMNS);
      return row;
    });
    // Undefined only when the random merchant number was taken (a once-in-an-age event): draw again.
    if (stored !== undefined) return { order: stored, payerOpenid };
  }
};
