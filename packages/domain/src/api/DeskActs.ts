import { Schema } from "effect";
import { endpoint } from "./Endpoint.ts";
import { CardTypeCode, Cents, CentsPerLitre, Code, Empty, LineText, OrderId, OrderIdField, OrderStatusCode, Phone, ShortText, Timestamp } from "./Primitives.ts";

/**
 * What staff do at the desk (issue 26): the cashier looks a code up and redeems it, the card
 * distributor reads the queue and settles. The same rules as the sandbox's cashier and
 * distributor, which call the same server code.
 * @module
 */

/**
 * How the code reached the desk (issue 34): `typed` by the cashier (an unknown code then answers
 * `TypedCodeUnknown`, 'no such code: check it'), or `scanned` from the customer's QR (`QrUnknown`,
 * the default when absent).
 */
export const DeskCodeEntry = Schema.Literals(["typed", "scanned"]).annotate({ identifier: "DeskCodeEntry" });
export type DeskCodeEntry = typeof DeskCodeEntry.Type;

/**
 * `POST /api/desk/lookup` and `POST /api/desk/redeem`: the code the cashier typed or scanned, as
 * typed: the server reads it (`RedeemCode.lookupKey`: any case, spaces and dashes ignored; an
 * old-format `KP` code exactly as typed, trimmed).
 */
export const DeskCodeRequest = Schema.Struct({ code: Code, entry: Schema.optionalKey(DeskCodeEntry) }).annotate({ identifier: "DeskCodeRequest" });
export type DeskCodeRequest = typeof DeskCodeRequest.Type;

/** Why a code cannot be redeemed: the catalogue key and the values its text names (`{at}`, `{by}`). */
export const DeskRefusal = Schema.Struct({
  tag: Schema.String,
  params: Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number])),
}).annotate({ identifier: "DeskRefusal" });

/**
 * The order behind a code and whether this staff member may redeem it now. What the cashier
 * pumps comes first (issue 34): the pump amount and its litres at the pump price
 * (`Pricing.atThePump`), then what the driver paid.
 */
export const DeskLookupResponse = Schema.Struct({
  order_id: OrderId,
  order_status: OrderStatusCode,
  station_title: Schema.NullOr(Schema.String),
  /** What goes into the pump, in cents: the order's amount (a 200-yuan order: 20000), not what was paid. */
  order_amount: Cents,
  /** The pump price the order was priced at, cents per litre; null for an order without one. */
  gas_original_price: Schema.NullOr(CentsPerLitre),
  /** Litres of `order_amount` at `gas_original_price`, 3 decimals (`Pricing.atThePump`); null without a price. */
  litres: Schema.NullOr(Schema.String),
  /** What the customer paid, in cents. */
  amount: Cents,
  paid_at: Schema.NullOr(Timestamp),
  /** The end of the code's 48 hours (`QrCode.fuelQrExpiresAt`). */
  valid_until: Schema.NullOr(Timestamp),
  redeemed_at: Schema.NullOr(Timestamp),
  redeemed_by: Schema.NullOr(ShortText),
  may_redeem: Schema.Boolean,
  /** Null when it may be redeemed; else what redeem would answer. */
  refusal: Schema.NullOr(DeskRefusal),
}).annotate({ identifier: "DeskLookupResponse" });
export type DeskLookupResponse = typeof DeskLookupResponse.Type;

/** One order waiting for the distributor. */
export const DeskQueueOrder = Schema.Struct({
  order_id: OrderId,
  mchnt_order_no: ShortText,
  /** A purchase of a new virtual card: no card until it is settled 'done'. */
  issues_card: Schema.Boolean,
  card_type: Schema.NullOr(CardTypeCode),
  /** The whole card number, which the distributor tops up; null for a purchase. */
  card_num: Schema.NullOr(ShortText),
  /** Its last 7 digits, as the customer typed them. */
  last_number: Schema.NullOr(ShortText),
  team: Schema.NullOr(ShortText),
  /** What goes on the card, in cents. */
  order_amount: Cents,
  /** What the customer paid, in cents. */
  amount: Cents,
  phone: Phone,
  remark: Schema.String,
  paid_at: Schema.NullOr(Timestamp),
  /** The station the customer chose for the top-up (its title); null when none was chosen (issue 34). */
  station_title: Schema.NullOr(Schema.String),
}).annotate({ identifier: "DeskQueueOrder" });

