import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { WindowBrowser } from "../../src/browser/WindowBrowser.ts";
import { SandboxSignIn } from "../../src/signin/SandboxSignIn.ts";
import { WECHAT_AUTHORIZE_URL, WechatSignIn } from "../../src/signin/WechatSignIn.ts";

const redirectUri = "https://fuel.test/wechatlogin";

describe("SandboxSignIn", () => {
  it("sends the customer to the server's consent page with the redirect address and state", () => {
    const url = new URL(Effect.runSync(new SandboxSignIn().authorizeUrl({ redirectUri, state: "s1" })), "https://fuel.test");
    expect(url.pathname).toBe("/sandbox/oauth/authorize");
    expect(url.searchParams.get("redirect_uri")).toBe(redirectUri);
    expect(url.searchParams.get("state")).toBe("s1");
  });
});

describe("WechatSignIn", () => {
  it("builds the messaging app's authorize URL with the app id, userinfo scope and the #wechat_redirect suffix", () => {
    const text = Effect.runSync(new WechatSignIn("wx123").authorizeUrl({ redirectUri, state: "a&b" }));
    expect(text.startsWith(`${WECHAT_AUTHORIZE_URL}?`)).toBe(true);
    expect(text.endsWith("#wechat_redirect")).toBe(true);
    const url = new URL(text);
    expect(Object.fromEntries(url.searchParams)).toEqual({ appid: "wx123", redirect_uri: redirectUri, response_type: "code", scope: "snsapi_userinfo", state: "a&b" });
  });
});

describe("WindowBrowser", () => {
  it("makes 128-bit random ids in hex, a new one each time", () => {
    const browser = new WindowBrowser({ location: { origin: "https://fuel.test" } as Location, crypto: globalThis.crypto });
    const a = browser.randomId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(browser.randomId()).not.toBe(a);
    expect(browser.origin()).toBe("https://fuel.test");
  });
});
