import { Pricing, QrCode, Time } from "@fuel/domain";
import type { DeskLookupResponse } from "@fuel/domain/api";
import { eq } from "drizzle-orm";
import { findEnteredCode, findQrCode, type CodeEntry } from "../../cashier/qrCodes.ts";
import { redemptionRefusal } from "../../cashier/redemption.ts";
import type { Database } from "../../db/client.ts";
import { stations } from "../../db/schema.ts";
import { expireDueOrders } from "../../orderRecords/expiry.ts";
import { findOrder } from "../../orderRecords/queries.ts";
import { refuse } from "../../refusals/Refusal.ts";
import type { DeskActor } from "./actor.ts";
import { mayRedeemFor } from "./redeem.ts";

/**
 * `POST /api/desk/lookup {code, entry?}` (issues 26, 34): the cashier types or scans a code and sees
 * what to pump (the order's amount and its litres at the pump price, `Pricing.atThePump`), what was
 * paid, and whether they may redeem it (the same rule redeem applies, ../../cashier/redemption.ts).
 * The code is read as typed or scanned (`findEnteredCode`); an unknown typed code is refused in
 * its own words. A code of a station the cashier does not serve is refused before anything of the
 * order is shown. Writes only what time has decided (the order's read-time expiry, as the
 * customer's detail does).
 */
export const lookUpCode = async (db: Database, typed: string, now: number, actor: DeskActor, entry: CodeEntry = "scanned"): Promise<DeskLookupResponse> => {
  const found = await findEnteredCode(db, { text: typed, entry });
  await expireDueOrders(db, now, { orderId: found.orderId });
  const order = await findOrder(db, found.orderId);
  const code = await findQrCode(db, found.code);
  if (order === undefined || code === undefined) throw refuse("QrUnknown");
  const mayRedeemAt = mayRedeemFor(actor);
  if (!mayRedeemAt(order.stationId)) throw refuse("QrOtherStation");

  const paidAt = order.paidAt?.getTime() ?? null;
  const refusal = redemptionRefusal(
    {
      kind: order.kind,
      status: order.status,
      refundStatus: order.refundStatus,
      paidAt,
      stationId: order.stationId,
      codeRedeemedAt: code.redeemedAt?.getTime() ?? null,
      codeRedeemedBy: code.redeemedBy,
      codeVoided: code.voidedAt !== null,
    },
    mayRedeemAt,
    now,
  );
  const station =
    order.stationId === null ? undefined : (await db.select({ title: stations.title }).from(stations).where(eq(stations.id, order.stationId)).limit(1))[0];
  const pump = Pricing.atThePump(order.orderAmount, order.amount, order.gasOriginalPrice);
  return {
    order_id: order.id,
    order_status: order.status as DeskLookupResponse["order_status"],
    station_title: station?.title ?? null,
    order_amount: pump.pumpAmount,
    gas_original_price: pump.pumpPrice,
    litres: pump.litres,
    amount: order.amount,
    paid_at: paidAt === null ? null : Time.formatChinaIso(paidAt),
    valid_until: paidAt === null || order.kind !== "fuel" ? null : Time.formatChinaIso(QrCode.fuelQrExpiresAt(paidAt)),
    redeemed_at: code.redeemedAt === null ? null : Time.formatChinaIso(code.redeemedAt.getTime()),
    redeemed_by: code.redeemedBy,
    may_redeem: refusal === undefined,
    refusal: refusal === undefined ? null : { tag: refusal.reason, params: { ...refusal.params } },
  };
};
