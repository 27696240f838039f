import { Messages } from "@fuel/domain";
import { refusalsOf, type Endpoint } from "@fuel/domain/api";
import type { Refusal } from "../refusals/Refusal.ts";

/**
 * The one place a refusal becomes an HTTP answer: its status, the English text of its reason from
 * the domain's catalogue, and the `x-error-tag` header (the catalogue key, so a client can show
 * its own translation). A reason not listed below is a rule the input broke: 400.
 */

interface Answer {
  readonly status: number;
  /** The `x-error-tag` when it is not the reason: one tag shared by several texts, or null for none. */
  readonly tag?: string | null;
}

const ANSWERS = {
  Unauthorized: { status: 401 },
  // Issue 26, the staff desk: its own 401/403 tags, so the desk never mistakes them for a customer's.
  StaffSignInRequired: { status: 401 },
  StaffLoginFailed: { status: 401 },
  StaffDisabled: { status: 403 },
  StaffActionForbidden: { status: 403 },
  StaffPasswordChangeRequired: { status: 403 },
  CrossSiteRequest: { status: 403 },
  StaffNotFound: { status: 404 },
  StaffNameTaken: { status: 409 },
  StaffCannotDisableSelf: { status: 409 },
  StaffLastAdmin: { status: 409 },
  StaffAttemptsLimited: { status: 429 },
  StaffAccountAttemptsLimited: { status: 429 },
  StaffNetworkAttemptsLimited: { status: 429 },
  NotificationStale: { status: 401, tag: "NotificationRefused" },
  NotificationBadSignature: { status: 401, tag: "NotificationRefused" },
  Blacklisted: { status: 403 },

  OrderNotFound: { status: 404 },
  QrUnknown: { status: 404 },
  TypedCodeUnknown: { status: 404 },
  StationNotFound: { status: 404 },
  CardNotFound: { status: 404 },
  // Issue 35: another customer's title or request is as good as none.
  InvoiceTitleNotFound: { status: 404 },
  InvoiceNotFound: { status: 404 },
  InvoicePdfMissing: { status: 404 },
  SandboxChannelMissing: { status: 404, tag: null },
  SandboxClockFixed: { status: 404, tag: null },
  SandboxSmsCodeMissing: { status: 404, tag: null },

  CardNotRechargeable: { status: 409 },
  // Issue 13, a top-up from the card page: the account's state, not the input, and never
  // 401/403/422 (the spec's client logs the customer out on those).
  OfficialAccountRequired: { status: 409 },
  OfficialAccountNotFollowed: { status: 409 },
  CardIdRequired: { status: 409 },
  IdempotencyKeyInProgress: { status: 409 },
  IllegalTransition: { status: 409 },
  OrderNotCancellable: { status: 409 },
  OrderNotPayable: { status: 409 },
  OrderPaidThroughOtherChannel: { status: 409 },
  PriceChanged: { status: 409 },
  QrAlreadyUsed: { status: 409 },
  QrExpired: { status: 409 },
  QrNotAvailable: { status: 409 },
  QrNotRegenerable: { status: 409 },
  QrUsedBy: { status: 409 },
  QrOtherStation: { status: 409 },
  QrUnpaid: { status: 409 },
  QrRefunded: { status: 409 },
  RechargeAlreadySettled: { status: 409 },
  RechargeRefundUnderWay: { status: 409 },
  RefundAlreadyRequested: { status: 409 },
  RefundNotAllowed: { status: 409 },
  // Issue 35: the request's or the order's state, not the input: exactly one 'issued' wins.
  InvoiceNotOpen: { status: 409 },
  InvoiceWithProvider: { status: 409 },
  InvoiceOrderInvoiced: { status: 409 },
  InvoiceOrderPending: { status: 409 },
  TooManyUnpaidOrders: { status: 409 },
  PhoneTaken: { status: 409 },
  PasswordAlreadySet: { status: 409 },

  ServerBusy: { status: 429 },
  PasswordAttemptsLimited: { status: 429 },
  SignInAttemptsLimited: { status: 429 },
  InviteAttemptsLimited_account: { status: 429, tag: "InviteAttemptsLimited" },
  InviteAttemptsLimited_network: { status: 429, tag: "InviteAttemptsLimited" },
  CardLookupsLimited: { status: 429 },
  OrderCreationsLimited: { status: 429 },
  SmsSentRecently: { status: 429, tag: "SmsRateLimited" },
  SmsPhoneHourLimited: { status: 429, tag: "SmsRateLimited" },
  SmsPhoneDayLimited: { status: 429, tag: "SmsRateLimited" },
  SmsNetworkLimited: { status: 429, tag: "SmsRateLimited" },

  SandboxNotificationRefused: { status: 502, tag: null },
  PaymentServiceUnavailable: { status: 503 },
  DatabaseUnavailable: { status: 503 },
  ProviderUnavailable_sms: { status: 503, tag: "ProviderUnavailable" },
  ProviderUnavailable_signIn: { status: 503, tag: "ProviderUnavailable" },
  SiteSettingsMissing: { status: 503, tag: null },
  SiteSettingsUnusable: { status: 503 },

  // 400s whose tag is not their key
  AmountAboveLimit_cardPurchase: { status: 400, tag: "AmountAboveLimit" },
  AmountAboveLimit_oneKey: { status: 400, tag: "AmountAboveLimit" },
  AmountAboveLimit_entityRecharge: { status: 400, tag: "AmountAboveLimit" },
  LoginFailed_captcha: { status: 400, tag: "LoginFailed" },
  LoginFailed_password: { status: 400, tag: "LoginFailed" },
  OauthCodeRejected_unknown: { status: 400, tag: "OauthCodeRejected" },
  OauthCodeRejected_used: { status: 400, tag: "OauthCodeRejected" },
  OauthCodeRejected_expired: { status: 400, tag: "OauthCodeRejected" },
  NotificationMalformed: { status: 400, tag: "NotificationRefused" },
  NotificationUndecryptable: { status: 400, tag: "NotificationRefused" },
} as const satisfies Partial<Record<Messages.MessageKey, Answer>>;

