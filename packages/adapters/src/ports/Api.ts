import type { ApiName, CustomerApiName, OrderListFilter, RequestEncodedOf, ResponseOf } from "@fuel/domain/api";
import type { Effect } from "effect";
import type { ApiError } from "./errors.ts";

/**
 * The server's API as the app's stores see it: one port per area (spec §7), each method an
 * `Effect` whose error channel is {@link ApiError}. The stores never see HTTP; the HTTP client
 * (`@fuel/adapters/http`) implements these over `fetch`, and `@fuel/adapters/testing` in memory.
 */

type Answer<K extends ApiName> = Effect.Effect<ResponseOf<K>, ApiError>;

/** Extra per-call options. */
export interface CallOptions {
  /**
   * The key of one user action (a tap on "pay"), kept across that action's retries, so a retry
   * after a timeout answers the first order instead of making a second (see `newActionKey`).
   */
  readonly idempotencyKey?: string;
}

/**
 * The one seam every gateway is built on: call a contract endpoint by name. The app's caller knows
 * only the customer's endpoints (`CustomerApiName`); the staff desk's caller is an
 * `ApiCaller<ApiName>` (issue 26).
 */
export interface ApiCaller<N extends ApiName = CustomerApiName> {
  call<K extends N>(name: K, input: RequestEncodedOf<K>, options?: CallOptions): Answer<K>;
}

/** Sign-in, the phone, passwords, activation, the blacklist (spec §4 login flow, §6). */
export interface SessionApi {
  wechatAuth(code: string): Answer<"wechatAuth">;
  sendSms(phone: string): Answer<"sendSms">;
  checkCaptcha(input: RequestEncodedOf<"checkCaptcha">): Answer<"checkCaptcha">;
  bindPhone(input: RequestEncodedOf<"bindPhone">): Answer<"bindPhone">;
  login(input: RequestEncodedOf<"login">): Answer<"login">;
  logout(): Answer<"logout">;
  userInfo(): Answer<"userInfo">;
  setPassword(password: string): Answer<"setPassword">;
  resetPassword(input: RequestEncodedOf<"resetPassword">): Answer<"resetPassword">;
  isBlacklisted(phone: string): Answer<"isBlacklist">;
  activate(code: string): Answer<"activate">;
}

/** Site settings and the server's version. */
export interface SiteApi {
  webInfo(): Answer<"webInfo">;
  version(): Answer<"version">;
}

/** Cities and their stations. */
export interface StationsApi {
  cities(): Answer<"cityList">;
  stationsOfCity(city: string): Answer<"cityStations">;
}

/** One-key fuel orders, their QR codes and refunds. */
export interface OrdersApi {
  create(draft: RequestEncodedOf<"orderCreate">, options: CallOptions): Answer<"orderCreate">;
  list(page: number, filter: OrderListFilter): Answer<"orderList">;
  detail(orderId: number): Answer<"orderDetail">;
  cancel(orderId: number): Answer<"orderCancel">;
  refund(orderId: number, reason: string): Answer<"orderRefund">;
  /** The cashier QR of a paid fuel order, by its merchant order number. */
  qrCode(orderNumber: string): Answer<"kepaiQrCode">;
  resetQr(orderId: number): Answer<"orderResetQr">;
}

/** Paying an unpaid order again, and whether the money arrived. */
export interface PaymentsApi {
  wechatParams(orderId: number): Answer<"paymentQuery">;
  fyParams(orderId: number): Answer<"paymentFyQuery">;
  /** The settled state: the pay sheet's 'ok' is not proof of payment, this is. */
  result(orderId: number): Answer<"paymentQueryResult">;
}

/** Fuel cards and their recharge. */
export interface RechargeApi {
  cardList(): Answer<"rechargeCardList">;
  cardsByPhone(phone: string): Answer<"rechargeCardsByPhone">;
  cardsByTeam(team: string): Answer<"rechargeCardsByTeam">;
  create(draft: RequestEncodedOf<"rechargeOrderCreate">, options: CallOptions): Answer<"rechargeOrderCreate">;
  /** Issue 13 (/heartcard): buy a new virtual card by amount; a recharge order like `create`'s. */
  buyCard(request: RequestEncodedOf<"cardPurchaseCreate">, options: CallOptions): Answer<"cardPurchaseCreate">;
}

/** Issue 35: the customer's invoice titles and requests. */
export interface InvoicesApi {
  titles(): Answer<"invoiceTitles">;
  saveTitle(title: RequestEncodedOf<"invoiceTitleSave">): Answer<"invoiceTitleSave">;
  deleteTitle(titleId: number): Answer<"invoiceTitleDelete">;
  /** One request for these orders to this title; one key per tap, so a retry answers the first request. */
  apply(request: RequestEncodedOf<"invoiceApply">, options: CallOptions): Answer<"invoiceApply">;
  list(): Answer<"invoiceList">;
  detail(invoiceId: number): Answer<"invoiceDetail">;
}

/** Every gateway the app uses. */
export interface ApiGateways {
  readonly session: SessionApi;
  readonly site: SiteApi;
  readonly stations: StationsApi;
  readonly orders: OrdersApi;
  readonly payments: PaymentsApi;
  readonly recharge: RechargeApi;
  readonly invoices: InvoicesApi;
}
