import { Schema, SchemaGetter } from "effect";
import { AmountEmpty } from "../Money.ts";
import { InvoicePolicyField, InvoiceStateField, invoiceSettingsFields } from "./InvoiceFields.ts";
import { CardNumberEmpty, RechargeAmountEmpty } from "../Validation.ts";
import {
  AmountField,
  anyCase,
  boundedString,
  CardTypeCode,
  Cents,
  CentsPerLitre,
  ClockTime,
  Count,
  GasType,
  Id,
  Latitude,
  LineText,
  LongText,
  Longitude,
  numberOrDigits,
  OrderId,
  OrderStatusCode,
  OrderTypeCode,
  PayType,
  PayTypeField,
  Phone,
  RefundStatusCode,
  requiredAs,
  Seconds,
  ShortText,
  StationId,
  StationIdField,
  Timestamp,
  Url,
} from "./Primitives.ts";

/**
 * The entities of spec §3 as they travel on the wire. Field names are the spec's, spelling and
 * case included (`gas_Type` on drafts, `gas_type` on orders, `stationInfo`, `last_number`).
 * Money is integer cents, prices integer cents per litre, instants ISO-8601 strings with offset.
 * @module
 */

/**
 * Spec §3: a gas station, plus its `id` and `city`. Prices are integer cents per litre
 * (7.30 yuan/L is `730`); coordinates GCJ-02; business hours "HH:mm" China time; `sell_type` is
 * the raw semicolon-separated list ("0#;92#"), read with `Station.sellTypes`. The computed fields
 * (drop, discount, distance) are not sent: the client derives them with `Station.computeStation`,
 * the same function the server would use, from the customer's position only the client knows.
 */
export const Station = Schema.Struct({
  id: StationId,
  city: ShortText,
  title: LineText,
  address: LineText,
  longitude: Longitude,
  latitude: Latitude,
  /** Image URL; "" when the station has none. */
  shop_image: Url,
  /** Our price, cents per litre. */
  now_price: CentsPerLitre,
  /** The national guide price, cents per litre. */
  nation_price: CentsPerLitre,
  /** The station's list price, cents per litre. */
  original_price: CentsPerLitre,
  sell_type: ShortText,
  /** The station's code at the cashier system. */
  code_id: ShortText,
  tel: ShortText,
  business_start_time: ClockTime,
  business_end_time: ClockTime,
  /**
   * Issue 35: who issues this station's invoices (`Invoice.policyNotice` words it). Optional so
   * answers of servers that do not send it still read; absent: the app says nothing about invoices.
   */
  invoice_policy: Schema.optionalKey(InvoicePolicyField),
}).annotate({ identifier: "Station" });
export type Station = typeof Station.Type;

/**
 * Spec §3: the site settings. Prices are integer cents per litre: `price_0_now`, `price_0_nation`
 * and `price_0_original` for 0# diesel, `price_0_xuni` on virtual cards, `price_0_shiti` on entity
 * cards. `entity_common_num` / `virtual_common_num` are the card-number prefixes shared by every
 * card of that type (the customer types only the last 7 digits). `tel1` is the service phone,
 * `tel2` the optional second one (absent or null when there is none).
 */
/** An image's address: a URL, or a `data:` URL of the image itself (a QR code is ~2 KB as base64 PNG). */
const ImageSource = boundedString(200_000);