const answerFor = (reason: Messages.MessageKey): Answer => (ANSWERS as Partial<Record<Messages.MessageKey, Answer>>)[reason] ?? { status: 400 };

/** The status of a refusal for `reason`. */
export const refusalStatus = (reason: Messages.MessageKey): number => answerFor(reason).status;

/**
 * The `x-error-tag` of a refusal for `reason` (null: none). A domain error's own tag is the same
 * (`Messages.keyOf` adds the page to `AmountAboveLimit` only), so the contract's refusal lists,
 * which name catalogue keys, can be checked against answered tags.
 */
export const refusalTag = (reason: Messages.MessageKey): string | null => {
  const tag = answerFor(reason).tag;
  return tag === undefined ? reason : tag;
};

const declared = new WeakMap<Endpoint, ReadonlySet<string>>();

/** The `x-error-tag`s `endpoint` may answer with: those of the refusals its contract entry declares, generic ones included. */
export const declaredTags = (endpoint: Endpoint): ReadonlySet<string> => {
  let tags = declared.get(endpoint);
  if (tags === undefined) {
    tags = new Set(refusalsOf(endpoint).flatMap((reason) => refusalTag(reason) ?? []));
    declared.set(endpoint, tags);
  }
  return tags;
};

export interface RefusalAnswer {
  readonly status: number;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
}

export const refusalAnswer = (refusal: Refusal): RefusalAnswer => {
  const answer = answerFor(refusal.reason);
  const tag = refusal.domainTag ?? refusalTag(refusal.reason);
  return {
    status: answer.status,
    message: Messages.text(refusal.reason, "en", refusal.params),
    headers: {
      ...(refusal.retryAfterSeconds === undefined ? {} : { "retry-after": String(Math.max(1, Math.ceil(refusal.retryAfterSeconds))) }),
      ...(tag === null ? {} : { "x-error-tag": tag }),
      ...errorParamsHeader(tag, refusal.reason, refusal.params),
    },
  };
};

// Values the app reads that no English text names: a refusal's problems tagged one by one
// (StationRow.problemsParams), which the desk words in the admin's language.
const UNNAMED_PARAMS = ["problem_list"] as const;

/**
 * `x-error-params`: the values the refusal's text names, as URI-encoded JSON (a header carries
 * Latin-1 only). With the tag, the app words the refusal from its own catalogue in the customer's
 * language ('请5分钟后再试') instead of showing this answer's English text.
 */
const errorParamsHeader = (tag: string | null, reason: Messages.MessageKey, params: Refusal["params"]): Record<string, string> => {
  if (tag === null || params === undefined) return {};
  // Only the values the text names (and UNNAMED_PARAMS): a domain error's other data (its _tag) is no business of the app's.
  const named: Record<string, string | number> = {};
  for (const [, slot] of Messages.catalogue.en[reason].matchAll(/\{(\w+)\}/g)) {
    const value = slot === undefined ? undefined : params[slot];
    if (slot !== undefined && value !== undefined) named[slot] = value;
  }
  for (const name of UNNAMED_PARAMS) {
    const value = params[name];
    if (value !== undefined) named[name] = value;
  }
  return Object.keys(named).length === 0 ? {} : { "x-error-params": encodeURIComponent(JSON.stringify(named)) };
};
