import { Schema, SchemaGetter } from "effect";
import { Code, Latitude, LineText, LongText, Longitude, OrderIdField, Phone, ShortText, Timestamp } from "./Primitives.ts";

/**
 * The sandbox providers' endpoints (DESIGN.md §4): scripts and the sandbox UI drive the outside
 * world (OAuth, SMS, payment, cashier, card distributor, operators, time) through them. Public,
 * and answered 404 in production mode.
 * @module
 */

/** `POST /api/sandbox/oauth/code`: mint a single-use authorization code (5 min) for `openid` (a new one when absent). */
export const SandboxOauthCodeRequest = Schema.Struct({
  openid: Schema.optionalKey(ShortText),
  nickname: Schema.optionalKey(ShortText),
  /** Issue 13: whether the sandbox customer follows the official account (absent: false). */
  follows_official_account: Schema.optionalKey(Schema.Boolean),
}).annotate({ identifier: "SandboxOauthCodeRequest" });
export type SandboxOauthCodeRequest = typeof SandboxOauthCodeRequest.Type;

/** A code handed out by a sandbox provider: `{code}`. */
export const SandboxCodeResponse = Schema.Struct({ code: Code }).annotate({ identifier: "SandboxCodeResponse" });
export type SandboxCodeResponse = typeof SandboxCodeResponse.Type;

/** `GET /api/sandbox/sms?phone=...`: the query string, read as `{phone}`; answers the last code sent. */
export const SandboxSmsQuery = Schema.Struct({ phone: Phone }).annotate({ identifier: "SandboxSmsQuery" });
export type SandboxSmsQuery = typeof SandboxSmsQuery.Type;

/**
 * `POST /api/sandbox/pay`: the customer's choice on the sandbox pay sheet. "ok" makes the provider
 * deliver a signed SUCCESS notification (twice, to prove idempotency); "fail" a PAYERROR one;
 * "cancel" nothing.
 */
export const SandboxPayRequest = Schema.Struct({
  order_id: OrderIdField,
  result: Schema.Literals(["ok", "cancel", "fail"]),
  /**
   * false: the channel takes the money but its notification is lost (default true), so
   * `/api/payment/query_result` has to ask the channel: the path a real outage takes.
   */
  notify: Schema.optionalKey(Schema.Boolean),
}).annotate({ identifier: "SandboxPayRequest" });
export type SandboxPayRequest = typeof SandboxPayRequest.Type;

/** `POST /api/sandbox/cashier/redeem`: the cashier scans a fuel order's QR payload; the order becomes used. */
export const SandboxRedeemRequest = Schema.Struct({ qrcode: LongText }).annotate({
  identifier: "SandboxRedeemRequest",
});
export type SandboxRedeemRequest = typeof SandboxRedeemRequest.Type;

/** `POST /api/sandbox/recharge/settle`: the card distributor settles a paid recharge ("done") or rejects it with a reason. */
export const SandboxSettleRequest = Schema.Struct({
  order_id: OrderIdField,
  result: Schema.Literals(["done", "rejected"]),
  reason: Schema.optionalKey(LineText),
}).annotate({ identifier: "SandboxSettleRequest" });
export type SandboxSettleRequest = typeof SandboxSettleRequest.Type;

/** `POST /api/sandbox/invite-codes`: an operator creates `count` single-use invite codes (1 to 1000). */
export const SandboxInviteCodesRequest = Schema.Struct({
  count: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1_000 })),
}).annotate({ identifier: "SandboxInviteCodesRequest" });
export type SandboxInviteCodesRequest = typeof SandboxInviteCodesRequest.Type;

/** The invite codes created. */
export const SandboxInviteCodesResponse = Schema.Struct({ codes: Schema.Array(Code) }).annotate({
  identifier: "SandboxInviteCodesResponse",
});
export type SandboxInviteCodesResponse = typeof SandboxInviteCodesResponse.Type;

/** `POST /api/sandbox/blacklist`: an operator refuses a phone (spec §6). */
export const SandboxBlacklistRequest = Schema.Struct({ phone: Phone }).annotate({ identifier: "SandboxBlacklistRequest" });
export type SandboxBlacklistRequest = typeof SandboxBlacklistRequest.Type;

/** `POST /api/sandbox/clock`: move the server's clock forward (0 to 10 years, in whole seconds). Never back. */
export const SandboxClockRequest = Schema.Struct({
  advance_seconds: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10 * 366 * 24 * 60 * 60 })),
}).annotate({ identifier: "SandboxClockRequest" });
export type SandboxClockRequest = typeof SandboxClockRequest.Type;

/** The server's clock after the move. */
export const SandboxClockResponse = Schema.Struct({ now: Timestamp }).annotate({ identifier: "SandboxClockResponse" });
export type SandboxClockResponse = typeof SandboxClockResponse.Type;

/**
 * A number of degrees as a query string carries it: what `String(n)` writes (`114.0579`, `-33.9`,
 * `1e-7` near zero), bounded in length; never `NaN`, `Infinity`, hex or blank.
 */
const DecimalText = Schema.String.check(
  Schema.isPattern(/^-?[0-9]{1,3}(\.[0-9]{1,24})?([eE][-+]?[0-9]{1,3})?$/u, { expected: "a decimal number of degrees" }),
);

/** A coordinate read from a query string (or a JSON number), then checked by `target`'s range. */
const degrees = <S extends Schema.Top & { readonly Encoded: number }>(target: S) =>
  Schema.Union([Schema.Finite, DecimalText]).pipe(
    Schema.decodeTo(target, {
      decode: SchemaGetter.transform((raw: number | string) => Number(raw) as S["Encoded"]),
      encode: SchemaGetter.transform((n: S["Encoded"]): number | string => n),
    }),
  );

/**
 * `GET /api/sandbox/geocode?longitude=..&latitude=..` (GCJ-02): the stand-in for the map
 * provider's reverse geocoder, one request like the production one.
 */
export const SandboxGeocodeQuery = Schema.Struct({ longitude: degrees(Longitude), latitude: degrees(Latitude) }).annotate({
  identifier: "SandboxGeocodeQuery",
});
export type SandboxGeocodeQuery = typeof SandboxGeocodeQuery.Type;

/** The city there: the city of the catalogue's nearest station, so it always has stations. */
export const SandboxGeocodeResponse = Schema.Struct({ city: ShortText }).annotate({ identifier: "SandboxGeocodeResponse" });
export type SandboxGeocodeResponse = typeof SandboxGeocodeResponse.Type;
