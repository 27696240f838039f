/**
 * The message catalogue: every text a customer reads, keyed by the tag of the error (or the name
 * of the notice) it explains. English texts are the spec's words verbatim where the spec gives
 * them (quoted in spec §5, §6, §8); the others are written in the same plain style. zh-CN is
 * what Chinese browsers show by default. `{name}` marks a value filled in from the error's data.
 * @module
 */

/** The languages the app speaks. */
export type Locale = "en" | "zh-CN";

const en = {
  // spec §5
  AmountEmpty: "amount cannot be empty",
  AmountAboveLimit_cardPurchase: "single amount cannot exceed 5000 yuan",
  AmountAboveLimit_oneKey: "cannot exceed 10000 yuan",
  AmountAboveLimit_entityRecharge: "single amount cannot exceed 5000 yuan",
  AmountTooManyDigits: "the amount has more than {maxDigits} digits before the decimal point",
  AmountTooManyDecimals: "amount can have at most 2 decimal places",
  AmountInvalid: "enter a valid amount",
  AmountNotPositive: "amount must be more than 0",
  ContactDistributor: "amounts over {limitYuan} yuan: please contact your distributor",
  StationSellsNoDiesel: "this station cannot buy diesel for now",
  FuelTypeNotBuyable: "only diesel 0# can be bought",
  CardNumberEmpty: "card number cannot be empty",
  CardNumberInvalid: "enter a correct card number",
  RechargeAmountEmpty: "recharge amount cannot be empty",
  PhoneInvalid: "enter a correct phone number",
  SmsCodeTooShort: "enter the SMS code (at least {minLength} characters)",
  PasswordTooShort: "password must have at least {minLength} characters",
  PasswordFieldsRequired: "all password fields are required",
  PasswordsDoNotMatch: "passwords do not match",
  InviteCodeEmpty: "invite code cannot be empty",
  InviteCodeTooLong: "invite code cannot exceed {maxLength} characters",
  OauthRequired: "authorize via messaging app first",
  OfficialAccountRequired: "the official account is upgrading, please try again later",
  OfficialAccountNotFollowed: "follow our official account first to top up this card",
  CardIdRequired: "card id is missing",
  StationRequired: "select a station first",
  // spec §4/§9: the SMS resend countdown (Constants.SMS_RESEND_SECONDS)
  SmsSentRecently: "an SMS code was just sent to this phone, wait {seconds} seconds before asking again",
  // spec §6, §8
  Blacklisted: "server busy, cannot use",
  InviteCodeWrong: "invite code wrong, contact admin {tel}",
  MaintenanceWindow: "card service paused for system upgrade",
  LocationFailed: "failed to get location",
  NoStationInCity: "no gas station in current city",
  UnknownDistance: "unknown distance",
  // orders (spec §4)
  IllegalTransition: "this order cannot do that now",
  PayWindowClosed: "the time to pay for this order has passed",
  QrExpired: "this QR code has expired",
  UnknownStatusCode: "unknown order status",
  UnknownOrderTypeCode: "unknown order type",
  UnknownCardTypeCode: "unknown card type",
  NotDueYet: "this order is not due for that yet",
  RejectionReasonMissing: "a rejection needs a reason",
  // orders, payment, QR codes, cards (issue 4: the server's refusals, in the spec's plain style)
  OrderNotFound: "order not found",
  OrderNotCancellable: "only an unpaid order can be cancelled",
  OrderNotPayable: "this order can no longer be paid",
  OrderPaidThroughOtherChannel: "this order is paid through the other payment channel",
  PaymentServiceUnavailable: "payment service unavailable, try again later",
  // issue 22: the database cannot be reached or cannot write for now (server src/db/unavailable.ts): 503 with retry-after
  DatabaseUnavailable: "service temporarily unavailable, please try again in a few seconds",
  PaymentAmountMismatch: "the amount paid ({paid} cents) does not match the order ({due} cents)",
  IdempotencyKeyInvalid: "Idempotency-Key must be 1 to 255 visible characters",
  IdempotencyKeyReused: "this Idempotency-Key was already used for a different request",
  IdempotencyKeyInProgress: "the first request with this Idempotency-Key is still running, try again shortly",
  QrNotAvailable: "no QR code: this order is not paid, or its code is no longer valid",
  QrAlreadyUsed: "this QR code has already been used",
  QrUnknown: "unknown QR code",
  QrNotRegenerable: "the QR code of this order can no longer be regenerated",
  // issue 26: the desk's cashier and distributor (server src/cashier/redemption.ts, src/recharge/settleRecharge.ts)
  QrUsedBy: "this QR code was already used at {at} by {by}",
  QrOtherStation: "this code is for another station: it cannot be redeemed here",
  QrUnpaid: "this order is not paid: do not fuel",
  QrRefunded: "this order is refunded or its refund was asked for: do not fuel",
  RechargeAlreadySettled: "this order is already settled",
  RechargeRefundUnderWay: "the customer asked for a refund of this order: it can no longer be settled",
  RefundNotAllowed: "only a paid, unused and unexpired fuel order can be refunded",
  RefundAlreadyRequested: "a refund was already requested for this order",
  RefundReasonMissing: "tell us why you want a refund",
  PriceChanged: "the price has changed: the amount to pay is now {yuan} yuan",
  CardNotFound: "card not found, check the card number",
  // issue 22: a card_ref forged, made for another customer, or for a card no longer registered
  CardRefInvalid: "this card can no longer be chosen: look it up again",
  CardTeamMismatch: "this card does not belong to that team",
  CardTypeMismatch: "the card type does not match this card",
  CardNotRechargeable: "this card cannot be recharged now",
  // issue 25: said as soon as a frozen card is picked or typed, not at 'pay'
  CardFrozen: "this card is frozen and cannot be recharged",
  StationNotFound: "station not found",
  // limits (issue 9)
  TooManyUnpaidOrders: "you have {max} unpaid orders: pay or cancel one first",
  // the server's other refusals (issue 10: every text a client reads lives here)
  SmsCodeWrong: "wrong or expired SMS code",
  LoginFailed_captcha: "wrong phone number or SMS code",
  LoginFailed_password: "wrong phone number or password",
  MissingField: "missing field: {field}",
  OauthCodeRejected_unknown: "invalid authorization code, authorize again",
  OauthCodeRejected_used: "authorization code already used, authorize again",
  OauthCodeRejected_expired: "authorization code expired, authorize again",
  ProviderUnavailable_sms: "the SMS could not be sent, try again later",
  ProviderUnavailable_signIn: "messaging-app sign-in is unavailable, try again later",
  UnknownOpenid: "sign in with the messaging app first",
  OpenidInvalid: "invalid openid: sign in with the messaging app again",
  PhoneNotVerified: "verify this phone number with an SMS code first",
  PhoneTaken: "this phone number is bound to another account",
  PasswordAlreadySet: "a password is already set: change it with the old password",
  OldPasswordWrong: "old password is wrong",
  NoPassword: "no password set yet: set one first",
  ServerBusy: "too many sign-ins at this moment, try again in a few seconds",
  RedirectRefused: "redirect_uri must be a path or URL on this server",
  StateTooLong: "state is too long (at most {maxLength} characters)",
  PasswordAttemptsLimited: "too many wrong passwords for this phone: try again later, or sign in with an SMS code",
  SignInAttemptsLimited: "too many sign-in attempts from this network, try again in a minute",
  InviteAttemptsLimited_account: "too many wrong invite codes, try again later",
  InviteAttemptsLimited_network: "too many wrong invite codes from this network, try again later",
  CardLookupsLimited: "too many card look-ups, try again in a minute",
  // issue 22: order creations per customer over a rolling window (server src/limits/policy.ts)
  OrderCreationsLimited: "too many orders in a short time, please try again in {minutes} minutes",
  SmsPhoneHourLimited: "too many SMS codes for this phone in the last hour, try again later",
  SmsPhoneDayLimited: "too many SMS codes for this phone today, try again tomorrow",
  SmsNetworkLimited: "too many SMS codes requested from this network, try again later",
  SiteSettingsMissing: "site settings are not configured yet, try again later",
  PaymentChannelMismatch: "payment notification from a channel this order was not opened at",
  NotificationMalformed: "malformed payment notification",
  NotificationStale: "payment notification timestamp is more than 5 minutes off",
  NotificationBadSignature: "payment notification signature does not verify",
  NotificationUndecryptable: "payment notification resource does not decrypt",
  // the sandbox's stand-ins (DESIGN.md §4)
  SandboxChannelMissing: "this order's payment channel is not a sandbox",
  SandboxNotificationRefused: "the payment notification was refused by the server",
  SandboxClockFixed: "the clock of this server cannot be moved",
  SandboxSmsCodeMissing: "no unexpired SMS code for this phone",
  // issue 26: the staff desk (domain Staff.ts; server src/desk)
  StaffNameInvalid: "a staff name has {minLength} to {maxLength} letters, digits, '.', '_' or '-'",
  StaffPasswordTooShort: "the new password must have at least {minLength} characters",
  StaffPasswordUnchanged: "the new password must differ from the old one",
  StaffPasswordIsName: "the password cannot be your staff name",
  StaffLoginFailed: "wrong staff name or password",
  StaffDisabled: "this staff account is disabled: ask an admin",
  StaffAttemptsLimited: "too many wrong passwords for this account, try again in 15 minutes",
  StaffSignInRequired: "sign in to the desk first",
  StaffActionForbidden: "your role may not do this",
  StaffPasswordChangeRequired: "set your own password first",
  CrossSiteRequest: "request refused: it did not come from this server's desk",
  StaffNotFound: "no staff member with this name",
  StaffNameTaken: "a staff member with this name already exists",
  StationInvalid: "the station was not saved: {problems}",
  StationsImportRefused: "nothing was imported: {problems}",
  SettingsInvalid: "the settings were not saved: {problems}",
  OrderSearchInvalid: "search by exactly one of phone, order_id or merchant_no",
  StaffCannotDisableSelf: "you cannot disable your own account",
  StaffLastAdmin: "the last enabled admin cannot be disabled",
  // transport (spec §8)
  Offline: "network unavailable, check your connection",
  Timeout: "the request timed out, try again",
  ServerError: "server error, try again later",
  Unauthorized: "please sign in again",
  NotActivated: "account not activated",
  // the device and the messaging app (the UI words the adapters' errors with these)
  RouteFailed: "no driving route could be planned, try again later",
  NavigationFailed: "navigation could not be opened",
  PayOutsideMessagingApp: "open this page in the messaging app to pay",
} as const;

