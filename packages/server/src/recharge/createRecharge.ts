import { CardNumber, CardStatus, Money, Order, Pricing, Validation } from "@fuel/domain";
import type { DraftRecharge, RechargeOrderCreated } from "@fuel/domain/api";
import { usableSettings } from "../catalogue/usableSettings.ts";
import { orRefuse, refuse } from "../refusals/Refusal.ts";
import type { OrderDeps } from "../orders/createFuelOrder.ts";
import { refuseDuringMaintenance } from "../orders/draftRules.ts";
import { storeNewOrder } from "../orders/storeNewOrder.ts";
import { openPayment, payDescription } from "../payments/openPayment.ts";
import { sha256 } from "../security/tokens.ts";
import { refuseUnlessConsumptionAllowed } from "./cardPagePreconditions.ts";
import type { CardRefs } from "./cardRefs.ts";
import { findCard, findCardById, type CardRow } from "./cards.ts";

/**
 * `POST /api/rechargeorder/create` (spec §3, §5, §7; issue 4): top up a fuel card, paid through
 * the FY channel. Checked in the order a customer would fix things: the maintenance window, the
 * card number, the amount (at most 5000 yuan from the entity-recharge page; up to 10000 from the
 * card page, `source` "card", issue 13), on the card page the consumption preconditions
 * (./cardPagePreconditions.ts), the station, then the card against the distributor's register (it
 * exists, belongs to the team named, is of the type chosen and can be recharged). The payable is
 * the server's: `order_amount x card price / original price` (`Pricing.payableCents`, the card
 * prices of the site settings); a client that showed another figure is told the new one (409).
 *
 * The card is named by `card_ref` (issue 22: a card that is not the customer's own is shown by its
 * last 4 digits only) or typed as `common_number` + `last_number`. A reference that is not this
 * customer's, or names a card no longer registered, or whose card does not end in the digits the
 * draft shows, is refused before anything is written (CardRefInvalid).
 */

const CARD_TYPE = Order.CARD_TYPE_CODES;

/** The card a `card_ref` names for `userId`, if the draft's `last_number` (4 to 7 digits) ends it. */
const referencedCard = async (deps: RechargeDeps, userId: number, ref: string, shown: string): Promise<CardRow> => {
  const cardId = deps.refs.resolve(userId, ref);
  const card = cardId === undefined ? undefined : await findCardById(deps.db, cardId);
  const digits = shown.trim();
  if (card === undefined || !/^\d{4,7}$/.test(digits) || !card.cardnum.endsWith(digits)) throw refuse("CardRefInvalid");
  return card;
};

export interface RechargeDeps extends OrderDeps {
  readonly refs: CardRefs;
}

export const createRecharge = async (
  deps: RechargeDeps,
  userId: number,
  oauthId: string | null | undefined,
  draft: DraftRecharge,
  now: number,
): Promise<RechargeOrderCreated> => {
  const { db } = deps;
  refuseDuringMaintenance(now);
  const fromCardPage = draft.source === "card";
  const referenced = draft.card_ref === undefined ? undefined : await referencedCard(deps, userId, draft.card_ref, draft.last_number);
  const cardType = orRefuse(Order.cardTypeFromCode(draft.card_type));
  const { lastNumber, amount: orderAmount, phone, stationId } = orRefuse(
    Validation.validateRechargeDraft({
      gasType: draft.gas_Type,
      cardType,
      lastNumber: referenced === undefined ? draft.last_number : CardNumber.lastDigits(referenced.cardnum),
      amount: draft.order_amount,
      phone: draft.phone,
      secondPhone: draft.phonenum2,
      stationId: draft.station_id,
      page: fromCardPage ? "cardPage" : "entityRecharge",
    }),
  );
  const { row: settings } = usableSettings(await deps.catalogue.settings());
  const isVirtual = draft.card_type === CARD_TYPE.virtual;
  const prefix = (draft.common_number ?? (isVirtual ? settings.virtualCommonNum : settings.entityCommonNum)).trim();
  if (referenced === undefined && !CardNumber.isPrefix(prefix)) throw refuse("CardNumberInvalid");
  const cardNumber = referenced?.cardnum ?? CardNumber.withPrefix(prefix, lastNumber);
  if (fromCardPage) await refuseUnlessConsumptionAllowed(db, userId, cardNumber);

  const station = await deps.catalogue.station(stationId);
  if (station === undefined) throw refuse("StationNotFound");
  orRefuse(Validation.validateStationSellsDiesel({ sell_type: station.sellType }));

  const card = referenced ?? (await findCard(db, cardNumber));
  if (card === undefined) throw refuse("CardNotFound");
  if (card.team !== draft.team.trim()) throw refuse("CardTeamMismatch");
  if (card.cardType !== (isVirtual ? CARD_TYPE.virtual : CARD_TYPE.entity)) throw refuse("CardTypeMismatch");
  // The app's rule too: the card picker disables what this refuses (issue 25).
  if (!CardStatus.isRechargeable(card.status)) throw refuse("CardNotRechargeable");

  const cardPrice = Pricing.cardPrice(cardType, { virtual: settings.price0Xuni, entity: settings.price0Shiti });
  const { payable: amount } = orRefuse(Pricing.chargeableQuote(orderAmount, cardPrice, settings.price0Original));
  if (draft.amount !== amount) throw refuse("PriceChanged", { yuan: Money.formatCents(amount) });

  const remark = Validation.cleanFreeText(draft.remark);
  const draftHash = sha256(JSON.stringify(["recharge", userId, card.cardnum, draft.card_type, orderAmount, phone, station.id, remark]));
  const fresh = orRefuse(Order.transition(Order.DRAFT, Order.OrderEvent.Create({ kind: "recharge" }), now));

  const { order, payerOpenid } = await storeNewOrder(
    deps,
    {
      userId,
      oauthId,
      draftHash,
      prefix: "RC",
      description: payDescription({ kind: "recharge", gasType: draft.gas_Type, orderAmount, lastNumber, issuesCard: false }),
      values: {
        kind: "recharge",
        orderType: Order.orderTypeCode("entityCard"),
        cardType: draft.card_type,
        gasType: draft.gas_Type,
        orderAmount,
        amount,
        stationId: station.id,
        gasOriginalPrice: settings.price0Original,
        gasNowPrice: cardPrice,
        phone,
        remark,
        paytype: "fy",
        createdAt: new Date(fresh.createdAt),
        payDeadline: new Date(fresh.payDeadline),
        cardNum: card.cardnum,
        lastNumber,
        team: card.team,
      },
    },
    now,
  );

  const params = await openPayment(db, deps.channels, order, payerOpenid, now);
  return { result_code: "000000", result_msg: "order created", reserved_pay_info: params.payInfo, reserved_fy_order_no: params.channelOrderNo, order_id: order.id };
};
