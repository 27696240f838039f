import type { MessageKey } from "../Messages.ts";
import { CityListResponse, CityStationsRequest, StationListResponse, VersionResponse } from "./Catalogue.ts";
import { endpoint } from "./Endpoint.ts";
import { Order, OrderPage, User, WebInfo } from "./Entities.ts";
import {
  ActivateRequest,
  BindPhoneRequest,
  CheckCaptchaRequest,
  IsBlacklistRequest,
  IsBlacklistResponse,
  LoginRequest,
  ResetPasswordRequest,
  SendSmsRequest,
  SessionResponse,
  SetPasswordRequest,
  WechatAuthRequest,
  WechatAuthResponse,
} from "./Identity.ts";
import {
  KepaiQrRequest,
  KepaiQrResponse,
  OrderCreateRequest,
  OrderCreateResponse,
  OrderListRequest,
  RefundRequest,
  RefundResponse,
  ResetQrResponse,
} from "./Orders.ts";
import { InvoicesApi } from "./Invoices.ts";
import { FyPayParams, PaymentNotification, PaymentResultResponse, WechatPayParams } from "./Payments.ts";
import { Empty, NoData, OrderIdRequest, OrderStatusAnswer } from "./Primitives.ts";
import {
  CardInfoList,
  CardListResponse,
  CardsByPhoneRequest,
  CardsByTeamRequest,
  CardPurchaseRequest,
  RechargeOrderCreateRequest,
  RechargeOrderCreateResponse,
} from "./Recharge.ts";
import {
  SandboxBlacklistRequest,
  SandboxClockRequest,
  SandboxClockResponse,
  SandboxCodeResponse,
  SandboxGeocodeQuery,
  SandboxGeocodeResponse,
  SandboxInviteCodesRequest,
  SandboxInviteCodesResponse,
  SandboxOauthCodeRequest,
  SandboxPayRequest,
  SandboxRedeemRequest,
  SandboxSettleRequest,
  SandboxSmsQuery,
} from "./Sandbox.ts";

/**
 * The customer's part of the wire contract (DESIGN.md §2, §5; the whole is {@link Api} in
 * ./Api.ts): every method + path the app and the sandbox call, who may call it, the schema of its request (JSON body; the query for the sandbox SMS GET; an empty
 * struct when there is no payload) and of its answer's `data`. Paths and field names are spec §7's,
 * misspellings included (`/api/balcklist/isBlacklist`). The server decodes requests and encodes
 * answers with these schemas, the client decodes answers with them, and docs/api.md and the
 * OpenAPI file are generated from the table.
 * @module
 */

/**
 * Creating an order (fuel, recharge or card purchase): the `Idempotency-Key` header's refusals,
 * an account not signed in through the messaging app, the unpaid-order cap, the churn limit and
 * the payment channel out of reach (server src/orders/storeNewOrder.ts, src/http/idempotency.ts).
 */
const ORDER_CREATION: ReadonlyArray<MessageKey> = [
  "IdempotencyKeyInvalid",
  "IdempotencyKeyReused",
  "IdempotencyKeyInProgress",
  "OauthRequired",
  "TooManyUnpaidOrders",
  "OrderCreationsLimited",
  "PaymentServiceUnavailable",
  "OrderNotFound",
];

/** Opening an unpaid order's pay sheet again, at either channel (server src/payments/customerPayments.ts). */
const PAY_AGAIN: ReadonlyArray<MessageKey> = ["OrderNotFound", "OrderNotPayable", "OrderPaidThroughOtherChannel", "OauthRequired", "PaymentServiceUnavailable"];

/** A channel's payment notification refused: unreadable, stale, unsigned, or naming an order it cannot pay (server src/payments/receiveNotification.ts). */
const NOTIFICATION: ReadonlyArray<MessageKey> = [
  "NotificationMalformed",
  "NotificationStale",
  "NotificationBadSignature",
  "NotificationUndecryptable",
  "OrderNotFound",
  "PaymentChannelMismatch",
  "PaymentAmountMismatch",
];

