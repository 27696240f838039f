import type { OauthCodeProblem } from "../providers/oauth/OauthProvider.ts";
import { refuse, type Refusal } from "../refusals/Refusal.ts";
import type { SmsRefusal } from "./smsLimits.ts";

/**
 * The identity part's refusals (texts in the domain's message catalogue). Each text says what to
 * do next. Sign-in failures say the same whether or not the phone has an account, so they cannot
 * be used to find out who is a customer.
 */

export const smsCodeWrong = (): Refusal => refuse("SmsCodeWrong");

export const loginFailed = (type: "captcha" | "password"): Refusal => refuse(type === "captcha" ? "LoginFailed_captcha" : "LoginFailed_password");

export const missingField = (field: string): Refusal => refuse("MissingField", { field });

export const oauthCodeRejected = (problem: OauthCodeProblem): Refusal => refuse(`OauthCodeRejected_${problem}`);

/** 503: an outside system (the messaging app, the SMS gateway) failed; trying again may work. */
export const providerUnavailable = (what: "sign-in" | "SMS"): Refusal => refuse(what === "SMS" ? "ProviderUnavailable_sms" : "ProviderUnavailable_signIn");

export const smsRateLimited = (refusal: SmsRefusal): Refusal => refuse(refusal.reason, refusal.params, refusal.retryAfterSeconds);

export const unknownOpenid = (): Refusal => refuse("UnknownOpenid");

export const phoneNotVerified = (): Refusal => refuse("PhoneNotVerified");

export const phoneTaken = (): Refusal => refuse("PhoneTaken");

export const passwordAlreadySet = (): Refusal => refuse("PasswordAlreadySet");

export const oldPasswordWrong = (): Refusal => refuse("OldPasswordWrong");

export const noPasswordYet = (): Refusal => refuse("NoPassword");
