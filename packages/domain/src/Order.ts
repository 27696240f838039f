import { Data, Result } from "effect";
import { match, P } from "ts-pattern";
import { UNPAID_PAY_WINDOW_SECONDS } from "./Constants.ts";
import { canRegenerateRechargeQr, fuelQrExpiresAt, fuelQrValid, rechargeQrExpiredOrUsed } from "./QrCode.ts";
import type { EpochMs } from "./Time.ts";

/**
 * Orders (spec §3, §4): status codes and their names, order and card types, the order-list tabs,
 * the life cycle of an order as a state machine, the actions a customer may take on an order, and
 * the unpaid countdown. Every instant is epoch milliseconds passed in by the caller.
 *
 * The state machine works on {@link Order}, a minimal record of what the rules need; the full wire
 * entity lives in the API contract. Failures are tagged errors whose `_tag` keys their text in the
 * message catalogue.
 * @module
 */

const MS_PER_SECOND = 1_000;

// ---------------------------------------------------------------------------------------------
// Status codes

/**
 * Spec §4: the named states of an order. `unused` is code 2 (paid, not yet redeemed), `used` is
 * code 3 (redeemed; for a recharge, done).
 */
export type OrderStatus = "unpaid" | "unused" | "used" | "rejected" | "voided" | "expired" | "cancelled";

/** Spec §4: every order_status code, in the spec's order. */
export const STATUS_CODES = [1, 2, 3, 6, 7, 8, 9] as const;

/** Spec §4: an order_status code. */
export type StatusCode = (typeof STATUS_CODES)[number];

const CODE_OF_STATUS = {
  unpaid: 1,
  unused: 2,
  used: 3,
  rejected: 6,
  voided: 7,
  expired: 8,
  cancelled: 9,
} as const satisfies Record<OrderStatus, StatusCode>;

const STATUS_OF_CODE: ReadonlyMap<number, OrderStatus> = new Map(
  (Object.keys(CODE_OF_STATUS) as OrderStatus[]).map((status) => [CODE_OF_STATUS[status], status]),
);

/** Spec §4: every named state, in the order of their codes. */
export const ORDER_STATUSES: ReadonlyArray<OrderStatus> = STATUS_CODES.map((code) => STATUS_OF_CODE.get(code)!);

/**
 * Spec §4: the states no event leaves. A used, rejected, voided, expired or cancelled order is
 * history; a refund (refund_status) is a separate matter that does not change order_status.
 */
export const TERMINAL_STATUSES = ["used", "rejected", "voided", "expired", "cancelled"] as const satisfies ReadonlyArray<OrderStatus>;

/** Spec §4: whether no event can move an order out of `status`. */
export const isTerminal = (status: OrderStatus): boolean => (TERMINAL_STATUSES as ReadonlyArray<OrderStatus>).includes(status);

/** An order_status code that spec §4 does not define (4, 5, 0, a fraction...). */
export class UnknownStatusCode extends Data.TaggedError("UnknownStatusCode")<{ readonly code: number }> {}

/** Spec §4: the named state of an order_status code; fails with {@link UnknownStatusCode} on any other number. */
export const statusFromCode = (code: number): Result.Result<OrderStatus, UnknownStatusCode> => {
  const status = STATUS_OF_CODE.get(code);
  return status === undefined ? Result.fail(new UnknownStatusCode({ code })) : Result.succeed(status);
};

/** Spec §4: the order_status code of a named state. */
export const statusCode = (status: OrderStatus): StatusCode => CODE_OF_STATUS[status];

/**
 * What the customer reads for a status. Spec §4 shows code 2 as 'paid' on the order detail; our
 * reading of the recharge flow (nothing is redeemed at a cashier, the distributor settles it) is
 * that a recharge order reads 'paid' for code 2 and 'done' for code 3 everywhere.
 */
export type StatusLabel = OrderStatus | "paid" | "done";

/** Spec §4: the label of a status on the order list or the order detail (see {@link StatusLabel}). */
export const statusLabel = (status: OrderStatus, kind: OrderKind, view: "list" | "detail"): StatusLabel => {
  if (kind === "recharge") return status === "unused" ? "paid" : status === "used" ? "done" : status;
  return status === "unused" && view === "detail" ? "paid" : status;
};

// ---------------------------------------------------------------------------------------------
// Order types, kinds and card types

/** Spec §4: the order_type of an order: an entity (physical) card, or pay-as-you-go. */
export type OrderType = "entityCard" | "payAsYouGo";

/** Spec §4: the order_type code of each order type. */
export const ORDER_TYPE_CODES = { entityCard: 1, payAsYouGo: 2 } as const satisfies Record<OrderType, number>;

/** Spec §4: an order_type code. */
export type OrderTypeCode = (typeof ORDER_TYPE_CODES)[OrderType];

/** An order_type code spec §4 does not define. */
export class UnknownOrderTypeCode extends Data.TaggedError("UnknownOrderTypeCode")<{ readonly code: number }> {}

