import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents } from "../src/Money.ts";
import * as V from "../src/Validation.ts";

describe("Validation properties", () => {
  it("a one-key amount is accepted exactly when 1 cent <= amount <= 10000 yuan", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 3_000_000 }), (c) => {
      expect(Result.isSuccess(V.validateOneKeyAmount(formatCents(c)))).toBe(c >= 1 && c <= 1_000_000);
    }));
  });

  it("a card-purchase amount is accepted exactly when 1 cent <= amount <= 5000 yuan", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2_000_000 }), (c) => {
      expect(Result.isSuccess(V.validateCardPurchaseAmount(formatCents(c)))).toBe(c >= 1 && c <= 500_000);
    }));
  });

  it("an entity recharge is accepted exactly when 1 cent <= amount <= 5000 yuan", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2_000_000 }), (c) => {
      expect(Result.isSuccess(V.validateEntityRechargeAmount(formatCents(c)))).toBe(c >= 1 && c <= 500_000);
    }));
  });

  it("validators never throw on any string", () => {
    fc.assert(fc.property(fc.string({ maxLength: 64 }), (s) => {
      V.validateOneKeyAmount(s); V.validateCardPurchaseAmount(s); V.validateEntityRechargeAmount(s);
      V.validateConsumptionAmount(s); V.validatePhone(s); V.validateSmsCode(s); V.validatePassword(s);
      V.validateInviteCode(s); V.validateCardNumber(s); V.validateGasType(s);
    }));
  });

  it("an invite code is accepted exactly when its trimmed length is 1..32", () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => {
      const n = s.trim().length;
      expect(Result.isSuccess(V.validateInviteCode(s))).toBe(n >= 1 && n <= 32);
    }));
  });

  it("a password form has no field errors exactly when the whole-form rule accepts it", () => {
    const pw = fc.oneof(fc.constant(""), fc.constant("abcdef"), fc.string({ maxLength: 8 }));
    fc.assert(fc.property(pw, pw, pw, (oldPassword, newPassword, confirmPassword) => {
      const none = Object.keys(V.passwordFieldErrors({ oldPassword, newPassword, confirmPassword })).length === 0;
      expect(none).toBe(Result.isSuccess(V.validatePasswordChange({ oldPassword, newPassword, confirmPassword })));
      const noneNew = Object.keys(V.passwordFieldErrors({ newPassword, confirmPassword })).length === 0;
      expect(noneNew).toBe(Result.isSuccess(V.validateNewPassword({ newPassword, confirmPassword })));
    }));
  });

  it("a password change passes exactly when all are >= 6 and new equals confirm", () => {
    const pw = fc.string({ maxLength: 10 });
    fc.assert(fc.property(pw, pw, fc.boolean(), (oldPassword, newPassword, same) => {
      const confirmPassword = same ? newPassword : `${newPassword}x`;
      const ok = oldPassword.length >= 6 && newPassword.length >= 6 && confirmPassword === newPassword;
      expect(Result.isSuccess(V.validatePasswordChange({ oldPassword, newPassword, confirmPassword }))).toBe(ok);
    }));
  });
});
