import { BadRequest, Conflict, HttpError, TooManyRequests } from "../refusals/httpErrors.ts";
import type { OauthCodeProblem } from "../providers/oauth/OauthProvider.ts";

/**
 * The identity part's refusals, with their messages and tags (the `x-error-tag` header). Each
 * message says what to do next. Sign-in failures say the same whether or not the phone has an
 * account, so they cannot be used to find out who is a customer.
 */

export const smsCodeWrong = (): BadRequest => new BadRequest("wrong or expired SMS code", "SmsCodeWrong");

export const loginFailed = (type: "captcha" | "password"): BadRequest =>
  new BadRequest(type === "captcha" ? "wrong phone number or SMS code" : "wrong phone number or password", "LoginFailed");

export const missingField = (field: string): BadRequest => new BadRequest(`missing field: ${field}`, "MissingField");

const OAUTH_PROBLEMS: Readonly<Record<OauthCodeProblem, string>> = {
  unknown: "invalid authorization code, authorize again",
  used: "authorization code already used, authorize again",
  expired: "authorization code expired, authorize again",
};

export const oauthCodeRejected = (problem: OauthCodeProblem): BadRequest => new BadRequest(OAUTH_PROBLEMS[problem], "OauthCodeRejected");

/** 503: an outside system (the messaging app, the SMS gateway) failed; trying again may work. */
export const providerUnavailable = (what: "sign-in" | "SMS"): HttpError =>
  new HttpError(503, what === "SMS" ? "the SMS could not be sent, try again later" : "messaging-app sign-in is unavailable, try again later", "ProviderUnavailable");

export const smsRateLimited = (message: string, retryAfterSeconds: number): TooManyRequests =>
  new TooManyRequests(message, retryAfterSeconds, "SmsRateLimited");

export const unknownOpenid = (): BadRequest => new BadRequest("sign in with the messaging app first", "UnknownOpenid");

export const phoneNotVerified = (): BadRequest =>
  new BadRequest("verify this phone number with an SMS code first", "PhoneNotVerified");

export const phoneTaken = (): Conflict => new Conflict("this phone number is bound to another account", "PhoneTaken");

export const passwordAlreadySet = (): Conflict =>
  new Conflict("a password is already set: change it with the old password", "PasswordAlreadySet");

export const oldPasswordWrong = (): BadRequest => new BadRequest("old password is wrong", "OldPasswordWrong");

export const noPasswordYet = (): BadRequest => new BadRequest("no password set yet: set one first", "NoPassword");
