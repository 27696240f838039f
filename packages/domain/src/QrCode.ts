import {
  FUEL_QR_VALIDITY_MS,
  RECHARGE_QR_EXPIRED_AFTER_MS,
  RECHARGE_QR_REGENERATE_HIDDEN_AFTER_MS,
} from "./Constants.ts";
import type { CardType } from "./order/Kinds.ts";
import type { Order } from "./order/Record.ts";
import { REFUND_STATUS } from "./Refund.ts";
import type { EpochMs } from "./Time.ts";

/**
 * The QR-code rules of spec §4 and §9: how long a paid fuel order's redemption code is good for,
 * and what a recharge order's detail shows in its QR area. Every instant is epoch milliseconds
 * passed in by the caller (`paidAt` is the order's payment_time, `now` the caller's clock).
 *
 * The boundaries are deliberate and differ: the fuel code is valid for strictly less than 48 h
 * (a code is "valid 48 hours", so at 48 h sharp the 48 hours are over), while the recharge rules
 * trigger only when *more than* 24 h / 8 min have passed, as the spec words them.
 * @module
 */

/** Spec §4/§9: the instant (epoch ms) a fuel order's QR code stops being valid: 48 h after payment. */
export const fuelQrExpiresAt = (paidAt: EpochMs): EpochMs => paidAt + FUEL_QR_VALIDITY_MS;

/**
 * Spec §4/§9: a fuel order's QR code is valid 48 hours after payment. Valid while
 * `now - paidAt < 48 h`; at exactly 48 h it is expired. An instant before `paidAt` (a phone clock
 * running behind the server's) counts as valid: the customer has paid and must not be turned away.
 */
export const fuelQrValid = (paidAt: EpochMs, now: EpochMs): boolean => now < fuelQrExpiresAt(paidAt);

/**
 * Spec §4 (recharge order detail): the QR area reads expired/used when payment was *more than*
 * 24 hours ago. At exactly 24 h it is not yet.
 */
export const rechargeQrExpiredOrUsed = (paidAt: EpochMs, now: EpochMs): boolean =>
  now - paidAt > RECHARGE_QR_EXPIRED_AFTER_MS;

/**
 * Spec §4/§9: the last instant (epoch ms) at which a recharge order's 'regenerate QR' button may
 * still show: 8 minutes after payment. A UI can schedule its hiding for just after this instant.
 */
export const regenerateQrShownUntil = (paidAt: EpochMs): EpochMs => paidAt + RECHARGE_QR_REGENERATE_HIDDEN_AFTER_MS;

/** The facts of a recharge order that decide whether its QR may be regenerated (spec §4). */
export interface RechargeQrFacts {
  /** Epoch ms of payment (payment_time). */
  readonly paidAt: EpochMs;
  /** The order's `refund_status` code as received; any code other than 3 leaves the button alone. */
  readonly refundStatus: number;
  /** The recharged card's type. */
  readonly cardType: CardType;
}

/**
 * Spec §4 (recharge order detail): whether the 'regenerate QR' button shows. It is hidden when
 * more than 8 minutes have passed since payment (exactly 8 min still shows it), when
 * refund_status is 3 (refunded: there is nothing left to redeem), or when the card type is
 * top-up replacement.
 */
export const canRegenerateRechargeQr = (facts: RechargeQrFacts, now: EpochMs): boolean =>
  now <= regenerateQrShownUntil(facts.paidAt) &&
  facts.refundStatus !== REFUND_STATUS.refunded &&
  facts.cardType !== "topUpReplacement";

/**
 * Issue 12: whether a fuel order's QR code may be regenerated at `now` (the detail's 'regenerate
 * QR' action, `POST /api/order/resetQR`): the order is paid and unused (status 2), no refund was
 * asked for (`refundStatus` 0: a refund voids the code for good), and its code is still within
 * the 48 h validity ({@link fuelQrValid}). A new code replaces the old one (a screenshot that
 * leaked, a code the cashier cannot scan) but does not extend the 48 h: validity runs from
 * payment. A paid order without payment time is bad data and gets no new code.
 */
export const canRegenerateFuelQr = (order: Order, refundStatus: number, now: EpochMs): boolean =>
  order.kind === "fuel" &&
  order.status === "unused" &&
  refundStatus === REFUND_STATUS.none &&
  order.paidAt !== undefined &&
  fuelQrValid(order.paidAt, now);
