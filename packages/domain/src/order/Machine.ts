import { Data, Result } from "effect";
import { match, P } from "ts-pattern";
import { fuelQrExpiresAt, fuelQrValid } from "../QrCode.ts";
import type { EpochMs } from "../Time.ts";
import type { OrderKind } from "./Kinds.ts";
import { createOrder, paidAtOf, type Order } from "./Record.ts";
import { TERMINAL_STATUSES, type OrderStatus } from "./Status.ts";

/**
 * Spec §4: the life cycle of an order as one state machine, {@link transition}. Failures are tagged
 * errors whose `_tag` keys their text in the message catalogue.
 * @module
 */

/**
 * The events that move an order (spec §4):
 * - `Create`: a customer places an order of `kind` (accepted only from {@link DRAFT}).
 * - `Pay`: the payment provider reports a payment made `at` (epoch ms).
 * - `Cancel`: the customer cancels an unpaid order.
 * - `Redeem`: the cashier redeems a fuel order's QR code.
 * - `ExpireUnpaid`: the 15-minute pay window has passed.
 * - `ExpireQr`: a fuel order's 48-hour QR validity has passed.
 * - `Void`: an operator voids a paid order.
 * - `RejectRecharge`: the card distributor rejects a recharge, giving a reason.
 * - `SettleRecharge`: the card distributor has credited the card (the recharge is done).
 */
export type OrderEvent = Data.TaggedEnum<{
  Create: { readonly kind: OrderKind };
  Pay: { readonly at: EpochMs };
  Cancel: {};
  Redeem: {};
  ExpireUnpaid: {};
  ExpireQr: {};
  Void: {};
  RejectRecharge: { readonly reason: string };
  SettleRecharge: {};
}>;

/** Constructors and matchers of {@link OrderEvent}: `OrderEvent.Pay({ at })`, `OrderEvent.Cancel()`. */
export const OrderEvent = Data.taggedEnum<OrderEvent>();

/** The tag of every order event. */
export const ORDER_EVENT_TAGS: ReadonlyArray<OrderEvent["_tag"]> = [
  "Create",
  "Pay",
  "Cancel",
  "Redeem",
  "ExpireUnpaid",
  "ExpireQr",
  "Void",
  "RejectRecharge",
  "SettleRecharge",
];

/**
 * The state before an order exists. It has no status code and is never stored: it lets the
 * machine own order creation (`transition(DRAFT, Create({ kind }), now)`) so that every order, on
 * the client or the server, starts from the same rule as {@link createOrder}.
 */
export interface Draft {
  readonly status: "draft";
}

/** The one draft (see {@link Draft}). */
export const DRAFT: Draft = { status: "draft" };

/** The states of the machine: before the order exists, or one of its statuses. */
export type MachineStatus = Draft["status"] | OrderStatus;

/** Spec §4: the event is not allowed in the order's state (including every event from a terminal state). */
export class IllegalTransition extends /* @__PURE__ */ Data.TaggedError("IllegalTransition")<{
  readonly from: MachineStatus;
  readonly event: OrderEvent["_tag"];
}> {}

/** Issue 4: a payment made at or after the pay deadline (15 minutes after creation) is refused. */
export class PayWindowClosed extends /* @__PURE__ */ Data.TaggedError("PayWindowClosed")<{
  readonly payDeadline: EpochMs;
  readonly at: EpochMs;
}> {}

/** Spec §4/§9: a fuel order's QR code is redeemed 48 hours or more after payment. */
export class QrExpired extends /* @__PURE__ */ Data.TaggedError("QrExpired")<{ readonly expiredAt: EpochMs }> {}

/**
 * An expiry event arrived before its time (an unpaid order before its pay deadline, a QR code
 * before 48 h). A scheduler firing early is a bug, not a customer's doing.
 */
export class NotDueYet extends /* @__PURE__ */ Data.TaggedError("NotDueYet")<{
  readonly event: "ExpireUnpaid" | "ExpireQr";
  readonly dueAt: EpochMs;
}> {}

/** Spec §4: a rejected recharge must show a reason, so a rejection without one (or only blanks) is refused. */
export class RejectionReasonMissing extends /* @__PURE__ */ Data.TaggedError("RejectionReasonMissing")<{}> {}

/** Every way {@link transition} can refuse an event. */
export type TransitionError = IllegalTransition | PayWindowClosed | QrExpired | NotDueYet | RejectionReasonMissing;

type Step = Result.Result<Order, TransitionError>;

const illegal = ([state, event]: readonly [Order | Draft, OrderEvent]): Step =>
  Result.fail(new IllegalTransition({ from: state.status, event: event._tag }));

const moveTo = (order: Order, status: OrderStatus): Step => Result.succeed({ ...order, status });

