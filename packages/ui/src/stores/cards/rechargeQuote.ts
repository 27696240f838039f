import { type Messages, Money, Pricing, Validation } from "@fuel/domain";
import type { WebInfo } from "@fuel/domain/api";
import { Result } from "effect";
import type { RechargeCardType } from "./rechargeCard.ts";

/** Spec §3: the price per litre on this type of card (`price_0_xuni` virtual, `price_0_shiti` entity); undefined until the site settings are read. */
export const cardPriceOf = (cardType: RechargeCardType, info: WebInfo | undefined): number | undefined =>
  info === undefined ? undefined : Pricing.cardPrice(cardType, { virtual: info.price_0_xuni, entity: info.price_0_shiti });

/** The amount in cents as the page's rule reads it: an empty field is 'recharge amount cannot be empty', a '0' 'amount must be more than 0'. */
export const checkedRechargeAmount = (amountText: string, cardType: RechargeCardType, page: Validation.RechargePage): Result.Result<Money.Cents, Messages.Tagged> => {
  const text = amountText.trim();
  const parsed: Result.Result<Money.Cents, Messages.Tagged> = text === "" ? Result.fail(new Validation.RechargeAmountEmpty()) : Money.parseYuan(text);
  return Result.flatMap(parsed, (cents) => Validation.validateRechargeCents(cardType, cents, page));
};

/**
 * The payable at the card's price, which must be at least a cent (`Pricing.chargeableQuote`, as
 * the server charges); undefined while the site settings are not read.
 */
export const checkedRechargeQuote = (
  amount: Result.Result<Money.Cents, Messages.Tagged>,
  cardType: RechargeCardType,
  info: WebInfo | undefined,
): Result.Result<Pricing.Quote | undefined, Messages.Tagged> =>
  Result.flatMap(amount, (cents) => {
    const price = cardPriceOf(cardType, info);
    if (info === undefined || price === undefined) return Result.succeed(undefined);
    return Pricing.chargeableQuote(cents, price, info.price_0_original);
  });
