import type { Messages } from "@fuel/domain";
import { refuse } from "../refusals/Refusal.ts";
import { applyPayment } from "./applyPayment.ts";
import type { ChannelName, NotificationHeaders, NotificationRefusal } from "./PaymentChannel.ts";
import { refundStrayPayment, type RefundDeps } from "./refunds.ts";
import type { PaymentDeps } from "./customerPayments.ts";

/**
 * A payment notification from a channel (server to server), after the route has read its raw
 * body. Every refusal is a 4xx, so a real channel delivers again, and none writes anything:
 *
 * | what | answer |
 * |---|---|
 * | missing or malformed signature headers, body or resource | 400 |
 * | a signature that does not verify (flipped byte, wrong key), a `Wechatpay-Serial` that is not a configured platform serial, or a timestamp more than 5 minutes off | 401 |
 * | a resource that does not decrypt (tampered GCM tag, wrong key) | 400 |
 * | an order we do not know | 404 |
 * | an amount other than the order's | 400 |
 *
 * A verified notification is acknowledged (200) however often it comes; only the first SUCCESS
 * for a channel transaction changes anything (src/payments/applyPayment.ts).
 */

const REFUSALS: Readonly<Record<NotificationRefusal, Messages.MessageKey>> = {
  malformed: "NotificationMalformed",
  "stale-timestamp": "NotificationStale",
  // Answered as a bad signature (401, the channel delivers again): it cannot be checked with a
  // certificate we hold. Logged apart, since it is what a certificate rotation not yet configured looks like.
  "unknown-serial": "NotificationBadSignature",
  "bad-signature": "NotificationBadSignature",
  undecryptable: "NotificationUndecryptable",
};

export const NOTIFICATION_ACK = "notification received";

export const receiveNotification = async (
  deps: PaymentDeps & RefundDeps,
  channel: ChannelName,
  headers: NotificationHeaders,
  rawBody: string,
  now: number,
): Promise<string> => {
  const verdict = await deps.channels[channel].verifyNotification(headers, rawBody, now);
  if (!verdict.ok) {
    if (verdict.reason === "unknown-serial") {
      deps.log.warn({ channel, serial: headers.serial }, "payment notification signed by a platform certificate whose serial is not configured: refused");
    }
    throw refuse(REFUSALS[verdict.reason]);
  }
  const n = verdict.notification;
  // Only a success moves money; a failed attempt leaves the order payable.
  if (n.tradeState !== "SUCCESS") return NOTIFICATION_ACK;
  const outcome = await applyPayment(
    deps.db,
    { channel, mchntOrderNo: n.mchntOrderNo, transactionId: n.transactionId, amountCents: n.amountCents, paidAt: n.paidAt ?? new Date(now) },
    now,
  );
  if (outcome.kind === "refund-required") {
    deps.log.warn({ orderId: outcome.orderId, paymentId: outcome.paymentId }, "payment for an order that can no longer take it: refunding");
    await refundStrayPayment(deps, outcome.paymentId, now);
  }
  return NOTIFICATION_ACK;
};
