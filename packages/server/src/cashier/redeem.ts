import { Order } from "@fuel/domain";
import { and, eq, isNull } from "drizzle-orm";
import { Result } from "effect";
import type { Database } from "../db/client.ts";
import type { Tx } from "../db/queryable.ts";
import { orders, qrCodes } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import { lockOrder } from "../orderRecords/queries.ts";
import { domainOrder, STATUS } from "../orderRecords/rows.ts";
import { findEnteredCode, type EnteredCode } from "./qrCodes.ts";
import { redemptionRefusal } from "./redemption.ts";

/** Who scans: the name a second scan will read, and the stations they may redeem at. */
export interface Redeemer {
  readonly name: string;
  readonly mayRedeemAt: (stationId: number | null) => boolean;
}

/** The sandbox's stand-in cashier (DESIGN.md §4): redeems anywhere. */
export const SANDBOX_CASHIER: Redeemer = { name: "sandbox cashier", mayRedeemAt: () => true };

export interface Redeemed {
  readonly orderId: number;
  /** The order's status code before (2) and after (3) the redemption. */
  readonly before: number;
  readonly status: number;
  /** Who redeemed it (the redeemer's name) and when (epoch ms), as a later look-up says it. */
  readonly by: string;
  readonly at: number;
}

/**
 * The cashier scans a fuel order's QR code (issues 4, 26: the desk's `POST /api/desk/redeem` and
 * the sandbox's `POST /api/sandbox/cashier/redeem` both call this). Redeemable once: the order
 * becomes used (3) and the code is spent, in one transaction that holds the order's lock, so a
 * second scan, a refund request or the 48-hour expiry racing it cannot both win. `within` runs in
 * that transaction after the redemption (the desk's audit row): it commits with it or not at all.
 * A refusal (./redemption.ts) changes nothing. The code is read as typed or scanned
 * (`findEnteredCode`: any case, spaces and dashes ignored; an old-format code exactly).
 */
export const redeemQrCode = async (
  db: Database,
  entered: EnteredCode,
  now: number,
  by: Redeemer,
  within?: (tx: Tx, redeemed: Redeemed) => Promise<void>,
): Promise<Redeemed> => {
  const found = await findEnteredCode(db, entered);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    if (order === undefined) throw refuse("QrUnknown");
    const [code] = await tx.select().from(qrCodes).where(eq(qrCodes.code, found.code)).limit(1);
    if (code === undefined) throw refuse("QrUnknown");
    const refusal = redemptionRefusal(
      {
        kind: order.kind,
        status: order.status,
        refundStatus: order.refundStatus,
        paidAt: order.paidAt?.getTime() ?? null,
        stationId: order.stationId,
        codeRedeemedAt: code.redeemedAt?.getTime() ?? null,
        codeRedeemedBy: code.redeemedBy,
        codeVoided: code.voidedAt !== null,
      },
      by.mayRedeemAt,
      now,
    );
    if (refusal !== undefined) throw refusal;
    // The state machine has the last word on the move itself.
    const step = Order.transition(domainOrder(order), Order.OrderEvent.Redeem(), now);
    if (Result.isFailure(step)) {
      throw step.failure._tag === "QrExpired" ? refuse("QrExpired") : refuse("QrNotAvailable");
    }
    await tx
      .update(qrCodes)
      .set({ redeemedAt: new Date(now), redeemedBy: by.name })
      .where(and(eq(qrCodes.code, found.code), isNull(qrCodes.redeemedAt)));
    await tx
      .update(orders)
      .set({ status: STATUS.used, usedAt: new Date(now), closedAt: new Date(now) })
      .where(and(eq(orders.id, order.id), eq(orders.status, STATUS.unused)));
    const redeemed: Redeemed = { orderId: order.id, before: order.status, status: STATUS.used, by: by.name, at: now };
    if (within !== undefined) await within(tx, redeemed);
    return redeemed;
  });
};