/** Every key of the catalogue. */
export type MessageKey = keyof typeof en;

const zhCN: Record<MessageKey, string> = {
  AmountEmpty: "金额不能为空",
  AmountAboveLimit_cardPurchase: "单笔金额不能超过5000元",
  AmountAboveLimit_oneKey: "不能超过10000元",
  AmountAboveLimit_entityRecharge: "单笔金额不能超过5000元",
  AmountTooManyDigits: "金额整数部分超过{maxDigits}位",
  AmountTooManyDecimals: "金额最多两位小数",
  AmountInvalid: "请输入正确的金额",
  AmountNotPositive: "金额必须大于0",
  ContactDistributor: "金额超过{limitYuan}元，请联系经销商",
  StationSellsNoDiesel: "该油站暂不能购买柴油",
  FuelTypeNotBuyable: "仅可购买0#柴油",
  CardNumberEmpty: "卡号不能为空",
  CardNumberInvalid: "请输入正确的卡号",
  RechargeAmountEmpty: "充值金额不能为空",
  PhoneInvalid: "请输入正确的手机号",
  SmsCodeTooShort: "请输入验证码（至少{minLength}位）",
  PasswordTooShort: "密码至少{minLength}位",
  PasswordFieldsRequired: "请填写所有密码项",
  PasswordsDoNotMatch: "两次密码不一致",
  InviteCodeEmpty: "邀请码不能为空",
  InviteCodeTooLong: "邀请码不能超过{maxLength}位",
  OauthRequired: "请先通过微信授权",
  OfficialAccountRequired: "公众号升级中，请稍后再试",
  OfficialAccountNotFollowed: "请先关注公众号再为此卡充值",
  CardIdRequired: "缺少卡号",
  StationRequired: "请先选择油站",
  SmsSentRecently: "验证码刚刚已发送到该手机，请{seconds}秒后再获取",
  Blacklisted: "服务器繁忙，无法使用",
  InviteCodeWrong: "邀请码错误，请联系管理员 {tel}",
  MaintenanceWindow: "系统升级，卡业务暂停",
  LocationFailed: "获取定位失败",
  NoStationInCity: "当前城市暂无加油站",
  UnknownDistance: "未知距离",
  IllegalTransition: "该订单当前无法执行此操作",
  PayWindowClosed: "订单已超过支付时间",
  QrExpired: "二维码已过期",
  UnknownStatusCode: "未知订单状态",
  UnknownOrderTypeCode: "未知订单类型",
  UnknownCardTypeCode: "未知卡类型",
  NotDueYet: "该订单尚未到期",
  RejectionReasonMissing: "驳回需要填写原因",
  OrderNotFound: "订单不存在",
  OrderNotCancellable: "只有待支付订单可以取消",
  OrderNotPayable: "该订单已无法支付",
  OrderPaidThroughOtherChannel: "该订单需通过另一支付渠道支付",
  PaymentServiceUnavailable: "支付服务暂不可用，请稍后再试",
  DatabaseUnavailable: "服务暂时不可用，请稍后几秒再试",
  PaymentAmountMismatch: "支付金额（{paid}分）与订单金额（{due}分）不符",
  IdempotencyKeyInvalid: "Idempotency-Key 须为1到255个可见字符",
  IdempotencyKeyReused: "该 Idempotency-Key 已用于另一请求",
  IdempotencyKeyInProgress: "相同请求正在处理中，请稍后再试",
  QrNotAvailable: "暂无二维码：订单未支付或二维码已失效",
  QrAlreadyUsed: "该二维码已被使用",
  QrUnknown: "无效的二维码",
  QrNotRegenerable: "该订单的二维码已无法重新生成",
  QrUsedBy: "该二维码已于{at}由{by}核销",
  QrOtherStation: "该二维码属于其他油站，不能在本站核销",
  QrUnpaid: "该订单未支付，请勿加油",
  QrRefunded: "该订单已退款或已申请退款，请勿加油",
  RechargeAlreadySettled: "该订单已处理",
  RechargeRefundUnderWay: "客户已申请退款，该订单不能再处理",
  RefundNotAllowed: "仅已支付、未使用且未过期的加油订单可以退款",
  RefundAlreadyRequested: "该订单已申请退款",
  RefundReasonMissing: "请填写退款原因",
  PriceChanged: "价格已变动，现需支付{yuan}元",
  CardNotFound: "未找到该卡，请核对卡号",
  CardRefInvalid: "该卡已无法选择，请重新查询",
  CardTeamMismatch: "该卡不属于此车队",
  CardTypeMismatch: "卡类型与该卡不符",
  CardNotRechargeable: "该卡暂不能充值",
  CardFrozen: "该卡已冻结，不能充值",
  StationNotFound: "油站不存在",
  TooManyUnpaidOrders: "您有{max}笔待支付订单，请先支付或取消其中一笔",
  SmsCodeWrong: "验证码错误或已过期",
  LoginFailed_captcha: "手机号或验证码错误",
  LoginFailed_password: "手机号或密码错误",
  MissingField: "缺少字段：{field}",
  OauthCodeRejected_unknown: "授权码无效，请重新授权",
  OauthCodeRejected_used: "授权码已使用，请重新授权",
  OauthCodeRejected_expired: "授权码已过期，请重新授权",
  ProviderUnavailable_sms: "短信发送失败，请稍后再试",
  ProviderUnavailable_signIn: "微信登录暂不可用，请稍后再试",
  UnknownOpenid: "请先通过微信登录",
  OpenidInvalid: "openid 无效，请重新通过微信登录",
  PhoneNotVerified: "请先通过短信验证码验证该手机号",
  PhoneTaken: "该手机号已绑定其他账户",
  PasswordAlreadySet: "已设置密码，请使用旧密码修改",
  OldPasswordWrong: "旧密码错误",
  NoPassword: "尚未设置密码，请先设置",
  ServerBusy: "当前登录人数过多，请稍后几秒再试",
  RedirectRefused: "redirect_uri 必须是本服务器上的路径或地址",
  StateTooLong: "state 过长（最多{maxLength}个字符）",
  PasswordAttemptsLimited: "该手机号密码错误次数过多，请稍后再试，或使用短信验证码登录",
  SignInAttemptsLimited: "当前网络登录尝试过多，请一分钟后再试",
  InviteAttemptsLimited_account: "邀请码错误次数过多，请稍后再试",
  InviteAttemptsLimited_network: "当前网络邀请码错误次数过多，请稍后再试",
  CardLookupsLimited: "查卡次数过多，请一分钟后再试",
  OrderCreationsLimited: "短时间内下单次数过多，请{minutes}分钟后再试",
  SmsPhoneHourLimited: "该手机号一小时内获取验证码次数过多，请稍后再试",
  SmsPhoneDayLimited: "该手机号今日获取验证码次数过多，请明天再试",
  SmsNetworkLimited: "当前网络获取验证码次数过多，请稍后再试",
  SiteSettingsMissing: "站点设置尚未配置，请稍后再试",
  PaymentChannelMismatch: "支付通知来自非该订单的支付渠道",
  NotificationMalformed: "支付通知格式错误",
  NotificationStale: "支付通知时间戳偏差超过5分钟",
  NotificationBadSignature: "支付通知签名校验失败",
  NotificationUndecryptable: "支付通知内容无法解密",
  SandboxChannelMissing: "该订单的支付渠道不是沙箱",
  SandboxNotificationRefused: "服务器拒绝了该支付通知",
  SandboxClockFixed: "该服务器的时钟不能调整",
  SandboxSmsCodeMissing: "该手机号没有未过期的验证码",
  StaffNameInvalid: "员工名须为{minLength}到{maxLength}个字母、数字、'.'、'_'或'-'",
  StaffPasswordTooShort: "新密码至少{minLength}位",
  StaffPasswordUnchanged: "新密码不能与旧密码相同",
  StaffPasswordIsName: "密码不能与员工名相同",
  StaffLoginFailed: "员工名或密码错误",
  StaffDisabled: "该员工账户已停用，请联系管理员",
  StaffAttemptsLimited: "该账户密码错误次数过多，请15分钟后再试",
  StaffSignInRequired: "请先登录工作台",
  StaffActionForbidden: "您的角色无权执行此操作",
  StaffPasswordChangeRequired: "请先设置您自己的密码",
  CrossSiteRequest: "请求被拒绝：并非来自本服务器的工作台",
  StaffNotFound: "没有该员工",
  StaffNameTaken: "该员工名已存在",
  StationInvalid: "站点未保存：{problems}",
  StationsImportRefused: "未导入任何站点：{problems}",
  SettingsInvalid: "设置未保存：{problems}",
  OrderSearchInvalid: "请只按手机号、订单号或商户订单号中的一项查询",
  StaffCannotDisableSelf: "不能停用您自己的账户",
  StaffLastAdmin: "不能停用最后一个启用的管理员",
  Offline: "网络不可用，请检查网络连接",
  Timeout: "请求超时，请重试",
  ServerError: "服务器错误，请稍后再试",
  Unauthorized: "请重新登录",
  NotActivated: "账户未激活",
  RouteFailed: "无法规划驾车路线，请稍后再试",
  NavigationFailed: "无法打开导航",
  PayOutsideMessagingApp: "请在微信中打开此页面完成支付",
};

