import { offline, ServerRefused, SessionEnded } from "@fuel/adapters/ports";
import { examples } from "@fuel/domain/api";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { BIND_OPENID_KEY } from "../../src/stores/SignInStore.ts";
import { testRoot } from "../support/render.tsx";
import { bindPhoneStore } from "../../src/stores/BindPhoneStore.ts";

const OPENID = "o-unbound-1";
const input = { phone: "13800138000", code: "4821" };

/** A tab that came back from the messaging app with an unbound phone. */
const afterWechat = (locale: "en" | "zh-CN" = "en") => {
  const root = testRoot({ locale });
  root.ports.tabValues.set(BIND_OPENID_KEY, OPENID);
  return root;
};

describe("BindPhoneStore (spec §4: an unbound customer binds a phone)", () => {
  it("checks the SMS code with the openid, then binds the phone to it", async () => {
    const root = afterWechat();
    await root.use(bindPhoneStore).bind(input);
    expect(root.ports.api.callsTo("checkCaptcha")[0]?.input).toEqual({ phone: "13800138000", captcha: "4821", openid: OPENID });
    expect(root.ports.api.callsTo("bindPhone")[0]?.input).toEqual({ phone: "13800138000", openid: OPENID });
  });

  it.each(["138 0013 8000", "+86 138-0013-8000"])("a pasted %j is checked and bound as its 11 digits (issue 25)", async (phone) => {
    const root = afterWechat();
    await root.use(bindPhoneStore).bind({ ...input, phone });
    expect(root.ports.api.callsTo("checkCaptcha")[0]?.input).toMatchObject({ phone: "13800138000" });
    expect(root.ports.api.callsTo("bindPhone")[0]?.input).toEqual({ phone: "13800138000", openid: OPENID });
  });

  it("bound: the token is saved, the user loaded, and the customer goes to /personal", async () => {
    const root = afterWechat();
    await root.use(bindPhoneStore).bind(input);
    expect(Effect.runSync(root.ports.tokens.token())).toBe(examples.bindPhone.response.token);
    expect(root.session.user._tag).toBe("Loaded");
    expect(root.navigation.pending).toMatchObject({ to: "/personal", replace: true });
  });

  it("the openid is used once: it is forgotten after binding", async () => {
    const root = afterWechat();
    await root.use(bindPhoneStore).bind(input);
    expect(root.use(bindPhoneStore).waitingOpenid()).toBeNull();
  });

  it("a wrong SMS code shows the server's message and binds nothing", async () => {
    const root = afterWechat();
    root.ports.api.fail("checkCaptcha", new ServerRefused({ message: "wrong or expired SMS code", status: 400, tag: "SmsCodeWrong" }));
    await root.use(bindPhoneStore).bind(input);
    expect(root.notices.latest?.text).toBe("wrong or expired SMS code");
    expect(root.ports.api.callsTo("bindPhone")).toHaveLength(0);
    expect(root.session.signedIn).toBe(false);
    expect(root.use(bindPhoneStore).phase._tag).toBe("Idle");
  });

  it("after the code was accepted but binding failed (offline), trying again binds without re-checking the spent code", async () => {
    const root = afterWechat();
    root.ports.api.fail("bindPhone", offline());
    await root.use(bindPhoneStore).bind(input);
    expect(root.notices.latest?.text).toBe("network unavailable, check your connection");
    root.ports.api.on("bindPhone", examples.bindPhone.response);
    await root.use(bindPhoneStore).bind(input);
    expect(root.ports.api.callsTo("checkCaptcha")).toHaveLength(1);
    expect(root.session.signedIn).toBe(true);
  });

  it("a blacklisted phone refused by the server is told 'server busy, cannot use'", async () => {
    const root = afterWechat();
    root.ports.api.fail("checkCaptcha", new ServerRefused({ message: "server busy, cannot use", status: 400, tag: "Blacklisted" }));
    await root.use(bindPhoneStore).bind(input);
    expect(root.notices.latest?.text).toBe("server busy, cannot use");
  });

  it("the blacklist refusal is worded in Chinese from the catalogue for a Chinese customer", async () => {
    const root = afterWechat("zh-CN");
    root.ports.api.fail("bindPhone", new ServerRefused({ message: "server busy, cannot use", status: 400, tag: "Blacklisted" }));
    await root.use(bindPhoneStore).bind(input);
    expect(root.notices.latest?.text).toBe("服务器繁忙，无法使用");
  });

  it("a session ended mid-flow (the server's 403) adds no message of its own and stops", async () => {
    const root = afterWechat();
    root.ports.api.fail("bindPhone", new SessionEnded({ message: "server busy, cannot use", status: 403 }));
    await root.use(bindPhoneStore).bind(input);
    expect(root.notices.latest).toBeUndefined();
    expect(root.navigation.pending).toBeUndefined();
    expect(root.use(bindPhoneStore).phase._tag).toBe("Idle");
  });

  it("without an openid from /wechatlogin, says to sign in first and goes to /login", async () => {
    const root = testRoot();
    await root.use(bindPhoneStore).bind(input);
    expect(root.notices.latest?.text).toBe("Sign in with WeChat first.");
    expect(root.navigation.pending?.to).toBe("/login");
    expect(root.ports.api.calls).toHaveLength(0);
  });

  it("refuses a short phone with the domain's message, calling nothing", async () => {
    const root = afterWechat();
    await root.use(bindPhoneStore).bind({ phone: "1380013", code: "4821" });
    expect(root.notices.latest?.text).toBe("enter a correct phone number");
    expect(root.ports.api.calls).toHaveLength(0);
  });

  it("refuses a short SMS code with the domain's message, calling nothing", async () => {
    const root = afterWechat("zh-CN");
    await root.use(bindPhoneStore).bind({ phone: "13800138000", code: "12" });
    expect(root.notices.latest?.text).toBe("请输入验证码（至少4位）");
    expect(root.ports.api.calls).toHaveLength(0);
  });
});