/**
 * The customer's part of the wire contract (and the sandbox's), keyed by a camelCase name per
 * endpoint: everything but the staff desk. The app's HTTP client loads only this table, so the
 * desk's endpoints and schemas are not in the customer's download (issue 26).
 */
export const CustomerApi = {
  // ----- identity (spec §4 login flow, §6, §7)
  userInfo: endpoint({
    method: "GET",
    path: "/api/user/info",
    access: "token",
    refusals: [],
    request: Empty,
    response: User,
    summary: "The signed-in user, with is_activated, follows_official_account (read from the messaging app at each sign-in) and has_password (whether /setting offers setting or changing the password).",
    idempotent: true,
  }),
  login: endpoint({
    method: "POST",
    path: "/api/login",
    access: "none",
    refusals: ["PhoneInvalid", "MissingField", "SmsCodeTooShort", "PasswordTooShort", "Blacklisted", "LoginFailed_captcha", "LoginFailed_password", "PasswordAttemptsLimited", "SignInAttemptsLimited", "ServerBusy"],
    request: LoginRequest,
    response: SessionResponse,
    summary:
      "Sign in with phone and SMS code or password; answers the token, the activation flag and the user. Password sign-in: after 5 wrong passwords for a phone in 15 minutes, or 20 attempts from one address in a minute, 429 with `retry-after` (tag PasswordAttemptsLimited or SignInAttemptsLimited); 429 ServerBusy with `retry-after: 2` when too many sign-ins are being checked at once.",
  }),
  sendSms: endpoint({
    method: "POST",
    path: "/api/sendsms",
    access: "none",
    refusals: ["PhoneInvalid", "Blacklisted", "SmsSentRecently", "SmsPhoneHourLimited", "SmsPhoneDayLimited", "SmsNetworkLimited", "ProviderUnavailable_sms"],
    request: SendSmsRequest,
    response: NoData,
    summary: "Send an SMS code to a phone (rate limited; the client counts down 60 s).",
  }),
  wechatAuth: endpoint({
    method: "POST",
    path: "/api/wechatauth",
    access: "none",
    refusals: ["OauthCodeRejected_unknown", "OauthCodeRejected_used", "OauthCodeRejected_expired", "ProviderUnavailable_signIn", "Blacklisted"],
    request: WechatAuthRequest,
    response: WechatAuthResponse,
    summary: "Exchange the messaging app's authorization code; answers a token when the phone is bound, else unBindPhone and the openid.",
  }),
  bindPhone: endpoint({
    method: "POST",
    path: "/api/bindphone",
    access: "none",
    refusals: ["PhoneInvalid", "OpenidInvalid", "Blacklisted", "PhoneNotVerified", "UnknownOpenid", "PhoneTaken"],
    request: BindPhoneRequest,
    response: SessionResponse,
    summary: "Bind a phone (proven with /api/check_captcha) to the openid; answers the session.",
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/logout",
    access: "token",
    refusals: [],
    request: Empty,
    response: NoData,
    summary: "End the session: the token stops working.",
  }),
  checkCaptcha: endpoint({
    method: "POST",
    path: "/api/check_captcha",
    access: "none",
    refusals: ["PhoneInvalid", "SmsCodeTooShort", "OpenidInvalid", "Blacklisted", "UnknownOpenid", "SmsCodeWrong"],
    request: CheckCaptchaRequest,
    response: NoData,
    summary: "Check an SMS code for a phone (and record the proof for /api/bindphone when an openid is sent).",
  }),
  setPassword: endpoint({
    method: "POST",
    path: "/api/setpassword",
    access: "token",
    refusals: ["PasswordTooShort", "PasswordAlreadySet", "ServerBusy"],
    request: SetPasswordRequest,
    response: NoData,
    summary: "Set the signed-in user's password.",
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/user/resetpassword",
    access: "none",
    refusals: ["Unauthorized", "Blacklisted", "PasswordFieldsRequired", "PasswordTooShort", "PasswordsDoNotMatch", "NoPassword", "OldPasswordWrong", "PhoneInvalid", "SmsCodeTooShort", "LoginFailed_captcha", "ServerBusy"],
    request: ResetPasswordRequest,
    response: NoData,
    summary: "Change the password with the old one (needs a token) or reset it with phone and SMS code.",
  }),
  isBlacklist: endpoint({
    method: "POST",
    path: "/api/balcklist/isBlacklist",
    access: "none",
    refusals: ["PhoneInvalid"],
    request: IsBlacklistRequest,
    response: IsBlacklistResponse,
    summary: "Whether a phone is blacklisted: 1 yes, 0 no.",
    idempotent: true,
  }),
  activate: endpoint({
    method: "POST",
    path: "/api/activacode/check",
    access: "token",
    refusals: ["InviteCodeEmpty", "InviteCodeTooLong", "InviteCodeWrong", "InviteAttemptsLimited_account", "InviteAttemptsLimited_network"],
    request: ActivateRequest,
    response: NoData,
    summary: "Redeem a single-use invite code: the account becomes activated. After 10 wrong codes in an hour per account, or 30 per address, 429 with `retry-after` (tag InviteAttemptsLimited).",
  }),

  // ----- catalogue (public)
  webInfo: endpoint({
    method: "GET",
    path: "/api/webinfo/read",
    access: "none",
    refusals: ["SiteSettingsMissing", "SiteSettingsUnusable"],
    request: Empty,
    response: WebInfo,
    summary: "Site settings: diesel and card prices (cents per litre), card-number prefixes, service phones, recharge tips, and the official account's QR image and name for follow-us (optional).",
    idempotent: true,
  }),
  version: endpoint({
    method: "GET",
    path: "/api/version",
    access: "none",
    refusals: [],
    request: Empty,
    response: VersionResponse,
    summary: "The server's version and production label.",
    idempotent: true,
  }),
  ready: endpoint({
    method: "GET",
    path: "/api/ready",
    access: "none",
    refusals: [],
    request: Empty,
    response: NoData,
    idempotent: true,
    summary:
      "Readiness for a load balancer: 200 when the database answers a trivial query within 2 s, else 503 (tag DatabaseUnavailable, `retry-after`), as while the server waits for its database; `/api/version` is the liveness answer (200 whenever the process serves).",
  }),
  cityList: endpoint({
    method: "GET",
    path: "/api/station/citylist",
    access: "none",
    refusals: [],
    request: Empty,
    response: CityListResponse,
    summary: "The cities that have stations, in display order.",
    idempotent: true,
  }),
  cityStations: endpoint({
    method: "POST",
    path: "/api/station/current_city_list",
    access: "none",
    refusals: [],
    request: CityStationsRequest,
    response: StationListResponse,
    summary: "The stations of a city, with prices in cents per litre.",
    idempotent: true,
  }),

  // ----- one-key fuel orders
  orderCreate: endpoint({
    method: "POST",
    path: "/api/order/create",
    access: "activated",
    refusals: ["AmountEmpty", "FuelTypeNotBuyable", "AmountNotPositive", "AmountAboveLimit_oneKey", "PhoneInvalid", "StationNotFound", "StationSellsNoDiesel", ...ORDER_CREATION],
    request: OrderCreateRequest,
    response: OrderCreateResponse,
    summary:
      "Create a one-key fuel order and answer the pay parameters of its channel (respCode '00' or result_code '000000'). A customer with 5 unpaid orders (fuel and recharge together) gets 409 `you have 5 unpaid orders: pay or cancel one first` (tag TooManyUnpaidOrders).",
  }),
  orderList: endpoint({
    method: "POST",
    path: "/api/order/list",
    access: "activated",
    refusals: [],
    request: OrderListRequest,
    response: OrderPage,
    summary: "One page of the customer's orders, newest first, filtered by tab or status code.",
    idempotent: true,
  }),
  orderDetail: endpoint({
    method: "POST",
    path: "/api/order/detail",
    access: "activated",
    refusals: ["OrderNotFound"],
    request: OrderIdRequest,
    response: Order,
    summary: "One of the customer's orders.",
    idempotent: true,
  }),
  orderCancel: endpoint({
    method: "POST",
    path: "/api/order/cancel",
    access: "activated",
    refusals: ["OrderNotFound", "OrderNotCancellable"],
    request: OrderIdRequest,
    response: OrderStatusAnswer,
    summary: "Cancel an unpaid order.",
  }),
  orderResetQr: endpoint({
    method: "POST",
    path: "/api/order/resetQR",
    access: "activated",
    refusals: ["OrderNotFound", "QrNotRegenerable"],
    request: OrderIdRequest,
    response: ResetQrResponse,
    summary: "Regenerate a paid order's QR code, voiding the old one: a recharge order within 8 minutes of payment, an unused fuel order without a refund within its 48 h (the new code keeps the 48 h from payment).",
  }),
  orderRefund: endpoint({
    method: "POST",
    path: "/api/order/refund",
    access: "activated",
    refusals: ["OrderNotFound", "RefundReasonMissing", "RefundAlreadyRequested", "RefundNotAllowed"],
    request: RefundRequest,
    response: RefundResponse,
    summary: "Ask for a paid order's refund, with a reason.",
  }),
  kepaiQrCode: endpoint({
    method: "POST",
    path: "/api/kepai/getqrcode",
    access: "activated",
    refusals: ["OrderNotFound", "QrNotAvailable", "QrAlreadyUsed", "QrExpired"],
    request: KepaiQrRequest,
    response: KepaiQrResponse,
    summary: "The cashier QR code of a paid fuel order (valid 48 hours after payment).",
    idempotent: true,
  }),

  // ----- payment
  paymentQuery: endpoint({
    method: "POST",
    path: "/api/payment/query",
    access: "activated",
    refusals: PAY_AGAIN,
    request: OrderIdRequest,
    response: WechatPayParams,
    summary: "Pay parameters (JSAPI-style channel) to pay an unpaid order.",
  }),
  paymentFyQuery: endpoint({
    method: "POST",
    path: "/api/paymentfy/query",
    access: "activated",
    refusals: PAY_AGAIN,
    request: OrderIdRequest,
    response: FyPayParams,
    summary: "Pay parameters (FY channel) to pay an unpaid order.",
  }),
  paymentQueryResult: endpoint({
    method: "POST",
    path: "/api/payment/query_result",
    access: "activated",
    refusals: ["OrderNotFound"],
    request: OrderIdRequest,
    response: PaymentResultResponse,
    summary: "Whether an order's payment is confirmed, and its status.",
    idempotent: true,
  }),
  paymentNotify: endpoint({
    method: "POST",
    path: "/api/payment/notify",
    access: "none",
    refusals: NOTIFICATION,
    request: PaymentNotification,
    response: NoData,
    summary: "Server to server: the JSAPI-style channel's signed, encrypted payment notification (idempotent).",
  }),
  paymentFyNotify: endpoint({
    method: "POST",
    path: "/api/paymentfy/notify",
    access: "none",
    refusals: NOTIFICATION,
    request: PaymentNotification,
    response: NoData,
    summary: "Server to server: the FY channel's signed, encrypted payment notification (idempotent).",
  }),

  // ----- fuel-card recharge
  rechargeCardList: endpoint({
    method: "GET",
    path: "/api/recharge/cardlist",
    access: "activated",
    refusals: [],
    request: Empty,
    response: CardListResponse,
    summary:
      "The cards the customer can pick again: those registered to their phone (whole) and those on their recharge orders (a bought card once its purchase is settled, team `个人`; anyone else's masked to its last 4 digits), entity_list and virtual_list, each with its `card_ref`.",
    idempotent: true,
  }),
  rechargeCardsByTeam: endpoint({
    method: "POST",
    path: "/api/recharge/getcardnumbyteam",
    access: "activated",
    refusals: ["CardLookupsLimited"],
    request: CardsByTeamRequest,
    response: CardInfoList,
    summary:
      "The cards of a team. A card registered to the caller's own phone comes whole; any other with `cardnum` masked to its last 4 digits (`*********4321`; the prefixes are public in the web info) and `phonenum` masked (`139****5678`). Each card carries `card_ref`, which names it in a recharge draft for this customer only. The personal team `个人` of bought cards is no fleet: it answers only the caller's own cards. 30 look-ups a minute per account, both look-ups together, then 429 with `retry-after` (tag CardLookupsLimited).",
    idempotent: true,
  }),
  rechargeCardsByPhone: endpoint({
    method: "POST",
    path: "/api/recharge/getRechargeCardByPhone",
    access: "activated",
    refusals: ["PhoneInvalid", "CardLookupsLimited"],
    request: CardsByPhoneRequest,
    response: CardInfoList,
    summary: "The cards registered to a phone: whole when it is the caller's own phone, otherwise masked and limited as in `getcardnumbyteam`.",
    idempotent: true,
  }),
  rechargeOrderCreate: endpoint({
    method: "POST",
    path: "/api/rechargeorder/create",
    access: "activated",
    refusals: [
      "MaintenanceWindow",
      "CardRefInvalid",
      "UnknownCardTypeCode",
      "FuelTypeNotBuyable",
      "CardNumberEmpty",
      "CardNumberInvalid",
      "RechargeAmountEmpty",
      "AmountNotPositive",
      "AmountAboveLimit_entityRecharge",
      "ContactDistributor",
      "PhoneInvalid",
      "StationRequired",
      "SiteSettingsMissing",
      "SiteSettingsUnusable",
      "OfficialAccountRequired",
      "OfficialAccountNotFollowed",
      "CardIdRequired",
      "StationNotFound",
      "StationSellsNoDiesel",
      "CardNotFound",
      "CardTeamMismatch",
      "CardTypeMismatch",
      "CardNotRechargeable",
      "PriceChanged",
      ...ORDER_CREATION,
    ],
    request: RechargeOrderCreateRequest,
    response: RechargeOrderCreateResponse,
    summary:
      "Create a fuel-card recharge order paid through the FY channel (result_code '000000'). At most 5000 yuan from the entity-recharge page; with `source: \"card\"` (the card page) up to 10000 yuan (above: 400 ContactDistributor) and only for a customer with an oauth id (else 409 OfficialAccountRequired) who follows the official account (else 409 OfficialAccountNotFollowed). 409 PriceChanged, 409 TooManyUnpaidOrders as in `order/create`.",
  }),
  cardPurchaseCreate: endpoint({
    method: "POST",
    path: "/api/rechargeorder/buycard",
    access: "activated",
    refusals: ["MaintenanceWindow", "AmountEmpty", "AmountNotPositive", "AmountAboveLimit_cardPurchase", "PhoneInvalid", "PriceChanged", ...ORDER_CREATION],
    request: CardPurchaseRequest,
    response: RechargeOrderCreateResponse,
    summary:
      "Buy a new virtual diesel card by amount (/heartcard): a recharge order paid through the FY channel, priced at the card-purchase page's fixed 4.61 a litre with 0.5 off (`Pricing.cardPurchaseQuote`). When the distributor settles it, the new card is issued to the customer's phone and shows in `recharge/cardlist` and on the order. 409 PriceChanged, 409 TooManyUnpaidOrders as in `order/create`.",
  }),

  // ----- invoices (issue 35): the customer's titles and requests, ./Invoices.ts (the desk's queue is the desk's)
  invoiceTitles: InvoicesApi.invoiceTitles,
  invoiceTitleSave: InvoicesApi.invoiceTitleSave,
  invoiceTitleDelete: InvoicesApi.invoiceTitleDelete,
  invoiceApply: InvoicesApi.invoiceApply,
  invoiceList: InvoicesApi.invoiceList,
  invoiceDetail: InvoicesApi.invoiceDetail,
  invoicePdf: InvoicesApi.invoicePdf,

  // ----- sandbox providers (DESIGN.md §4; 404 in production)
  sandboxOauthCode: endpoint({
    method: "POST",
    path: "/api/sandbox/oauth/code",
    access: "none",
    refusals: ["OpenidInvalid"],
    request: SandboxOauthCodeRequest,
    response: SandboxCodeResponse,
    summary:
      "Sandbox: mint a single-use messaging-app authorization code. `follows_official_account` (absent: false) is what the sign-in with it reports, as the consent page's checkbox does.",
  }),
  sandboxSms: endpoint({
    method: "GET",
    path: "/api/sandbox/sms",
    access: "none",
    refusals: ["PhoneInvalid", "SandboxSmsCodeMissing"],
    request: SandboxSmsQuery,
    response: SandboxCodeResponse,
    summary: "Sandbox: the last SMS code sent to ?phone=.",
    idempotent: true,
  }),
  sandboxGeocode: endpoint({
    method: "GET",
    path: "/api/sandbox/geocode",
    access: "none",
    refusals: ["StationNotFound"],
    request: SandboxGeocodeQuery,
    response: SandboxGeocodeResponse,
    summary:
      "Sandbox: the map provider's reverse geocoder. The city of the catalogue's station nearest to ?longitude=&latitude= (GCJ-02 degrees); 404 `station not found` when the catalogue has none.",
    idempotent: true,
  }),
  sandboxPay: endpoint({
    method: "POST",
    path: "/api/sandbox/pay",
    access: "none",
    refusals: ["OrderNotFound", "SandboxChannelMissing", "OrderNotPayable", "SandboxNotificationRefused"],
    request: SandboxPayRequest,
    response: OrderStatusAnswer,
    summary: "Sandbox: answer the pay sheet (ok, cancel, fail); ok delivers a signed payment notification.",
  }),
  sandboxCashierRedeem: endpoint({
    method: "POST",
    path: "/api/sandbox/cashier/redeem",
    access: "none",
    refusals: ["QrUnknown", "QrUsedBy", "QrAlreadyUsed", "QrUnpaid", "QrRefunded", "QrExpired", "QrNotAvailable"],
    request: SandboxRedeemRequest,
    response: OrderStatusAnswer,
    summary: "Sandbox: the cashier redeems a fuel order's QR code.",
  }),
  sandboxRechargeSettle: endpoint({
    method: "POST",
    path: "/api/sandbox/recharge/settle",
    access: "none",
    refusals: ["OrderNotFound", "RechargeAlreadySettled", "RechargeRefundUnderWay", "IllegalTransition", "RejectionReasonMissing", "SiteSettingsMissing"],
    request: SandboxSettleRequest,
    response: OrderStatusAnswer,
    summary:
      "Sandbox: the card distributor settles or rejects a paid recharge order. Settling a card purchase 'done' issues its virtual card (then on the order as `card_num`, `last_number`); rejecting refunds it and issues nothing.",
  }),
  sandboxInviteCodes: endpoint({
    method: "POST",
    path: "/api/sandbox/invite-codes",
    access: "none",
    refusals: [],
    request: SandboxInviteCodesRequest,
    response: SandboxInviteCodesResponse,
    summary: "Sandbox: create single-use invite codes.",
  }),
  sandboxBlacklist: endpoint({
    method: "POST",
    path: "/api/sandbox/blacklist",
    access: "none",
    refusals: ["PhoneInvalid"],
    request: SandboxBlacklistRequest,
    response: NoData,
    summary: "Sandbox: blacklist a phone.",
  }),
  sandboxClock: endpoint({
    method: "POST",
    path: "/api/sandbox/clock",
    access: "none",
    refusals: ["SandboxClockFixed"],
    request: SandboxClockRequest,
    response: SandboxClockResponse,
    summary: "Sandbox: move the server's clock forward.",
  }),
} as const;

/** The name of an endpoint in {@link CustomerApi}. */
export type CustomerApiName = keyof typeof CustomerApi;

/** The names of {@link CustomerApi}'s endpoints, in table order. */
export const CustomerApiNames: ReadonlyArray<CustomerApiName> = Object.keys(CustomerApi) as CustomerApiName[];
