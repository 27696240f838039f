import { Result } from "effect";
import { describe, expect, it } from "vitest";
import * as V from "../src/Validation.ts";

const tag = <A, E extends { _tag: string }>(r: Result.Result<A, E>): string => (Result.isFailure(r) ? r.failure._tag : "ok");
const value = <A, E>(r: Result.Result<A, E>): A => Result.getOrThrow(r);

describe("card-purchase amount (spec §5)", () => {
  it("empty -> 'amount cannot be empty'", () => expect(tag(V.validateCardPurchaseAmount(""))).toBe("AmountEmpty"));
  it("4999.99 yuan is accepted", () => expect(value(V.validateCardPurchaseAmount("4999.99"))).toBe(499_999));
  it("5000 yuan is accepted", () => expect(value(V.validateCardPurchaseAmount("5000"))).toBe(500_000));
  it("5000.01 yuan is refused", () => expect(tag(V.validateCardPurchaseAmount("5000.01"))).toBe("AmountAboveLimit"));
  it("5001 yuan is refused with the card-purchase limit", () => {
    const r = V.validateCardPurchaseAmount("5001");
    expect(Result.isFailure(r) && r.failure).toMatchObject({ _tag: "AmountAboveLimit", limitYuan: 5000, page: "cardPurchase" });
  });
  it("at most 4 digits: 9999 passes the input, 10000 does not", () => {
    expect(V.cardPurchaseInputAllowed("9999")).toBe(true);
    expect(V.cardPurchaseInputAllowed("10000")).toBe(false);
    expect(V.cardPurchaseInputAllowed("0099.5")).toBe(true);
    expect(tag(V.validateCardPurchaseAmount("10000"))).toBe("AmountTooManyDigits");
  });
  it("zero is refused", () => expect(tag(V.validateCardPurchaseAmount("0"))).toBe("AmountNotPositive"));
  it("cents from the wire follow the same limits: 1 cent to 5000 yuan", () => {
    expect(tag(V.validateCardPurchaseCents(0 as never))).toBe("AmountNotPositive");
    expect(value(V.validateCardPurchaseCents(1 as never))).toBe(1);
    expect(value(V.validateCardPurchaseCents(500_000 as never))).toBe(500_000);
    const above = V.validateCardPurchaseCents(500_001 as never);
    expect(Result.isFailure(above) && above.failure).toMatchObject({ _tag: "AmountAboveLimit", limitYuan: 5000, page: "cardPurchase" });
  });
  it("cents and the typed amount agree", () => {
    for (const [typed, cents] of [["0.01", 1], ["4999.99", 499_999], ["5000", 500_000], ["5000.01", 500_001], ["9999", 999_900]] as const) {
      expect(tag(V.validateCardPurchaseCents(cents as never))).toBe(tag(V.validateCardPurchaseAmount(typed)));
    }
  });
});

describe("one-key amount (spec §5)", () => {
  it("empty -> AmountEmpty", () => expect(tag(V.validateOneKeyAmount(" "))).toBe("AmountEmpty"));
  it("0.01 yuan (1 cent) is accepted", () => expect(value(V.validateOneKeyAmount("0.01"))).toBe(1));
  it("9999.99 and 10000 yuan are accepted", () => {
    expect(value(V.validateOneKeyAmount("9999.99"))).toBe(999_999);
    expect(value(V.validateOneKeyAmount("10000"))).toBe(1_000_000);
  });
  it("10000.01 and 10001 yuan -> 'cannot exceed 10000 yuan'", () => {
    expect(tag(V.validateOneKeyAmount("10000.01"))).toBe("AmountAboveLimit");
    expect(tag(V.validateOneKeyAmount("10001"))).toBe("AmountAboveLimit");
  });
  it("cents from the wire follow the same limits", () => {
    expect(tag(V.validateOneKeyCents(0 as never))).toBe("AmountNotPositive");
    expect(tag(V.validateOneKeyCents(1_000_000 as never))).toBe("ok");
    expect(tag(V.validateOneKeyCents(1_000_001 as never))).toBe("AmountAboveLimit");
  });
});

