import { Schema } from "effect";
import { InviteCodeEmpty } from "../Validation.ts";
import { User } from "./Entities.ts";
import { Code, LineText, Password, Phone, requiredAs, ShortText, Token, Url } from "./Primitives.ts";

/**
 * Requests and answers of sign-in, phone binding, passwords, activation and the blacklist
 * (spec §4 login flow, §5, §6, §7). Length rules (phone 11, code >= 4, password >= 6, invite code
 * <= 32) are domain validation the server applies after decoding, to answer with the spec's words.
 * @module
 */

/**
 * `POST /api/login`: sign in with an SMS code or a password. `captcha` is required when
 * `type` is "captcha", `password` when it is "password" (the server says which is missing).
 */
export const LoginRequest = Schema.Struct({
  phone: Phone,
  type: Schema.Literals(["captcha", "password"]),
  captcha: Schema.optionalKey(Code),
  password: Schema.optionalKey(Password),
}).annotate({ identifier: "LoginRequest" });
export type LoginRequest = typeof LoginRequest.Type;

/**
 * A signed-in session: the bearer token, whether the account is activated (the client keeps the
 * flag for the route guard, spec §2) and the user. Answer of `/api/login` and `/api/bindphone`.
 */
export const SessionResponse = Schema.Struct({
  token: Token,
  is_activated: Schema.Boolean,
  info: User,
}).annotate({ identifier: "SessionResponse" });
export type SessionResponse = typeof SessionResponse.Type;

/** `POST /api/sendsms`: send an SMS code to `phone` (the client then counts down 60 s). */
export const SendSmsRequest = Schema.Struct({ phone: Phone }).annotate({ identifier: "SendSmsRequest" });
export type SendSmsRequest = typeof SendSmsRequest.Type;

/** `POST /api/wechatauth`: exchange the messaging app's single-use authorization code. */
export const WechatAuthRequest = Schema.Struct({ code: Code }).annotate({ identifier: "WechatAuthRequest" });
export type WechatAuthRequest = typeof WechatAuthRequest.Type;

/** The messaging-app profile known before a phone is bound: the openid, and name / avatar when the app gave them. */
export const WechatProfile = Schema.Struct({
  openid: ShortText,
  name: Schema.optionalKey(LineText),
  avatar_url: Schema.optionalKey(Url),
}).annotate({ identifier: "WechatProfile" });
export type WechatProfile = typeof WechatProfile.Type;

/**
 * `/api/wechatauth` when the openid has no phone yet (spec §4: go to bind phone): no token, and
 * `info.openid` to send to `/api/bindphone`.
 */
export const WechatAuthUnbound = Schema.Struct({
  unBindPhone: Schema.Literal(true),
  is_activated: Schema.Boolean,
  info: WechatProfile,
}).annotate({ identifier: "WechatAuthUnbound" });
export type WechatAuthUnbound = typeof WechatAuthUnbound.Type;

/** `/api/wechatauth` when the phone is bound (spec §4: save the token, load the user, go to personal). */
export const WechatAuthBound = Schema.Struct({
  unBindPhone: Schema.Literal(false),
  token: Token,
  is_activated: Schema.Boolean,
  info: User,
}).annotate({ identifier: "WechatAuthBound" });
export type WechatAuthBound = typeof WechatAuthBound.Type;

/**
 * The answer of `POST /api/wechatauth`: `{unBindPhone, info: {openid, ...}, token?, is_activated}`
 * as spec §7 has it, made exact: `unBindPhone` tells the two cases apart, and `token` is present
 * exactly when the phone is bound.
 */
export const WechatAuthResponse = Schema.Union([WechatAuthBound, WechatAuthUnbound]).annotate({ identifier: "WechatAuthResponse" });
export type WechatAuthResponse = typeof WechatAuthResponse.Type;

/**
 * `POST /api/bindphone`: bind `phone` to the messaging-app identity `openid`. The phone must have
 * been proven first with `/api/check_captcha` (sent with the same openid).
 */
export const BindPhoneRequest = Schema.Struct({ phone: Phone, openid: ShortText }).annotate({ identifier: "BindPhoneRequest" });
export type BindPhoneRequest = typeof BindPhoneRequest.Type;

/**
 * `POST /api/check_captcha`: check an SMS code for `phone`. The bind-phone page also sends the
 * `openid` it got from `/api/wechatauth` (it has no token yet), so the proof can be recorded for
 * `/api/bindphone`; the spec's {phone, captcha} is the rest.
 */
export const CheckCaptchaRequest = Schema.Struct({
  phone: Phone,
  captcha: Code,
  openid: Schema.optionalKey(ShortText),
}).annotate({ identifier: "CheckCaptchaRequest" });
export type CheckCaptchaRequest = typeof CheckCaptchaRequest.Type;

/** `POST /api/setpassword`: set the signed-in user's password. */
export const SetPasswordRequest = Schema.Struct({ password: Password }).annotate({ identifier: "SetPasswordRequest" });
export type SetPasswordRequest = typeof SetPasswordRequest.Type;

/**
 * `/api/user/resetpassword` from /resetPassword: change the password knowing the old one (needs a
 * token). Spec §7 sends old and new; the form's third field may come along as `confirm_password`,
 * and then must equal `new_password` (spec §5 'passwords do not match').
 */
export const ChangePasswordRequest = Schema.Struct({
  old_password: Password,
  new_password: Password,
  confirm_password: Schema.optionalKey(Password),
}).annotate({ identifier: "ChangePasswordRequest" });
export type ChangePasswordRequest = typeof ChangePasswordRequest.Type;

/** `/api/user/resetpassword` from /forgetPassword: set a new password proven by an SMS code (no token needed). */
export const ForgotPasswordRequest = Schema.Struct({
  password: Password,
  captcha: Code,
  phone: Phone,
}).annotate({ identifier: "ForgotPasswordRequest" });
export type ForgotPasswordRequest = typeof ForgotPasswordRequest.Type;

/**
 * `POST /api/user/resetpassword`: `{old_password, new_password}` or `{password, captcha, phone}`.
 * A body with both shapes' fields decodes as the first.
 */
export const ResetPasswordRequest = Schema.Union([ChangePasswordRequest, ForgotPasswordRequest]).annotate({
  identifier: "ResetPasswordRequest",
});
export type ResetPasswordRequest = typeof ResetPasswordRequest.Type;

/** `POST /api/balcklist/isBlacklist` (the spec's spelling): whether `phone` is refused. */
export const IsBlacklistRequest = Schema.Struct({ phone: Phone }).annotate({ identifier: "IsBlacklistRequest" });
export type IsBlacklistRequest = typeof IsBlacklistRequest.Type;

/** Spec §7: the answer data of `/api/balcklist/isBlacklist`: 1 blacklisted, 0 not. */
export const IsBlacklistResponse = Schema.Literals([0, 1]).annotate({ identifier: "IsBlacklistResponse" });
export type IsBlacklistResponse = typeof IsBlacklistResponse.Type;

/**
 * `POST /api/activacode/check`: redeem a single-use invite code for the signed-in user. Spec §5:
 * the code is required; missing, null or blank it is 'invite code cannot be empty'.
 */
export const ActivateRequest = Schema.Struct({ code: requiredAs(new InviteCodeEmpty(), Code) }).annotate({ identifier: "ActivateRequest" });
export type ActivateRequest = typeof ActivateRequest.Type;
