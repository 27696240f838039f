import { Validation } from "@fuel/domain";
import { orRefuse, refuse } from "../refusals/Refusal.ts";

/**
 * The spec §5 rules on identity input, applied after the contract decoded the request's shape:
 * each failure is a 400 with the domain's message and tag (the form shows the same words). The
 * contract already refused what the database cannot store (NUL, unpaired surrogates), so other
 * odd characters need no guard here: a phone with one is not a phone, a code with one matches none.
 */

/** 11 digits, a mainland mobile number ('enter a correct phone number'). */
export const phoneOf = (raw: string): string => orRefuse(Validation.validatePhone(raw));

/** At least 4 characters. */
export const smsCodeOf = (raw: string): string => orRefuse(Validation.validateSmsCode(raw));

/** At least 6 characters. */
export const passwordOf = (raw: string): string => orRefuse(Validation.validatePassword(raw));

/** Required, at most 32 characters. */
export const inviteCodeOf = (raw: string): string => orRefuse(Validation.validateInviteCode(raw));

/**
 * Spec §5, password change: all fields required ('all password fields are required'), each at
 * least 6, new equals confirm ('passwords do not match'). The wire's `confirm_password` is
 * optional (spec §7 sends only old and new): without it there is nothing to mismatch.
 */
export const passwordChangeOf = (input: { readonly old_password: string; readonly new_password: string; readonly confirm_password?: string }) =>
  orRefuse(
    Validation.validatePasswordChange({
      oldPassword: input.old_password,
      newPassword: input.new_password,
      confirmPassword: input.confirm_password ?? input.new_password,
    }),
  );

/**
 * A messaging-app openid: the real ones are 28 URL-safe characters, ours `sandbox-<hex>`. Anything
 * else (spaces, control characters, which the database could not even store) is not one.
 */
const OPENID = /^[A-Za-z0-9_-]{1,64}$/;

export const openidOf = (raw: string): string => {
  if (!OPENID.test(raw)) throw refuse("OpenidInvalid");
  return raw;
};
