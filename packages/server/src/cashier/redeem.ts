import { Order, Refund } from "@fuel/domain";
import { and, eq, isNull } from "drizzle-orm";
import { Result } from "effect";
import type { Database } from "../db/client.ts";
import { orders, qrCodes } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import { lockOrder } from "../orderRecords/queries.ts";
import { domainOrder, STATUS } from "../orderRecords/rows.ts";
import { findQrCode, QR_PAYLOAD } from "./qrCodes.ts";

/**
 * The cashier scans a fuel order's QR code (issue 4; the sandbox cashier calls this through
 * `POST /api/sandbox/cashier/redeem`). Redeemable once: the order becomes used (3) and the code is
 * spent, in one transaction that holds the order's lock, so a second scan, a refund request or the
 * 48-hour expiry racing it cannot both win.
 */
export const redeemQrCode = async (db: Database, payload: string, now: number): Promise<{ readonly orderId: number; readonly status: number }> => {
  // Our codes are `KP` + URL-safe characters; anything else (control characters PostgreSQL text
  // cannot even hold) is not one of ours.
  if (!QR_PAYLOAD.test(payload)) throw refuse("QrUnknown");
  const found = await findQrCode(db, payload);
  if (found === undefined) throw refuse("QrUnknown");
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    if (order === undefined) throw refuse("QrUnknown");
    const [code] = await tx.select().from(qrCodes).where(eq(qrCodes.code, payload)).limit(1);
    if (code === undefined) throw refuse("QrUnknown");
    if (code.redeemedAt !== null || order.status === STATUS.used) throw refuse("QrAlreadyUsed");
    // Read-time expiry (src/orderRecords/expiry.ts) voids the code of an order it expires: the cashier is still told why.
    if (order.status === STATUS.expired) throw refuse("QrExpired");
    // A recharge order's code is shown at the station but settled by the card distributor, not the cashier.
    if (order.kind !== "fuel" || code.voidedAt !== null || order.refundStatus !== Refund.REFUND_STATUS.none) throw refuse("QrNotAvailable");

    const step = Order.transition(domainOrder(order), Order.OrderEvent.Redeem(), now);
    if (Result.isFailure(step)) {
      throw step.failure._tag === "QrExpired" ? refuse("QrExpired") : refuse("QrNotAvailable");
    }
    await tx.update(qrCodes).set({ redeemedAt: new Date(now) }).where(and(eq(qrCodes.code, payload), isNull(qrCodes.redeemedAt)));
    await tx
      .update(orders)
      .set({ status: STATUS.used, usedAt: new Date(now), closedAt: new Date(now) })
      .where(and(eq(orders.id, order.id), eq(orders.status, STATUS.unused)));
    return { orderId: order.id, status: STATUS.used };
  });
};
