import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import { PaymentFailed, ServerFailed, ServerRefused, SessionEnded } from "@fuel/adapters/ports";
import { Messages } from "@fuel/domain";
import fc from "fast-check";
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

  it("en: a 503 without a tag shows the server's own words", () => {
    expect(toastFor(new ServerFailed({ message: english, status: 503 }), "en")).toBe(english);
  });

  it("zh-CN: a 503 without a tag says 'server error' in Chinese, never the server's English (issue 25)", () => {
    expect(toastFor(new ServerFailed({ message: english, status: 503 }), "zh-CN")).toBe(Messages.text("ServerError", "zh-CN"));
  });

  it("en: a tag whose text needs data the client does not have keeps the server's words", () => {
    const words = "the amount paid (100 cents) does not match the order (200 cents)";
    expect(toastFor(new ServerFailed({ message: words, status: 503, tag: "PaymentAmountMismatch" }), "en")).toBe(words);
  });

  it.each(["en", "zh-CN"] as const)("%s: a tag whose text names values is worded from the catalogue with the answer's x-error-params", (locale) => {
    const words = "too many orders in a short time, please try again in 7 minutes";
    const text = toastFor(new ServerFailed({ message: words, status: 429, tag: "OrderCreationsLimited", params: { minutes: 7 } }), locale);
    expect(text).toBe(Messages.text("OrderCreationsLimited", locale, { minutes: 7 }));
    expect(text).toContain("7");
  });

  it("values that miss one of the text's slots keep the server's words (en)", () => {
    const words = "the amount paid (100 cents) does not match the order (200 cents)";
    expect(toastFor(new ServerFailed({ message: words, status: 409, tag: "PaymentAmountMismatch", params: { paid: 100 } }), "en")).toBe(words);
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

/** Issue 25: a zh-CN session never reads the server's or the sandbox's English. */
describe("every refusal in the customer's language (issue 25)", () => {
  const i18n = (locale: Messages.Locale) => new I18nStore(new MemoryKeyValueStore(), [locale]);
  const latinWord = /[A-Za-z]{2,}/;

  it.each([
    ["en", "Payment failed, please try again later"],
    ["zh-CN", "支付失败，请稍后重试"],
  ] as const)("%s: a failed payment without words of the sheet reads our own sentence", (locale, text) => {
    expect(describeError(new PaymentFailed({}), i18n(locale))).toBe(text);
  });

  it("zh-CN: the pay sheet's English reason is left out, its Chinese one kept", () => {
    expect(describeError(new PaymentFailed({ message: "card declined" }), i18n("zh-CN"))).toBe("支付失败，请稍后重试");
    expect(describeError(new PaymentFailed({ message: "余额不足" }), i18n("zh-CN"))).toBe("支付失败：余额不足");
  });

  it.each([
    ["en", "please sign in again"],
    ["zh-CN", "请重新登录"],
  ] as const)("%s: a 401 without a tag asks to sign in again in the session's language", (locale, text) => {
    expect(describeError(new SessionEnded({ message: "please sign in again", status: 401 }), i18n(locale))).toBe(text);
  });

  it.each(["en", "zh-CN"] as const)("%s: a 401 with its tag reads the catalogue's text", (locale) => {
    expect(describeError(new SessionEnded({ message: "please sign in again", status: 401, tag: "Unauthorized" }), i18n(locale))).toBe(Messages.text("Unauthorized", locale));
  });

  it("a refusal we cannot name shows the server's words in en, a Chinese lead in zh-CN", () => {
    const refused = new ServerRefused({ message: "something new went wrong", status: 400, tag: "SomethingNew" });
    expect(describeError(refused, i18n("en"))).toBe("something new went wrong");
    expect(describeError(refused, i18n("zh-CN"))).toBe("操作未成功，请稍后重试");
  });

  it("the channel's own refusal (result_msg) is kept when it reads in Chinese, else our lead", () => {
    expect(describeError({ _tag: "NotTaken", message: "卡片状态异常" }, i18n("zh-CN"))).toBe("卡片状态异常");
    expect(describeError({ _tag: "NotTaken", message: "card state abnormal" }, i18n("zh-CN"))).toBe("操作未成功，请稍后重试");
    expect(describeError({ _tag: "NotTaken", message: "card state abnormal" }, i18n("en"))).toBe("card state abnormal");
  });

  it("zh-CN: whatever English a server or bridge sends, the text shown has no Latin word", () => {
    fc.assert(fc.property(
      fc.constantFrom("ServerRefused", "ServerFailed", "SessionEnded", "PaymentFailed", "NotTaken", "Whatever"),
      fc.stringMatching(/^[a-z]{2,12}( [a-z]{1,8}){0,4}$/),
      fc.option(fc.constantFrom("Unauthorized", "Nonsense", "PaymentAmountMismatch", "OrderCreationsLimited"), { nil: undefined }),
      (tag, message, errorTag) => {
        expect(describeError({ _tag: tag, message, tag: errorTag }, i18n("zh-CN"))).not.toMatch(latinWord);
      },
    ));
  });
});
