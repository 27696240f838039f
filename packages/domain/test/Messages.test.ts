import { describe, expect, it } from "vitest";
import { SMS_RESEND_SECONDS } from "../src/Constants.ts";
import { catalogue, describe as describeError, keyOf, text } from "../src/Messages.ts";
import { AmountAboveLimit, InviteCodeTooLong, StationSellsNoDiesel } from "../src/Validation.ts";

describe("Messages", () => {
  it("names a text only by the catalogue's own keys: 'constructor' or '__proto__' is none", () => {
    for (const tag of ["constructor", "__proto__", "toString", "hasOwnProperty"]) expect(keyOf({ _tag: tag })).toBeUndefined();
    expect(keyOf({ _tag: "PhoneInvalid" })).toBe("PhoneInvalid");
  });

  it("holds the spec's texts verbatim in English", () => {
    expect(text("AmountEmpty")).toBe("amount cannot be empty");
    expect(text("AmountAboveLimit_cardPurchase")).toBe("single amount cannot exceed 5000 yuan");
    expect(text("AmountAboveLimit_oneKey")).toBe("cannot exceed 10000 yuan");
    expect(text("StationSellsNoDiesel")).toBe("this station cannot buy diesel for now");
    expect(text("CardNumberEmpty")).toBe("card number cannot be empty");
    expect(text("RechargeAmountEmpty")).toBe("recharge amount cannot be empty");
    expect(text("PhoneInvalid")).toBe("enter a correct phone number");
    expect(text("PasswordsDoNotMatch")).toBe("passwords do not match");
    expect(text("OauthRequired")).toBe("authorize via messaging app first");
    expect(text("Blacklisted")).toBe("server busy, cannot use");
    expect(text("LocationFailed")).toBe("failed to get location");
    expect(text("NoStationInCity")).toBe("no gas station in current city");
    expect(text("UnknownDistance")).toBe("unknown distance");
    expect(text("MaintenanceWindow")).toBe("card service paused for system upgrade");
    expect(text("InviteCodeWrong", "en", { tel: "400-100-2000" })).toBe("invite code wrong, contact admin 400-100-2000");
  });
  it("every key has a zh-CN text", () => {
    for (const key of Object.keys(catalogue.en)) expect(catalogue["zh-CN"][key as keyof typeof catalogue.en]).toBeTruthy();
  });
  it("describes an error by its tag, filling its data", () => {
    expect(describeError(new StationSellsNoDiesel())).toBe("this station cannot buy diesel for now");
    expect(describeError(new InviteCodeTooLong({ maxLength: 32 }))).toBe("invite code cannot exceed 32 characters");
    expect(describeError(new AmountAboveLimit({ limitYuan: 5000, page: "cardPurchase" }), "zh-CN")).toBe("单笔金额不能超过5000元");
  });
  it("an unknown tag falls back to the generic server error", () => {
    expect(describeError({ _tag: "Nope" })).toBe("server error, try again later");
  });
  it("the SMS resend text waits the seconds of Constants.SMS_RESEND_SECONDS, in both languages", () => {
    expect(text("SmsSentRecently", "en", { seconds: SMS_RESEND_SECONDS })).toBe("an SMS code was just sent to this phone, wait 60 seconds before asking again");
    expect(text("SmsSentRecently", "zh-CN", { seconds: SMS_RESEND_SECONDS })).toContain("60秒");
  });
});
