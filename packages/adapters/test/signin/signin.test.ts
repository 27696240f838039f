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

  it("keeps the screen on through the Wake Lock and releases it once, however often asked", async () => {
    const sentinels: Array<{ released: number }> = [];
    const wakeLock = {
      request: async () => {
        const s = { released: 0 };
        sentinels.push(s);
        return { release: async () => void s.released++ };
      },
    };
    const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
    doc.visibilityState = "visible";
    const browser = new WindowBrowser({ location: {} as Location, crypto: globalThis.crypto, navigator: { wakeLock }, document: doc as unknown as Document });
    const release = browser.keepScreenOn();
    await Promise.resolve();
    expect(sentinels).toHaveLength(1);
    release();
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(sentinels[0]?.released).toBe(1);
  });

  it("asks for the screen again when the page shows after being hidden (the browser dropped the lock)", async () => {
    let requests = 0;
    const wakeLock = { request: async () => (requests++, { release: async () => undefined }) };
    const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
    doc.visibilityState = "visible";
    const browser = new WindowBrowser({ location: {} as Location, crypto: globalThis.crypto, navigator: { wakeLock }, document: doc as unknown as Document });
    const release = browser.keepScreenOn();
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(requests).toBe(2);
    release();
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(requests).toBe(2);
  });

  it("without the Wake Lock API keeping the screen on does nothing and does not fail", () => {
    const browser = new WindowBrowser({ location: {} as Location, crypto: globalThis.crypto });
    expect(() => browser.keepScreenOn()()).not.toThrow();
  });
});
