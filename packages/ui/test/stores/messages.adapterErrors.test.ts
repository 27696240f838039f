import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import {
  BadAnswer,
  GeocodeFailed,
  LocationFailed,
  NavigationFailed,
  NotActivated,
  Offline,
  PaymentUnavailable,
  RouteFailed,
  ServerFailed,
  ServerRefused,
  SessionEnded,
  SignInUnavailable,
  TimedOut,
} from "@fuel/adapters/ports";
import { Messages } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { I18nStore } from "../../src/i18n/I18nStore.ts";
import { describeError } from "../../src/stores/messages.ts";

/**
 * Issue 24: the adapters' errors carry data and no text; the app words each from the catalogue,
 * in the language chosen when it shows it.
 */
const i18nIn = (locale: Messages.Locale): I18nStore => new I18nStore(new MemoryKeyValueStore(), [locale]);

/** Every error an adapter makes, with the catalogue key it reads as. */
const cases: ReadonlyArray<readonly [name: string, error: Parameters<typeof describeError>[0], key: Messages.MessageKey]> = [
  ["Offline", new Offline({ path: "/api/order/list" }), "Offline"],
  ["TimedOut", new TimedOut({ afterMs: 10_000, path: "/api/order/list" }), "Timeout"],
  ["BadAnswer", new BadAnswer({ path: "/api/version", detail: "not the envelope" }), "ServerError"],
  ["LocationFailed", new LocationFailed({ reason: "denied" }), "LocationFailed"],
  ["GeocodeFailed", new GeocodeFailed({ detail: "AMap refused" }), "LocationFailed"],
  ["RouteFailed", new RouteFailed({ detail: "driving search: error" }), "RouteFailed"],
  ["NavigationFailed", new NavigationFailed({ detail: "no map app" }), "NavigationFailed"],
  ["PaymentUnavailable offline", new PaymentUnavailable({ reason: "offline" }), "Offline"],
  ["PaymentUnavailable outside the messaging app", new PaymentUnavailable({ reason: "outsideMessagingApp" }), "PayOutsideMessagingApp"],
  ["PaymentUnavailable from the server", new PaymentUnavailable({ reason: "server", failure: new TimedOut({ afterMs: 10_000, path: "/api/sandbox/pay" }) }), "Timeout"],
  ["SignInUnavailable", new SignInUnavailable({ detail: "the adapter could not be loaded" }), "Offline"],
  ["NotActivated", new NotActivated({ message: "account not activated" }), "NotActivated"],
  ["SessionEnded 403", new SessionEnded({ message: "server busy, cannot use", status: 403, tag: "Blacklisted" }), "Blacklisted"],
  // A session ended without words of the server asks to sign in again (issue 25).
  ["SessionEnded without text", new SessionEnded({ message: "", status: 401 }), "Unauthorized"],
  ["ServerRefused", new ServerRefused({ message: "order not found", status: 404, tag: "OrderNotFound" }), "OrderNotFound"],
  ["ServerFailed without text", new ServerFailed({ message: "", status: 502 }), "ServerError"],
];

describe("describeError words every adapter error from the catalogue (issue 24)", () => {
  it.each(cases)("zh-CN: %s reads as its catalogue text in Chinese", (_name, error, key) => {
    const text = describeError(error, i18nIn("zh-CN"));
    expect(text).toBe(Messages.text(key, "zh-CN"));
    expect(text).toMatch(/[\u4e00-\u9fff]/u);
  });

  it.each(cases)("switching the locale re-words the same %s", (_name, error, key) => {
    const i18n = i18nIn("zh-CN");
    const chinese = describeError(error, i18n);
    i18n.setLocale("en");
    expect(describeError(error, i18n)).toBe(Messages.text(key, "en"));
    expect(describeError(error, i18n)).not.toBe(chinese);
  });

  it("a refusal the catalogue does not know shows the server's own words in en, never its English in zh-CN (issue 25)", () => {
    const refused = new ServerRefused({ message: "the station is closed", status: 409, tag: "SomethingNew" });
    expect(describeError(refused, i18nIn("en"))).toBe("the station is closed");
    expect(describeError(refused, i18nIn("zh-CN"))).toBe("操作未成功，请稍后重试");
  });

  it("a tag or an error named like an object's own property is no text of ours (no crash, the last resort)", () => {
    for (const tag of ["constructor", "__proto__", "toString"]) {
      const refused = new ServerRefused({ message: "odd answer", status: 400, tag });
      expect(describeError(refused, i18nIn("en"))).toBe("odd answer");
      expect(describeError(refused, i18nIn("zh-CN"))).toBe("操作未成功，请稍后重试");
      expect(describeError({ _tag: tag }, i18nIn("zh-CN"))).toBe("服务器错误，请稍后再试");
    }
  });
});
