import { CardNumber, CardStatus, Order, Validation } from "@fuel/domain";
import type { CardInfo, CardListEntry } from "@fuel/domain/api";
import { Result } from "effect";
import { cardKeyOf, lastDigitsOf } from "./CardsStore.ts";

/** The cards a recharge tops up (spec §9: entity and virtual). */
export type RechargeCardType = Extract<Order.CardType, "entity" | "virtual">;

/** How the card of the draft was chosen: from the customer's cards, a look-up, or typed. */
export type CardSource = "mine" | "phone" | "team" | "typed";

export const CARD_SOURCES: ReadonlyArray<CardSource> = ["mine", "phone", "team", "typed"];

/** A card picked from a list (the customer's cards or a look-up's answer). */
export interface PickedCard {
  readonly lastNumber: string;
  readonly team: string;
  readonly cardType: RechargeCardType;
  /** The number as the answer showed it: whole for the customer's own cards, masked to the last 4 digits otherwise. */
  readonly cardNum?: string;
  /** The server's reference to the card (issue 22): a masked card is recharged by it. */
  readonly cardRef?: string;
  /** The distributor's status text, when known (echoed as `card_status`). */
  readonly status?: string;
}

/** The card the draft tops up, whichever way it was chosen. */
export type DraftCard = PickedCard;

/** A recharge tops up entity and virtual cards only: any other code is read as the entity card this flow is about. */
const rechargeTypeOf = (code: number | null | undefined): RechargeCardType => (Order.cardTypeOf(code) === "virtual" ? "virtual" : "entity");

/** One of the customer's cards (`cardlist`). */
export const listedCard = (entry: CardListEntry): PickedCard => ({
  lastNumber: entry.last_number,
  team: entry.team,
  cardType: rechargeTypeOf(entry.card_type),
  cardNum: entry.card_num,
  ...(entry.card_ref === undefined ? {} : { cardRef: entry.card_ref }),
});

/**
 * A card a look-up found. The answer does not say its type: the customer's own card of that
 * number (`listed`) has it, otherwise it is an entity card (the card this page recharges).
 */
export const foundCard = (info: CardInfo, listed: CardListEntry | undefined): PickedCard => ({
  lastNumber: lastDigitsOf(info.cardnum),
  team: info.team,
  cardType: rechargeTypeOf(listed?.card_type),
  cardNum: info.cardnum,
  ...(info.card_ref === undefined ? {} : { cardRef: info.card_ref }),
  status: info.status,
});

/** The card as typed: the last digits (spaces dropped), the team and the type; undefined while both fields are empty. */
export const typedCard = (lastNumber: string, team: string, cardType: RechargeCardType): DraftCard | undefined => {
  const digits = lastNumber.replace(/\s+/g, "");
  return digits === "" && team.trim() === "" ? undefined : { lastNumber: digits, team: team.trim(), cardType };
};

/** The card prefix shared by the cards of its type, when the whole number is known (`common_number`). */
export const commonNumberOf = (cardNum: string | undefined): string | undefined => {
  if (cardNum === undefined || Result.isFailure(Validation.validateCardNumber(cardNum))) return undefined;
  return CardNumber.prefixOf(cardNum);
};

/** The reference a draft names its card by: only a card whose number the customer is not shown whole needs one. */
export const referenceOf = (card: DraftCard | undefined): string | undefined =>
  card?.cardRef !== undefined && card.cardNum !== undefined && commonNumberOf(card.cardNum) === undefined ? card.cardRef : undefined;

/** The key of the chosen card in the lists that show it ({@link cardKeyOf}). */
export const pickedKeyOf = (card: PickedCard | undefined): string | undefined => (card?.cardNum === undefined ? undefined : cardKeyOf(card.cardNum, card.cardRef));

/**
 * Why the card cannot be recharged, when its status is known and says so (issue 25: a frozen card
 * is refused as soon as it is chosen or typed, not at 'pay'); undefined for a usable card or an
 * unknown status, which the server judges.
 */
export const unusableReason = (card: DraftCard | undefined): CardStatus.CardFrozen | CardStatus.CardNotRechargeable | undefined => {
  if (card?.status === undefined) return undefined;
  const checked = CardStatus.validateRechargeable(card.status);
  return Result.isFailure(checked) ? checked.failure : undefined;
};
