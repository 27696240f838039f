import { CARD_TYPE_CODES, type OrderKind } from "./Kinds.ts";

/**
 * What an order sells, as staff sort orders (issue 34): fuel, a recharge of an entity or a
 * virtual card, a top-up replacement, or the purchase of a new card. The desk filters and the
 * order export name these; the server turns each into its stored columns.
 * @module
 */

/** Every category an order falls in, exactly one each. */
export type OrderCategory = "fuel" | "entityRecharge" | "virtualRecharge" | "topUpReplacement" | "cardPurchase";

/** Every category, in the order the desk lists them. */
export const ORDER_CATEGORIES: ReadonlyArray<OrderCategory> = ["fuel", "entityRecharge", "virtualRecharge", "topUpReplacement", "cardPurchase"];

/** Whether a string names an {@link OrderCategory}. */
export const isOrderCategory = (s: string): s is OrderCategory => (ORDER_CATEGORIES as ReadonlyArray<string>).includes(s);

/** The stored marks that decide an order's category. */
export interface CategoryMarks {
  readonly kind: OrderKind;
  /** The card_type code (null for fuel). */
  readonly cardType: number | null;
  /** The server's mark of a new card's purchase (`issues_card`). */
  readonly issuesCard: boolean;
}

/**
 * The category of an order: fuel by its kind; a purchase by its mark (it names a virtual card
 * type too, so the mark decides first); a recharge by its card type. A recharge with a card type
 * we do not define reads as an entity recharge, spec §4's first card.
 */
export const categoryOf = (order: CategoryMarks): OrderCategory => {
  if (order.kind === "fuel") return "fuel";
  if (order.issuesCard) return "cardPurchase";
  if (order.cardType === CARD_TYPE_CODES.virtual) return "virtualRecharge";
  if (order.cardType === CARD_TYPE_CODES.topUpReplacement) return "topUpReplacement";
  return "entityRecharge";
};