describe("entity recharge amount (spec §5)", () => {
  it("empty -> 'recharge amount cannot be empty'", () => expect(tag(V.validateEntityRechargeAmount(""))).toBe("RechargeAmountEmpty"));
  it("5000 is accepted, 5001 refused", () => {
    expect(value(V.validateEntityRechargeAmount("5000"))).toBe(500_000);
    expect(tag(V.validateEntityRechargeAmount("5001"))).toBe("AmountAboveLimit");
    expect(tag(V.validateEntityRechargeCents(500_001 as never))).toBe("AmountAboveLimit");
  });
});

describe("consumption amount (spec §5)", () => {
  it("10000 is accepted; above 10000 -> contact the distributor", () => {
    expect(value(V.validateConsumptionAmount("10000"))).toBe(1_000_000);
    expect(tag(V.validateConsumptionAmount("10000.01"))).toBe("ContactDistributor");
    expect(tag(V.validateConsumptionAmount("10001"))).toBe("ContactDistributor");
  });
});

describe("station and fuel (spec §1, §5)", () => {
  it("a station without 0# -> 'this station cannot buy diesel for now'", () => {
    expect(tag(V.validateStationSellsDiesel({ sell_type: "92#;95#" }))).toBe("StationSellsNoDiesel");
    expect(tag(V.validateStationSellsDiesel({ sell_type: "0#;92#" }))).toBe("ok");
  });
  it("only 0# can be ordered; 92, 95, 98 are disabled", () => {
    expect(tag(V.validateGasType("0#"))).toBe("ok");
    for (const g of ["92#", "95#", "98#", ""]) expect(tag(V.validateGasType(g))).toBe("FuelTypeNotBuyable");
  });
});

describe("recharge (spec §5)", () => {
  it("card number required", () => expect(tag(V.validateCardNumber("  "))).toBe("CardNumberEmpty"));
  it("card number must be digits, at least 7", () => {
    expect(tag(V.validateCardNumber("123456"))).toBe("CardNumberInvalid");
    expect(tag(V.validateCardNumber("12a4567"))).toBe("CardNumberInvalid");
    expect(value(V.validateCardNumber("1234 567"))).toBe("1234567");
  });
  it("recharge creation needs a selected station", () => {
    expect(tag(V.validateStationSelected(undefined))).toBe("StationRequired");
    expect(tag(V.validateStationSelected(""))).toBe("StationRequired");
    expect(value(V.validateStationSelected(7))).toBe(7);
  });
});

