import { Data, Result } from "effect";

/**
 * Spec §1/§3/§4/§9: what an order buys (fuel or recharge), its order_type and the card type of a recharge,
 * with their wire codes.
 * @module
 */

/** Spec §4: the order_type of an order: an entity (physical) card, or pay-as-you-go. */
export type OrderType = "entityCard" | "payAsYouGo";

/** Spec §4: the order_type code of each order type. */
export const ORDER_TYPE_CODES = { entityCard: 1, payAsYouGo: 2 } as const satisfies Record<OrderType, number>;

/** Spec §4: an order_type code. */
export type OrderTypeCode = (typeof ORDER_TYPE_CODES)[OrderType];

/** An order_type code spec §4 does not define. */
export class UnknownOrderTypeCode extends /* @__PURE__ */ Data.TaggedError("UnknownOrderTypeCode")<{ readonly code: number }> {}

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
export class UnknownCardTypeCode extends /* @__PURE__ */ Data.TaggedError("UnknownCardTypeCode")<{ readonly code: number }> {}

/** Spec §4/§9: the card type of a card_type code; fails with {@link UnknownCardTypeCode} on any other number. */
export const cardTypeFromCode = (code: number): Result.Result<CardType, UnknownCardTypeCode> => {
  const found = (Object.keys(CARD_TYPE_CODES) as CardType[]).find((type) => CARD_TYPE_CODES[type] === code);
  return found === undefined ? Result.fail(new UnknownCardTypeCode({ code })) : Result.succeed(found);
};

/**
 * The card type an order's `card_type` names: undefined for none (a fuel order) or a code we do not
 * define (a newer server's; the detail then names no card type rather than failing). The app reads
 * it from the wire order, the server from its row.
 */
export const cardTypeOf = (code: number | null | undefined): CardType | undefined => {
  if (code === null || code === undefined) return undefined;
  const type = cardTypeFromCode(code);
  return Result.isSuccess(type) ? type.success : undefined;
};

/** Spec §4/§9: the card_type code of a card type. */
export const cardTypeCode = (type: CardType): CardTypeCode => CARD_TYPE_CODES[type];

/** What tells a recharge order apart from the purchase of a new card (issue 13, /heartcard). */
export interface CardPurchaseMarks {
  readonly cardType: CardType | undefined;
  /** The card's number; null until the distributor issues a purchased card. */
  readonly cardNumber: string | null;
  /** The server's mark (`issues_card`); undefined from a server that does not send it. */
  readonly issuesCard: boolean | undefined;
}

/**
 * Whether the order buys a new card rather than recharging one: marked so by the server that took
 * it, or, from a server that does not say, a virtual card with no number yet (a recharge always
 * names its card).
 */
export const isCardPurchase = (order: CardPurchaseMarks): boolean =>
  order.issuesCard === true || (order.issuesCard === undefined && order.cardType === "virtual" && order.cardNumber === null);
