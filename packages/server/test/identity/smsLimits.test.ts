import { Messages } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { checkSmsLimits, type SmsRefusal } from "../../src/identity/smsLimits.ts";

const NOW = 10 * 24 * 3_600_000;
const ago = (seconds: number) => NOW - seconds * 1000;
/** A refusal as the customer reads it: the English text of its reason, and when to retry. */
const said = (r: SmsRefusal | null) => r && { message: Messages.text(r.reason, "en", r.params), retryAfterSeconds: r.retryAfterSeconds };

describe("the SMS limits rule", () => {
  it("a phone and an address with no history may send", () => {
    expect(said(checkSmsLimits({ phone: [], ip: [] }, NOW))).toBeNull();
  });

  it("1 per 60 s per phone: refused 30 s after a send, retry in 30 s", () => {
    expect(said(checkSmsLimits({ phone: [ago(30)], ip: [] }, NOW))).toEqual({
      message: "an SMS code was just sent to this phone, wait 60 seconds before asking again",
      retryAfterSeconds: 30,
    });
  });

  it("1 per 60 s per phone: allowed 60 s after a send", () => {
    expect(said(checkSmsLimits({ phone: [ago(60)], ip: [] }, NOW))).toBeNull();
  });

  it("5 per hour per phone: the 6th within the hour is refused until the oldest leaves the hour", () => {
    const sends = [ago(100), ago(500), ago(1000), ago(2000), ago(3000)];
    expect(said(checkSmsLimits({ phone: sends, ip: [] }, NOW))).toEqual({
      message: "too many SMS codes for this phone in the last hour, try again later",
      retryAfterSeconds: 600,
    });
  });

  it("10 per day per phone", () => {
    const sends = Array.from({ length: 10 }, (_, i) => ago(4000 + i * 7000));
    const refusal = said(checkSmsLimits({ phone: sends, ip: [] }, NOW));
    expect(refusal?.message).toBe("too many SMS codes for this phone today, try again tomorrow");
    expect(refusal?.retryAfterSeconds).toBe(86_400 - (4000 + 9 * 7000));
  });

  it("20 per hour per address", () => {
    const sends = Array.from({ length: 20 }, (_, i) => ago(100 + i * 10));
    expect(said(checkSmsLimits({ phone: [], ip: sends }, NOW))).toEqual({
      message: "too many SMS codes requested from this network, try again later",
      retryAfterSeconds: 3600 - 290,
    });
  });

  it("19 per hour per address is fine", () => {
    expect(said(checkSmsLimits({ phone: [], ip: Array.from({ length: 19 }, (_, i) => ago(100 + i)) }, NOW))).toBeNull();
  });

  it("when several limits hold, retry-after is the longest wait (the one that really works)", () => {
    const sends = [ago(10), ago(500), ago(1000), ago(2000), ago(3000)];
    const refusal = said(checkSmsLimits({ phone: sends, ip: [] }, NOW));
    expect(refusal?.retryAfterSeconds).toBe(600);
  });

  it("retry-after is at least 1 second", () => {
    expect(said(checkSmsLimits({ phone: [NOW - 59_999.5], ip: [] }, NOW))?.retryAfterSeconds).toBe(1);
  });
});