describe("identity (spec §5)", () => {
  it("a phone shorter than 11 characters -> 'enter a correct phone number'", () => {
    expect(tag(V.validatePhone("1380013800"))).toBe("PhoneInvalid");
    expect(value(V.validatePhone("13800138000"))).toBe("13800138000");
    expect(tag(V.validatePhone("138001380001"))).toBe("PhoneInvalid");
    expect(tag(V.validatePhone("2380013800a"))).toBe("PhoneInvalid");
  });
  it("SMS code: 3 characters refused, 4 accepted", () => {
    expect(tag(V.validateSmsCode("123"))).toBe("SmsCodeTooShort");
    expect(tag(V.validateSmsCode("1234"))).toBe("ok");
  });
  it("password: 5 characters refused, 6 accepted", () => {
    expect(tag(V.validatePassword("12345"))).toBe("PasswordTooShort");
    expect(tag(V.validatePassword("123456"))).toBe("ok");
  });
  it("password change: all three required, each at least 6, new equals confirm", () => {
    expect(tag(V.validatePasswordChange({ oldPassword: "", newPassword: "abcdef", confirmPassword: "abcdef" }))).toBe("PasswordFieldsRequired");
    expect(tag(V.validatePasswordChange({ oldPassword: "abcde", newPassword: "abcdef", confirmPassword: "abcdef" }))).toBe("PasswordTooShort");
    expect(tag(V.validatePasswordChange({ oldPassword: "abcdef", newPassword: "abcdef", confirmPassword: "abcdeg" }))).toBe("PasswordsDoNotMatch");
    expect(tag(V.validatePasswordChange({ oldPassword: "abcdef", newPassword: "123456", confirmPassword: "123456" }))).toBe("ok");
  });
  it("set password: both required, each at least 6, new equals confirm", () => {
    expect(tag(V.validateNewPassword({ newPassword: "", confirmPassword: "abcdef" }))).toBe("PasswordFieldsRequired");
    expect(tag(V.validateNewPassword({ newPassword: "abcde", confirmPassword: "abcde" }))).toBe("PasswordTooShort");
    expect(tag(V.validateNewPassword({ newPassword: "abcdef", confirmPassword: "abcdeg" }))).toBe("PasswordsDoNotMatch");
    expect(tag(V.validateNewPassword({ newPassword: "abcdef", confirmPassword: "abcdef" }))).toBe("ok");
  });
  it("password fields: each empty field is required, each short one too short", () => {
    const errors = V.passwordFieldErrors({ oldPassword: "", newPassword: "abc", confirmPassword: "abcdef" });
    expect(errors.oldPassword?._tag).toBe("PasswordFieldsRequired");
    expect(errors.newPassword?._tag).toBe("PasswordTooShort");
  });
  it("password fields: a valid confirmation that differs from the new password does not match", () => {
    expect(V.passwordFieldErrors({ newPassword: "abcdef", confirmPassword: "abcdeg" })).toEqual({ confirmPassword: new V.PasswordsDoNotMatch() });
  });
  it("password fields: a short confirmation is too short, not a mismatch", () => {
    expect(V.passwordFieldErrors({ newPassword: "abcdef", confirmPassword: "abc" }).confirmPassword?._tag).toBe("PasswordTooShort");
  });
  it("password fields: without an old password only new and confirm are checked", () => {
    expect(V.passwordFieldErrors({ newPassword: "abcdef", confirmPassword: "abcdef" })).toEqual({});
  });
  it("invite code: required, 32 characters accepted, 33 refused", () => {
    expect(tag(V.validateInviteCode(""))).toBe("InviteCodeEmpty");
    expect(tag(V.validateInviteCode("a".repeat(32)))).toBe("ok");
    expect(tag(V.validateInviteCode("a".repeat(33)))).toBe("InviteCodeTooLong");
  });
  it("payment requires the oauth id", () => {
    expect(tag(V.validatePaymentAuthorized(undefined))).toBe("OauthRequired");
    expect(tag(V.validatePaymentAuthorized(" "))).toBe("OauthRequired");
    expect(tag(V.validatePaymentAuthorized("oX1"))).toBe("ok");
  });
  it("consumption requires a followed official account, then a card id", () => {
    expect(tag(V.validateConsumptionPreconditions({ oauthId: null, followsOfficialAccount: true, cardId: "1" }))).toBe("OfficialAccountRequired");
    expect(tag(V.validateConsumptionPreconditions({ oauthId: " ", followsOfficialAccount: false, cardId: "" }))).toBe("OfficialAccountRequired");
    expect(tag(V.validateConsumptionPreconditions({ oauthId: "o1", followsOfficialAccount: false, cardId: "1" }))).toBe("OfficialAccountNotFollowed");
    expect(tag(V.validateConsumptionPreconditions({ oauthId: "o1", followsOfficialAccount: true, cardId: "" }))).toBe("CardIdRequired");
    expect(tag(V.validateConsumptionPreconditions({ oauthId: "o1", followsOfficialAccount: true, cardId: "88" }))).toBe("ok");
  });
});