/**
 * Spec §4: a payment as data: accepted from `from` when made before the pay deadline
 * (`at < payDeadline`, whatever the order's kind and whatever `now`), leading to `to` with `paidAt`
 * the payment's instant. {@link transition} applies it; the server's `apply_payment`
 * (drizzle/0008_apply_payment.sql) takes it as status codes, so the two cannot drift apart.
 */
export const PAY_RULE = { from: "unpaid", to: "unused" } as const satisfies { readonly from: OrderStatus; readonly to: OrderStatus };

/**
 * Spec §4: the order life cycle. Applies `event` at `now` (epoch ms) to an order (or to
 * {@link DRAFT}) and returns the next order, or why the event is refused:
 *
 * | from | event | to |
 * |---|---|---|
 * | draft | Create | unpaid, pay deadline = now + 15 min |
 * | unpaid | Pay{at}, at < pay deadline | unused, paidAt = at (else PayWindowClosed) |
 * | unpaid | Cancel | cancelled |
 * | unpaid | ExpireUnpaid, now >= pay deadline | cancelled (else NotDueYet) |
 * | unused fuel | Redeem, QR valid at now | used (else QrExpired) |
 * | unused fuel | ExpireQr, now >= paidAt + 48 h | expired (else NotDueYet) |
 * | unused | Void | voided |
 * | unused recharge | RejectRecharge{reason}, reason not blank | rejected with the trimmed reason (else RejectionReasonMissing) |
 * | unused recharge | SettleRecharge | used (done) |
 *
 * Anything else, and every event from a terminal status, is {@link IllegalTransition}. The pay
 * window is judged by the payment's own instant `at`, not by `now`: a customer who paid in time
 * keeps the order even when the provider's notification arrives late.
 */
export const transition = (state: Order | Draft, event: OrderEvent, now: EpochMs): Step =>
  match<readonly [Order | Draft, OrderEvent], Step>([state, event])
    .with([{ status: "draft" }, { _tag: "Create" }], ([, e]) => Result.succeed(createOrder({ kind: e.kind, createdAt: now })))
    .with([{ status: "draft" }, P._], illegal)
    .with([{ status: P.union(...TERMINAL_STATUSES) }, P._], illegal)
    .with([{ status: PAY_RULE.from }, { _tag: "Pay" }], ([o, e]) =>
      e.at < o.payDeadline
        ? Result.succeed({ ...o, status: PAY_RULE.to, paidAt: e.at })
        : Result.fail(new PayWindowClosed({ payDeadline: o.payDeadline, at: e.at })),
    )
    .with([{ status: "unpaid" }, { _tag: "Cancel" }], ([o]) => moveTo(o, "cancelled"))
    .with([{ status: "unpaid" }, { _tag: "ExpireUnpaid" }], ([o]) =>
      now >= o.payDeadline ? moveTo(o, "cancelled") : Result.fail(new NotDueYet({ event: "ExpireUnpaid", dueAt: o.payDeadline })),
    )
    .with(
      [{ status: "unpaid" }, { _tag: P.union("Create", "Redeem", "ExpireQr", "Void", "RejectRecharge", "SettleRecharge") }],
      illegal,
    )
    .with([{ status: "unused", kind: "fuel" }, { _tag: "Redeem" }], ([o]) =>
      fuelQrValid(paidAtOf(o), now) ? moveTo(o, "used") : Result.fail(new QrExpired({ expiredAt: fuelQrExpiresAt(paidAtOf(o)) })),
    )
    .with([{ status: "unused", kind: "fuel" }, { _tag: "ExpireQr" }], ([o]) =>
      fuelQrValid(paidAtOf(o), now)
        ? Result.fail(new NotDueYet({ event: "ExpireQr", dueAt: fuelQrExpiresAt(paidAtOf(o)) }))
        : moveTo(o, "expired"),
    )
    .with([{ status: "unused" }, { _tag: "Void" }], ([o]) => moveTo(o, "voided"))
    .with([{ status: "unused", kind: "recharge" }, { _tag: "RejectRecharge" }], ([o, e]) => {
      const reason = e.reason.trim();
      return reason === "" ? Result.fail(new RejectionReasonMissing()) : Result.succeed({ ...o, status: "rejected", reason });
    })
    .with([{ status: "unused", kind: "recharge" }, { _tag: "SettleRecharge" }], ([o]) => moveTo(o, "used"))
    .with([{ status: "unused" }, { _tag: P.union("Create", "Pay", "Cancel", "ExpireUnpaid") }], illegal)
    .with([{ status: "unused", kind: "fuel" }, { _tag: P.union("RejectRecharge", "SettleRecharge") }], illegal)
    .with([{ status: "unused", kind: "recharge" }, { _tag: P.union("Redeem", "ExpireQr") }], illegal)
    .exhaustive();
