import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import { PaymentFailed, ServerFailed } from "@fuel/adapters/ports";
import { Messages } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { I18nStore } from "../../src/i18n/I18nStore.ts";
import { reportFailure } from "../../src/stores/failures.ts";
import { describeError, problem } from "../../src/stores/messages.ts";
import { NoticeStore } from "../../src/stores/NoticeStore.ts";

/**
 * Issue 22: after its one retry the HTTP client fails a 503 as `ServerFailed` carrying the server's
 * English text and its `x-error-tag` (packages/adapters/test/http/HttpClient.test.ts proves that
 * half); here, what the customer then reads in the toast.
 */
const toastFor = (error: ServerFailed, locale: Messages.Locale): string | undefined => {
  const notices = new NoticeStore();
  reportFailure(error, new I18nStore(new MemoryKeyValueStore(), [locale]), notices);
  return notices.latest?.text;
};

const english = "payment service unavailable, try again later";

describe("a 503 reaches the toast as the server's message, in the customer's language (issue 22)", () => {
  it.each(["en", "zh-CN"] as const)("%s: the catalogue text of the 503's tag, not 'server error'", (locale) => {
    const text = toastFor(new ServerFailed({ message: english, status: 503, tag: "PaymentServiceUnavailable" }), locale);
    expect(text).toBe(Messages.text("PaymentServiceUnavailable", locale));
    expect(text).not.toBe(Messages.text("ServerError", locale));
  });

  it("a 503 without a tag shows the server's own words", () => {
    expect(toastFor(new ServerFailed({ message: english, status: 503 }), "zh-CN")).toBe(english);
  });

  it("a tag whose text needs data the client does not have keeps the server's words", () => {
    const words = "the amount paid (100 cents) does not match the order (200 cents)";
    expect(toastFor(new ServerFailed({ message: words, status: 503, tag: "PaymentAmountMismatch" }), "zh-CN")).toBe(words);
  });

  it.each(["en", "zh-CN"] as const)("%s: a tag whose text names values is worded from the catalogue with the answer's x-error-params", (locale) => {
    const words = "too many orders in a short time, please try again in 7 minutes";
    const text = toastFor(new ServerFailed({ message: words, status: 429, tag: "OrderCreationsLimited", params: { minutes: 7 } }), locale);
    expect(text).toBe(Messages.text("OrderCreationsLimited", locale, { minutes: 7 }));
    expect(text).toContain("7");
  });

  it("values that miss one of the text's slots keep the server's words", () => {
    const words = "the amount paid (100 cents) does not match the order (200 cents)";
    expect(toastFor(new ServerFailed({ message: words, status: 409, tag: "PaymentAmountMismatch", params: { paid: 100 } }), "zh-CN")).toBe(words);
  });
});

describe("a local failure kept as data (problem) is worded when shown (issue 24)", () => {
  const i18n = (locale: Messages.Locale) => new I18nStore(new MemoryKeyValueStore(), [locale]);

  it.each(["en", "zh-CN"] as const)("%s: a UI key reads the UI's text", (locale) => {
    expect(describeError(problem("routeFailed"), i18n(locale))).toBe(i18n(locale).t("routeFailed"));
  });

  it.each(["en", "zh-CN"] as const)("%s: a domain key reads the domain's text", (locale) => {
    expect(describeError(problem("StationNotFound"), i18n(locale))).toBe(Messages.text("StationNotFound", locale));
  });

  it("a failed payment reads the pay sheet's reason inside our sentence", () => {
    expect(describeError(new PaymentFailed({ message: "card declined" }), i18n("en"))).toBe("Payment failed: card declined");
  });
});