/** Spec §4: the order type of an order_type code; fails with {@link UnknownOrderTypeCode} on any other number. */
export const orderTypeFromCode = (code: number): Result.Result<OrderType, UnknownOrderTypeCode> =>
  code === ORDER_TYPE_CODES.entityCard
    ? Result.succeed("entityCard")
    : code === ORDER_TYPE_CODES.payAsYouGo
      ? Result.succeed("payAsYouGo")
      : Result.fail(new UnknownOrderTypeCode({ code }));

/** Spec §4: the order_type code of an order type. */
export const orderTypeCode = (type: OrderType): OrderTypeCode => ORDER_TYPE_CODES[type];

/**
 * Spec §1/§4: what an order buys. A `fuel` order is a one-key fuel order, redeemed with a QR code
 * at the cashier; a `recharge` order tops up a fuel card and is settled (or rejected) by the
 * card distributor.
 */
export type OrderKind = "fuel" | "recharge";

/** Spec §3/§4/§9: the card a recharge order tops up: entity, virtual, or top-up replacement. */
export type CardType = "entity" | "virtual" | "topUpReplacement";

/**
 * The card_type code of each card type. Spec §9 names entity and virtual; spec §4 names
 * top-up replacement but gives no code for it: code 3 is our decision.
 */
export const CARD_TYPE_CODES = { entity: 1, virtual: 2, topUpReplacement: 3 } as const satisfies Record<CardType, number>;

/** A card_type code (see {@link CARD_TYPE_CODES}). */
export type CardTypeCode = (typeof CARD_TYPE_CODES)[CardType];

/** A card_type code we do not define. */
export class UnknownCardTypeCode extends Data.TaggedError("UnknownCardTypeCode")<{ readonly code: number }> {}

/** Spec §4/§9: the card type of a card_type code; fails with {@link UnknownCardTypeCode} on any other number. */
export const cardTypeFromCode = (code: number): Result.Result<CardType, UnknownCardTypeCode> => {
  const found = (Object.keys(CARD_TYPE_CODES) as CardType[]).find((type) => CARD_TYPE_CODES[type] === code);
  return found === undefined ? Result.fail(new UnknownCardTypeCode({ code })) : Result.succeed(found);
};

/** Spec §4/§9: the card_type code of a card type. */
export const cardTypeCode = (type: CardType): CardTypeCode => CARD_TYPE_CODES[type];

// ---------------------------------------------------------------------------------------------
// Order list tabs

/** Spec §2 (/orderlist): the tabs of the order list. */
export type OrderListTab = "all" | "unpaid" | "unused" | "used" | "expired";

/** Spec §2 (/orderlist): the tabs in the order they are shown. */
export const ORDER_LIST_TABS: ReadonlyArray<OrderListTab> = ["all", "unpaid", "unused", "used", "expired"];

const TAB_STATUS_CODES: Record<OrderListTab, ReadonlyArray<StatusCode>> = {
  all: STATUS_CODES,
  unpaid: [CODE_OF_STATUS.unpaid],
  unused: [CODE_OF_STATUS.unused],
  used: [CODE_OF_STATUS.used],
  expired: [CODE_OF_STATUS.expired],
};

/**
 * Spec §2/§4: the order_status codes a tab of the order list shows. Each named tab shows exactly
 * its own status; rejected, voided and cancelled orders have no tab of their own, so (our reading)
 * they are found under 'all' only.
 */
export const statusesForTab = (tab: OrderListTab): ReadonlyArray<StatusCode> => TAB_STATUS_CODES[tab];

// ---------------------------------------------------------------------------------------------
// The order record and the unpaid countdown

/**
 * The facts of an order the life-cycle rules need (spec §3, §4). `paidAt` is set once paid;
 * `reason` is the distributor's rejection reason of a rejected recharge order.
 */
export interface Order {
  readonly kind: OrderKind;
  readonly status: OrderStatus;
  /** Epoch ms the order was created (created_at). */
  readonly createdAt: EpochMs;
  /** Epoch ms from which the order can no longer be paid: createdAt + 15 min. */
  readonly payDeadline: EpochMs;
  /** Epoch ms of payment (payment_time). */
  readonly paidAt?: EpochMs;
  /** Spec §3/§4: why the distributor rejected a recharge order. */
  readonly reason?: string;
}

/** Issue 4: the instant (epoch ms) an order created at `createdAt` can no longer be paid: 15 minutes later. */
export const payDeadline = (createdAt: EpochMs): EpochMs => createdAt + UNPAID_PAY_WINDOW_SECONDS * MS_PER_SECOND;

/** Spec §4: a new order is unpaid, with 15 minutes to pay. */
export const createOrder = (input: { readonly kind: OrderKind; readonly createdAt: EpochMs }): Order => ({
  kind: input.kind,
  status: "unpaid",
  createdAt: input.createdAt,
  payDeadline: payDeadline(input.createdAt),
});

/**
 * Spec §3/§4: whole seconds left to pay an order at `now`: the value of the `count` field a server
 * sends. Rounded up, so the order is payable exactly while this is above 0; never negative.
 */
