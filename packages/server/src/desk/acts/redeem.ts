import { Staff, Time } from "@fuel/domain";
import type { DeskRedeemResponse } from "@fuel/domain/api";
import type { CodeEntry } from "../../cashier/qrCodes.ts";
import { redeemQrCode, type Redeemer } from "../../cashier/redeem.ts";
import type { Database } from "../../db/client.ts";
import type { DeskActor, RecordAct } from "./actor.ts";

/** The stations `actor` may redeem at (Staff.mayRedeemAt); an order of no station only an admin may. */
export const mayRedeemFor =
  (actor: DeskActor): Redeemer["mayRedeemAt"] =>
  (stationId) =>
    stationId === null ? actor.role === "admin" : Staff.mayRedeemAt(actor, stationId);

/**
 * `POST /api/desk/redeem {code, entry?}` (issues 26, 34): the cashier redeems a fuel order's code
 * through the same code the sandbox cashier uses (../../cashier/redeem.ts), as themselves: a second
 * scan names them, and the answer says when and by whom, so the screen reads 'used' on every line.
 * The code is read as typed or scanned (`entry`: an unknown typed code is refused in its own
 * words). The audit row ("redeem", the order, status before and after) is written in the
 * redeeming transaction. Refused redeems change nothing and write no row: the refusal is the
 * cashier's answer, and nothing happened to the order.
 */
export const redeemAtDesk = async (
  db: Database,
  code: string,
  now: number,
  actor: DeskActor,
  record: RecordAct,
  entry: CodeEntry = "scanned",
): Promise<DeskRedeemResponse> => {
  const redeemed = await redeemQrCode(db, { text: code, entry }, now, { name: actor.name, mayRedeemAt: mayRedeemFor(actor) }, (tx, r) =>
    record(tx, { act: "redeem", subject: String(r.orderId), before: { order_status: r.before }, after: { order_status: r.status } }),
  );
  return {
    order_id: redeemed.orderId,
    order_status: redeemed.status as DeskRedeemResponse["order_status"],
    redeemed_at: Time.formatChinaIso(redeemed.at),
    redeemed_by: redeemed.by,
  };
};