/** The catalogue, one table per locale. */
export const catalogue: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = { en, "zh-CN": zhCN };

/** Fills the `{name}` slots of a text; unknown names stay as they are so a missing value is visible, not silent. */
export const interpolate = (template: string, params: Readonly<Record<string, string | number>> = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** The text of a key in a locale. */
export const text = (key: MessageKey, locale: Locale = "en", params?: Readonly<Record<string, string | number>>): string =>
  interpolate(catalogue[locale][key], params);

/** Anything tagged, such as the domain's errors. */
export interface Tagged {
  readonly _tag: string;
}

/**
 * The catalogue key of a tagged error. `AmountAboveLimit` has one text per page, because the spec
 * words each page's limit differently.
 */
export const keyOf = (error: Tagged): MessageKey | undefined => {
  const page = (error as { readonly page?: unknown }).page;
  const key = error._tag === "AmountAboveLimit" && typeof page === "string" ? `AmountAboveLimit_${page}` : error._tag;
  // Own keys only: a tag such as 'constructor' is no text of ours.
  return Object.hasOwn(en, key) ? (key as MessageKey) : undefined;
};

/**
 * The text explaining a domain error in a locale, with its data filled in. Errors the catalogue
 * does not know fall back to the generic server-error text rather than showing a raw tag.
 */
export const describe = (error: Tagged, locale: Locale = "en", extra?: Readonly<Record<string, string | number>>): string => {
  const key = keyOf(error) ?? "ServerError";
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(error)) if (typeof v === "string" || typeof v === "number") data[k] = v;
  return text(key, locale, { ...data, ...extra });
};