export const secondsLeftToPay = (order: Pick<Order, "payDeadline">, now: EpochMs): number =>
  Math.max(0, Math.ceil((order.payDeadline - now) / MS_PER_SECOND));

/**
 * Spec §3/§4: the unpaid countdown shown on the list and detail, in whole seconds. `countAtLoad` is
 * the `count` field (seconds left to pay when the order was loaded) and `elapsedMs` the time since.
 * It ticks down once per full second elapsed, stops at 0, and never counts up: a negative elapsed
 * time (a clock set back) counts as none, and nonsense input reads as 0 so nothing stays payable by
 * accident.
 */
export const unpaidSecondsLeft = (countAtLoad: number, elapsedMs: number): number => {
  if (!Number.isFinite(countAtLoad) || Number.isNaN(elapsedMs)) return 0;
  // In integer milliseconds, so no binary fraction can push a whole second across the rounding.
  const leftMs = Math.round(countAtLoad * MS_PER_SECOND) - Math.max(0, elapsedMs);
  return Math.max(0, Math.ceil(leftMs / MS_PER_SECOND));
};

// A paid order without payment_time is bad data. The payment happened before the pay deadline, so
// the deadline is the latest instant it can have happened: using it never cuts a code short, and
// errs by at most the 15 minutes the pay window lasts.
const paidAtOf = (order: Order): EpochMs => order.paidAt ?? order.payDeadline;

// ---------------------------------------------------------------------------------------------
// The state machine

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
export class IllegalTransition extends Data.TaggedError("IllegalTransition")<{
  readonly from: MachineStatus;
  readonly event: OrderEvent["_tag"];
}> {}

/** Issue 4: a payment made at or after the pay deadline (15 minutes after creation) is refused. */
export class PayWindowClosed extends Data.TaggedError("PayWindowClosed")<{
  readonly payDeadline: EpochMs;
  readonly at: EpochMs;
}> {}

/** Spec §4/§9: a fuel order's QR code is redeemed 48 hours or more after payment. */
export class QrExpired extends Data.TaggedError("QrExpired")<{ readonly expiredAt: EpochMs }> {}

/**
 * An expiry event arrived before its time (an unpaid order before its pay deadline, a QR code
 * before 48 h). A scheduler firing early is a bug, not a customer's doing.
 */
export class NotDueYet extends Data.TaggedError("NotDueYet")<{
  readonly event: "ExpireUnpaid" | "ExpireQr";
  readonly dueAt: EpochMs;
}> {}

/** Spec §4: a rejected recharge must show a reason, so a rejection without one (or only blanks) is refused. */
export class RejectionReasonMissing extends Data.TaggedError("RejectionReasonMissing")<{}> {}

/** Every way {@link transition} can refuse an event. */
export type TransitionError = IllegalTransition | PayWindowClosed | QrExpired | NotDueYet | RejectionReasonMissing;

type Step = Result.Result<Order, TransitionError>;

const illegal = ([state, event]: readonly [Order | Draft, OrderEvent]): Step =>
  Result.fail(new IllegalTransition({ from: state.status, event: event._tag }));

const moveTo = (order: Order, status: OrderStatus): Step => Result.succeed({ ...order, status });

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
    .with([{ status: "unpaid" }, { _tag: "Pay" }], ([o, e]) =>
      e.at < o.payDeadline
        ? Result.succeed({ ...o, status: "unused", paidAt: e.at })
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

// ---------------------------------------------------------------------------------------------
// Allowed actions

/** The actions the order list and detail may offer (spec §4). */
export type OrderAction = "cancel" | "pay" | "showQr" | "regenerateQr";

/** The recharge-order facts beyond {@link Order} that decide 'regenerate QR' (spec §4). */
export interface RechargeDetail {
  /** The order's `refund_status` code as received. */
  readonly refundStatus: number;
  readonly cardType: CardType;
}

/**
 * Spec §4: the actions the UI may offer on an order at `now`, in display order.
 * - unpaid, before the pay deadline: cancel and pay.
 * - unused fuel order with a valid QR code (under 48 h since payment): show QR.
 * - unused recharge order: show QR until payment is more than 24 h old (then the QR area reads
 *   expired/used), and regenerate QR while {@link canRegenerateRechargeQr} allows it.
 *   Without `recharge` detail the regenerate button stays hidden: offering it on a refunded or
 *   top-up replacement order is worse than hiding it.
 * - anything else: nothing.
 */
export const allowedActions = (order: Order, now: EpochMs, recharge?: RechargeDetail): ReadonlyArray<OrderAction> => {
  if (order.status === "unpaid") return now < order.payDeadline ? ["cancel", "pay"] : [];
  if (order.status !== "unused") return [];
  const paidAt = paidAtOf(order);
  if (order.kind === "fuel") return fuelQrValid(paidAt, now) ? ["showQr"] : [];
  const actions: OrderAction[] = [];
  if (!rechargeQrExpiredOrUsed(paidAt, now)) actions.push("showQr");
  if (recharge !== undefined && canRegenerateRechargeQr({ paidAt, ...recharge }, now)) actions.push("regenerateQr");
  return actions;
};