export const WebInfo = Schema.Struct({
  price_0_now: CentsPerLitre,
  price_0_nation: CentsPerLitre,
  price_0_original: CentsPerLitre,
  price_0_xuni: CentsPerLitre,
  price_0_shiti: CentsPerLitre,
  entity_common_num: ShortText,
  virtual_common_num: ShortText,
  tel1: ShortText,
  tel2: Schema.optionalKey(Schema.NullOr(ShortText)),
  recharge_tip: LongText,
  recharge_shiti_tip: LongText,
  /**
   * The page of the official account that /personal's follow-us QR code encodes. Not in the
   * spec's list: absent (the server does not send it yet) or null when there is none, and then the
   * overlay says so instead of showing a code.
   */
  follow_url: Schema.optionalKey(Schema.NullOr(Url)),
  /**
   * The official account's QR image the operator set: an image URL or a `data:` URL (issue 25).
   * Absent or null when none is set: the follow-us overlay then says how to find the account.
   */
  follow_qrcode: Schema.optionalKey(Schema.NullOr(ImageSource)),
  /** The official account's name, for 'search for … and follow it'; absent or null when not set. */
  follow_account_name: Schema.optionalKey(Schema.NullOr(ShortText)),
  /** Issue 35: the invoice window in days and how top-ups are invoiced; absent: the domain's defaults. */
  ...invoiceSettingsFields,
}).annotate({ identifier: "WebInfo" });
export type WebInfo = typeof WebInfo.Type;

/**
 * Spec §3: a customer, plus `is_activated` (an invite code was redeemed, spec §6). `phone` is null
 * until bound; `oauth_id` (the payment-channel identity, required to pay, spec §5) is null until
 * known. `openid` is the messaging-app identity.
 */
export const User = Schema.Struct({
  id: Id,
  name: LineText,
  avatar_url: Url,
  phone: Schema.NullOr(Phone),
  oauth_id: Schema.NullOr(ShortText),
  openid: ShortText,
  is_activated: Schema.Boolean,
  /**
   * Whether the customer follows the official account (spec §5: topping up a card on the card page
   * needs it). Issue 13: production reads the messaging app's subscription flag at each sign-in;
   * the sandbox consent page lets the customer choose.
   */
  follows_official_account: Schema.Boolean,
  /**
   * Whether the customer has a password (issue 25): /setting offers 'set password' without one and
   * 'change password' with one. Optional so an answer from a server before it still decodes; the
   * app then offers both, as it did.
   */
  has_password: Schema.optionalKey(Schema.Boolean),
}).annotate({ identifier: "User" });
export type User = typeof User.Type;

/**
 * Spec §3: an order, fuel (one-key) or recharge. Money in integer cents: `order_amount` the face
 * amount, `amount` the payable (what is or was paid). `count` is the whole seconds left to pay an
 * unpaid order (0 otherwise). Fields an order kind does not have are null:
 * - a fuel order has no `card_type`, `card_num`, `last_number`;
 * - a recharge of a card not registered to the customer's phone shows `card_num` masked to its
 *   last 4 digits and `last_number` as those 4 (issue 22);
 * - a recharge order may have no `stationInfo`, no per-litre prices, no `pay_qrcode`;
 * - `payment_time` is null until paid; `reason` is the distributor's rejection reason (status 6).
 */
export const Order = Schema.Struct({
  order_id: OrderId,
  order_status: OrderStatusCode,
  order_type: OrderTypeCode,
  card_type: Schema.NullOr(CardTypeCode),
  gas_type: GasType,
  order_amount: Cents,
  amount: Cents,
  created_at: Timestamp,
  payment_time: Schema.NullOr(Timestamp),
  remark: LineText,
  phone: Phone,
  count: Seconds,
  /** The merchant order number the payment channel and the cashier know the order by. */
  mchnt_order_no: ShortText,
  /** Cents per litre at the time of the order. */
  gas_original_price: Schema.NullOr(CentsPerLitre),
  /** Cents per litre at the time of the order. */
  gas_now_price: Schema.NullOr(CentsPerLitre),
  stationInfo: Schema.NullOr(Station),
  /** The redemption QR payload of a paid fuel order. */
  pay_qrcode: Schema.NullOr(LongText),
  refund_status: RefundStatusCode,
  card_num: Schema.NullOr(ShortText),
  reason: Schema.NullOr(LineText),
  last_number: Schema.NullOr(ShortText),
  /**
   * The channel the order is paid through ("wechat" for /order, "fy" for /orderNew): paying an
   * unpaid order again asks that channel's parameters (`payment/query` or `paymentfy/query`).
   * Optional so answers of servers that do not send it still read.
   */
  paytype: Schema.optionalKey(PayType),
  /**
   * Issue 13: true on the purchase of a new virtual card (/heartcard, `rechargeorder/buycard`), a
   * recharge order with no card until the distributor settles it (`card_num`, `last_number` null;
   * once settled 'done' they are the new card's). Optional so answers of servers that do not
   * send it still read (absent: not a purchase).
   */
  issues_card: Schema.optionalKey(Schema.Boolean),
  /**
   * Issue 35: when the order was used (redeemed at the pump; a top-up: settled), which starts its
   * invoice window (`Invoice.invoiceDeadline`); null until used. Optional for older servers.
   */
  used_at: Schema.optionalKey(Schema.NullOr(Timestamp)),
  /** Issue 35: the newest invoice request holding this order, and its state; null when none. */
  invoice: Schema.optionalKey(Schema.NullOr(Schema.Struct({ invoice_id: Id, state: InvoiceStateField }))),
}).annotate({ identifier: "Order" });
export type Order = typeof Order.Type;