/** `GET /api/desk/queue`: the oldest payment first, at most 100. */
export const DeskQueueResponse = Schema.Struct({ orders: Schema.Array(DeskQueueOrder) }).annotate({ identifier: "DeskQueueResponse" });
export type DeskQueueResponse = typeof DeskQueueResponse.Type;

/** `POST /api/desk/settle`: done, or rejected with the reason the customer will read. */
export const DeskSettleRequest = Schema.Struct({
  order_id: OrderIdField,
  result: Schema.Literals(["done", "rejected"]),
  reason: Schema.optionalKey(LineText),
}).annotate({ identifier: "DeskSettleRequest" });
export type DeskSettleRequest = typeof DeskSettleRequest.Type;

/** The status of the order after the act: `{order_id, order_status}`. */
const DeskActAnswer = Schema.Struct({ order_id: OrderId, order_status: OrderStatusCode }).annotate({ identifier: "DeskActAnswer" });

/** `POST /api/desk/redeem`: the order now used (3), and when and by whom, as a later look-up says it (issue 34). */
export const DeskRedeemResponse = Schema.Struct({
  order_id: OrderId,
  order_status: OrderStatusCode,
  redeemed_at: Timestamp,
  redeemed_by: ShortText,
}).annotate({ identifier: "DeskRedeemResponse" });
export type DeskRedeemResponse = typeof DeskRedeemResponse.Type;

/** The desk's cashier and distributor endpoints, spread into `Api` (server src/routes/deskActs.ts answers them). */
export const DeskActsApi = {
  deskLookup: endpoint({
    method: "POST",
    path: "/api/desk/lookup",
    access: "staff",
    refusals: ["QrUnknown", "TypedCodeUnknown", "QrOtherStation"],
    request: DeskCodeRequest,
    response: DeskLookupResponse,
    summary:
      "Cashier: the order behind a code (the pump amount and its litres at the pump price first, then the amount paid, station, paid at, valid until, status) and whether this staff member may redeem it. The code is read in any case with spaces and dashes ignored; an unknown one answers 404 TypedCodeUnknown when `entry` is 'typed', else QrUnknown. A code of a station they do not serve is refused (409 QrOtherStation).",
    idempotent: true,
  }),
  deskRedeem: endpoint({
    method: "POST",
    path: "/api/desk/redeem",
    access: "staff",
    refusals: ["QrUnknown", "TypedCodeUnknown", "QrOtherStation", "QrUsedBy", "QrAlreadyUsed", "QrUnpaid", "QrRefunded", "QrExpired", "QrNotAvailable"],
    request: DeskCodeRequest,
    response: DeskRedeemResponse,
    summary:
      "Cashier: redeem a fuel order's code, exactly once (the order becomes used, 3; the answer says when and by whom). The code is read as the look-up reads it. A second try answers 409 QrUsedBy naming when and by whom; another station's, unpaid, refunded or expired codes are refused and change nothing. Audit act 'redeem'.",
  }),
  deskQueue: endpoint({
    method: "GET",
    path: "/api/desk/queue",
    access: "staff",
    refusals: [],
    request: Empty,
    response: DeskQueueResponse,
    summary:
      "Distributor: the paid recharges and card purchases waiting to be settled, oldest payment first (at most 100), with card, team, amounts, the customer's phone and the station they chose.",
    idempotent: true,
  }),
  deskSettle: endpoint({
    method: "POST",
    path: "/api/desk/settle",
    access: "staff",
    refusals: ["OrderNotFound", "RechargeAlreadySettled", "RechargeRefundUnderWay", "IllegalTransition", "RejectionReasonMissing", "SiteSettingsMissing"],
    request: DeskSettleRequest,
    response: DeskActAnswer,
    summary:
      "Distributor: settle a paid recharge 'done' (a card purchase gets its virtual card) or 'rejected' with a reason (refunded at once). An order settled already or whose refund the customer asked for is refused (409). Audit acts 'settle' / 'reject'.",
  }),
} as const;
