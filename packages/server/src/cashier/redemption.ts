import { QrCode, Refund, Time } from "@fuel/domain";
import { refuse, type Refusal } from "../refusals/Refusal.ts";
import { STATUS } from "../orderRecords/rows.ts";

/**
 * Whether a scanned code may be redeemed now, and if not, which refusal the cashier reads (issues
 * 4, 26). One rule for the desk's look-up (which only shows it), the desk's redeem and the sandbox
 * cashier's (which act on it under the order's lock), so a look-up never promises what redeem refuses.
 */

/** What decides a redemption: the order's stored facts and its code's (epoch ms for instants). */
export interface RedemptionFacts {
  readonly kind: string;
  readonly status: number;
  readonly refundStatus: number;
  readonly paidAt: number | null;
  readonly stationId: number | null;
  readonly codeRedeemedAt: number | null;
  /** Who redeemed the code; null for a code redeemed before anyone was recorded (migration 0011). */
  readonly codeRedeemedBy: string | null;
  /** Voided: replaced by a regenerated code, or voided by a refund or expiry. */
  readonly codeVoided: boolean;
}

/** The instant the cashier reads in 'already used at ...': China time to the minute, as the receipt shows times. */
export const redeemedAtText = (at: number): string => Time.formatChinaIso(at).slice(0, 16).replace("T", " ");

/**
 * The refusal for redeeming a code with these facts at `now` by someone who may redeem at the
 * stations `mayRedeemAt` accepts, or undefined when it may be redeemed. The station comes first:
 * a cashier of another station learns nothing more about the order than that.
 */
export const redemptionRefusal = (facts: RedemptionFacts, mayRedeemAt: (stationId: number | null) => boolean, now: number): Refusal | undefined => {
  if (!mayRedeemAt(facts.stationId)) return refuse("QrOtherStation");
  if (facts.codeRedeemedAt !== null || facts.status === STATUS.used) {
    const at = facts.codeRedeemedAt;
    return at !== null && facts.codeRedeemedBy !== null ? refuse("QrUsedBy", { at: redeemedAtText(at), by: facts.codeRedeemedBy }) : refuse("QrAlreadyUsed");
  }
  // A recharge order's code is shown at the station but settled by the card distributor.
  if (facts.kind !== "fuel") return refuse("QrNotAvailable");
  if (facts.status === STATUS.unpaid || facts.status === STATUS.cancelled || facts.paidAt === null) return refuse("QrUnpaid");
  if (facts.refundStatus !== Refund.REFUND_STATUS.none || facts.status === STATUS.voided) return refuse("QrRefunded");
  if (facts.status === STATUS.expired || !QrCode.fuelQrValid(facts.paidAt, now)) return refuse("QrExpired");
  // A code the customer replaced (regenerated) is dead; the new one on their phone works.
  if (facts.codeVoided || facts.status !== STATUS.unused) return refuse("QrNotAvailable");
  return undefined;
};