/** Spec §3: one page of the order list. `current_page` starts at 1. */
export const OrderPage = Schema.Struct({
  total: Count,
  current_page: Count,
  last_page: Count,
  data: Schema.Array(Order),
}).annotate({ identifier: "OrderPage" });
export type OrderPage = typeof OrderPage.Type;

/**
 * Spec §3: a one-key fuel order as the client drafts it. `order_amount` is integer cents written
 * as digits ("10040" = 100.40 yuan; the JSON number 10040 is read too); missing, null or blank it
 * is 'amount cannot be empty' (spec §5), whatever else the body lacks. `station_id` may come as a
 * string of digits, `paytype` in any letter case ("FY"). The server recomputes the payable with
 * `Pricing`; the draft carries no price so the client cannot choose one.
 */
export const DraftOrder = Schema.Struct({
  gas_Type: GasType,
  order_amount: requiredAs(new AmountEmpty(), AmountField),
  phone: Phone,
  station_id: StationIdField,
  remark: Schema.optionalKey(LineText),
  paytype: PayTypeField,
}).annotate({ identifier: "DraftOrder" });
export type DraftOrder = typeof DraftOrder.Type;

/**
 * Issue 22: an opaque name for a card, made by the server for one customer (the card's row and a
 * keyed MAC over the customer and that row): it lets the customer recharge a card whose number
 * they are shown only the last 4 digits of, and is worth nothing to anyone else.
 */
export const CardRef = ShortText.annotate({ identifier: "CardRef" });
export type CardRef = typeof CardRef.Type;

/** An empty string where a station id goes: no station selected (read as null). */
const NoStationSelected = Schema.Literal("").pipe(
  Schema.decodeTo(Schema.Null, {
    decode: SchemaGetter.transform((): null => null),
    encode: SchemaGetter.transform((): "" => ""),
  }),
);

/**
 * Spec §3/§7: a fuel-card recharge as the client drafts it (the recharge draft plus team, amount
 * and paytype "fy"). `order_amount` is integer cents as digits, like {@link DraftOrder}'s;
 * `amount` is the payable the client showed, integer cents (the server recomputes and compares);
 * `unitdiscount` the discount shown, integer cents per litre. The card is either `card_ref`, the
 * reference a look-up or the card list gave this customer (`last_number` then the digits it
 * showed, 4 to 7, which must end that card's number), or else `common_number` + `last_number`
 * (the card's last 7 digits, typed); `common_number` may be left out, the server then takes the
 * web info's prefix for `card_type`.
 *
 * Spec §5's empty fields answer in the spec's words whatever else the body lacks: `last_number`
 * 'card number cannot be empty', `order_amount` 'recharge amount cannot be empty' (in that order,
 * the order of the form). Numbers (`card_type`, `amount`, `station_id`, `unitdiscount`) may come
 * as strings of digits, `paytype` in any letter case (spec §7 writes "FY").
 */
export const DraftRecharge = Schema.Struct({
  gas_Type: GasType,
  card_type: numberOrDigits(CardTypeCode),
  common_number: Schema.optionalKey(ShortText),
  last_number: requiredAs(new CardNumberEmpty(), ShortText),
  /**
   * Issue 22: the card as a look-up or the card list named it to this customer ({@link CardRef}).
   * A reference that is forged, made for another customer or names a card no longer registered
   * is refused (400, tag CardRefInvalid) and nothing is written.
   */
  card_ref: Schema.optionalKey(CardRef),
  order_amount: requiredAs(new RechargeAmountEmpty(), AmountField),
  amount: numberOrDigits(Cents),
  phone: Phone,
  phonenum2: Schema.optionalKey(Phone),
  team: ShortText,
  card_status: Schema.optionalKey(ShortText),
  /** The station the card is loaded at. Absent, null or "": the server answers 'select a station first' (spec §5). */
  station_id: Schema.optionalKey(Schema.Union([StationIdField, Schema.Null, NoStationSelected])),
  unitdiscount: Schema.optionalKey(numberOrDigits(CentsPerLitre)),
  remark: Schema.optionalKey(LineText),
  paytype: anyCase(Schema.Literal("fy")),
  /**
   * Issue 13: "card" when the customer tops up one of their own cards on the card page
   * (/recharge/*), where up to 10000 yuan is allowed (more: 'please contact your distributor');
   * absent for the entity-recharge page, at most 5000 yuan (spec §5).
   */
  source: Schema.optionalKey(Schema.Literal("card")),
}).annotate({ identifier: "DraftRecharge" });
export type DraftRecharge = typeof DraftRecharge.Type;

/**
 * Spec §3: a fuel card as the distributor knows it. `team` is the team name; `status` is the
 * distributor's status text for the card, passed through unchanged (echoed as a draft's
 * `card_status`). The look-ups show a card whole only to the customer whose phone it is
 * registered to; to anyone else `cardnum` is masked to its last 4 digits (`*********4321`: the
 * card prefixes are public in the web info, so the last 7 would be the whole number; issue 22)
 * and `phonenum` to `139****5678` (issue 9). `card_ref` names the card in a recharge draft.
 */
export const CardInfo = Schema.Struct({
  cardnum: ShortText,
  phonenum: Phone,
  team: ShortText,
  status: ShortText,
  /** Optional so answers of servers that do not send it still read. */
  card_ref: Schema.optionalKey(CardRef),
}).annotate({ identifier: "CardInfo" });
export type CardInfo = typeof CardInfo.Type;

/**
 * Spec §7 (`/api/recharge/cardlist`): a card the customer has recharged before, to pick it again.
 * A card registered to the customer's phone: `card_num` the whole number, `last_number` its last
 * 7 digits. Anyone else's (issue 22): `card_num` masked to its last 4 digits (`*********4321`),
 * `last_number` those 4; recharge it by `card_ref`.
 */
export const CardListEntry = Schema.Struct({
  card_num: ShortText,
  last_number: ShortText,
  team: ShortText,
  card_type: CardTypeCode,
  /** Optional so answers of servers that do not send it still read. */
  card_ref: Schema.optionalKey(CardRef),
}).annotate({ identifier: "CardListEntry" });
export type CardListEntry = typeof CardListEntry.Type;

/**
 * Spec §3: the parameters handed to the messaging app's in-app payment bridge, spelled as WeChat's
 * JSAPI wants them: `timeStamp` is Unix seconds as a string of digits, `package` is
 * "prepay_id=...". `signType` (e.g. "RSA") is sent when the channel needs it.
 */
export const PayInfo = Schema.Struct({
  appId: ShortText,
  timeStamp: Schema.String.check(Schema.isMaxLength(20), Schema.isPattern(/^[0-9]+$/u, { expected: "Unix seconds as digits" })),
  nonceStr: ShortText,
  package: LineText,
  paySign: boundedString(1024),
  signType: Schema.optionalKey(ShortText),
}).annotate({ identifier: "PayInfo" });
export type PayInfo = typeof PayInfo.Type;
