import { Result } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { providersFor } from "../../src/providersFor.ts";
import { WechatOauthProvider } from "../../src/providers/oauth/Production.ts";
import { SandboxOauthProvider } from "../../src/providers/oauth/Sandbox.ts";
import { YunpianSmsProvider } from "../../src/providers/sms/Production.ts";
import { SandboxSmsProvider } from "../../src/providers/sms/Sandbox.ts";
import { codeInText, smsText } from "../../src/identity/smsCodes.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";

const silent = { info: () => {}, warn: () => {} };

type FakeAnswer = { status?: number; body: unknown } | Error;

/**
 * A fetch that answers from a table by URL path (an answer, or a function of the request for one
 * that changes between calls), recording what was asked.
 */
const fakeFetch = (answers: Record<string, FakeAnswer | ((url: URL, init: RequestInit | undefined) => FakeAnswer)>) => {
  const calls: Array<{ url: URL; init: RequestInit | undefined }> = [];
  const fn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push({ url, init });
    const entry = answers[url.pathname];
    const answer = typeof entry === "function" ? entry(url, init) : entry;
    if (answer === undefined) throw new Error(`unexpected ${url.pathname}`);
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { fn, calls };
};

describe("providersFor", () => {
  let booted: BootedApp;
  beforeAll(async () => {
    booted = await bootApp();
  });
  afterAll(async () => booted.close());
  const context = () => ({ db: booted.db, clock: booted.clock, log: silent });

  it("sandbox mode: the sandbox providers", () => {
    const p = providersFor(loadConfig({}), context());
    expect(p.oauth).toBeInstanceOf(SandboxOauthProvider);
    expect(p.sms).toBeInstanceOf(SandboxSmsProvider);
  });

  it("production providers when configured, with their secrets", () => {
    const config = loadConfig({ OAUTH_PROVIDER: "production", SMS_PROVIDER: "production", WECHAT_APP_ID: "wx1", WECHAT_APP_SECRET: "s", SMS_API_KEY: "k" });
    const p = providersFor(config, context());
    expect(p.oauth).toBeInstanceOf(WechatOauthProvider);
    expect(p.sms).toBeInstanceOf(YunpianSmsProvider);
  });

  it("an override replaces a provider without constructing the configured one", () => {
    const sms = new SandboxSmsProvider(booted.clock, silent);
    const config = { ...loadConfig({}), providers: { ...loadConfig({}).providers, sms: "production" as const } };
    // No SMS_API_KEY: constructing the production SMS provider would throw.
    expect(() => providersFor(config, context())).toThrow(/SMS_API_KEY/);
    expect(providersFor(config, context(), { sms }).sms).toBe(sms);
  });
});

/** The official account's side of sign-in: its access token and the follower's record. */
const FOLLOWER = {
  "/cgi-bin/stable_token": { body: { access_token: "ACCOUNT_TOKEN", expires_in: 7200 } },
  "/cgi-bin/user/info": { body: { subscribe: 1, openid: "o6_real" } },
} as const;

/** A production provider over a fake fetch, with a clock the test moves and the warnings it logged. */
const productionProvider = (fn: typeof fetch, secret = "SECRET") => {
  const clock = { now: () => clock.at, at: 1_000_000 };
  const warnings: Array<{ obj: object; msg: string }> = [];
  const provider = new WechatOauthProvider("wxAPP", secret, { clock, log: { warn: (obj, msg) => warnings.push({ obj, msg }) } }, fn);
  return { provider, clock, warnings };
};

describe("the production OAuth provider (messaging-app HTTP shapes, faked fetch)", () => {
  it("exchanges a code and reads the profile when the profile scope was granted", async () => {
    const { fn, calls } = fakeFetch({
      ...FOLLOWER,
      "/sns/oauth2/access_token": { body: { access_token: "AT", openid: "o6_real", scope: "snsapi_userinfo" } },
      "/sns/userinfo": { body: { openid: "o6_real", nickname: "Li Wei", headimgurl: "https://thirdwx.qlogo.cn/x/132" } },
    });
    const result = await productionProvider(fn).provider.exchange("CODE1");
    expect(result).toEqual(Result.succeed({ openid: "o6_real", nickname: "Li Wei", avatarUrl: "https://thirdwx.qlogo.cn/x/132", followsOfficialAccount: true }));
    const asked = (path: string) => calls.find((c) => c.url.pathname === path)!;
    expect(Object.fromEntries(asked("/sns/oauth2/access_token").url.searchParams)).toEqual({ appid: "wxAPP", secret: "SECRET", code: "CODE1", grant_type: "authorization_code" });
    expect(asked("/sns/userinfo").url.searchParams.get("access_token")).toBe("AT");
  });

  it("the base scope gives the openid only, without a profile call (following is still asked)", async () => {
    const { fn, calls } = fakeFetch({ ...FOLLOWER, "/sns/oauth2/access_token": { body: { access_token: "AT", openid: "o6_real", scope: "snsapi_base" } } });
    expect(await productionProvider(fn).provider.exchange("C")).toEqual(Result.succeed({ openid: "o6_real", nickname: "", avatarUrl: "", followsOfficialAccount: true }));
    expect(calls.map((c) => c.url.pathname).filter((p) => p.startsWith("/sns/"))).toEqual(["/sns/oauth2/access_token"]);
  });

  it.each([
    [40029, "unknown"],
    [40163, "used"],
    [42003, "expired"],
  ] as const)("errcode %i is a rejected code (%s)", async (errcode, problem) => {
    const { fn } = fakeFetch({ "/sns/oauth2/access_token": { body: { errcode, errmsg: "x" } } });
    const result = await productionProvider(fn).provider.exchange("C");
    expect(Result.isFailure(result) && result.failure._tag === "OauthCodeRejected" && result.failure.problem).toBe(problem);
  });

  it("a network failure or another errcode is 'unavailable', and the secret is not in the detail", async () => {
    for (const answer of [new TypeError("fetch failed"), { body: { errcode: -1, errmsg: "busy" } }, { status: 502, body: {} }]) {
      const { fn } = fakeFetch({ "/sns/oauth2/access_token": answer });
      const result = await productionProvider(fn, "TOPSECRET").provider.exchange("C");
      expect(Result.isFailure(result) && result.failure._tag).toBe("OauthUnavailable");
      expect(JSON.stringify(result)).not.toContain("TOPSECRET");
    }
  });
});

describe("the production OAuth provider: following the official account (issue 13)", () => {
  const signIn = { "/sns/oauth2/access_token": { body: { access_token: "AT", openid: "o6_real", scope: "snsapi_base" } } };
  const follows = async (fn: typeof fetch) => {
    const result = await productionProvider(fn).provider.exchange("C");
    if (Result.isFailure(result)) throw new Error("the sign-in failed");
    return result.success.followsOfficialAccount;
  };

  it("subscribe 1 is a follower, 0 is not: the account's user/info asked with its access token and the customer's openid", async () => {
    const { fn, calls } = fakeFetch({ ...signIn, ...FOLLOWER });
    expect(await follows(fn)).toBe(true);
    const info = calls.find((c) => c.url.pathname === "/cgi-bin/user/info")!;
    expect(Object.fromEntries(info.url.searchParams)).toEqual({ access_token: "ACCOUNT_TOKEN", openid: "o6_real", lang: "zh_CN" });
    const { fn: notFollowing } = fakeFetch({ ...signIn, ...FOLLOWER, "/cgi-bin/user/info": { body: { subscribe: 0, openid: "o6_real" } } });
    expect(await follows(notFollowing)).toBe(false);
  });

  it("the account's token is the stable token, asked by POST with the secret in the body, never in a URL", async () => {
    const { fn, calls } = fakeFetch({ ...signIn, ...FOLLOWER });
    await productionProvider(fn, "TOPSECRET").provider.exchange("C");
    const token = calls.find((c) => c.url.pathname === "/cgi-bin/stable_token")!;
    expect(token.init?.method).toBe("POST");
    expect(JSON.parse(String(token.init?.body))).toEqual({ grant_type: "client_credential", appid: "wxAPP", secret: "TOPSECRET", force_refresh: false });
    expect(calls.filter((c) => c.url.pathname.startsWith("/cgi-bin/")).map((c) => c.url.href).join(" ")).not.toContain("TOPSECRET");
  });

  it("the account's token is kept until 5 minutes before it expires, then asked again", async () => {
    const { fn, calls } = fakeFetch({ ...signIn, ...FOLLOWER });
    const { provider, clock } = productionProvider(fn);
    const tokenAsks = () => calls.filter((c) => c.url.pathname === "/cgi-bin/stable_token").length;
    await provider.exchange("C1");
    await provider.exchange("C2");
    expect(tokenAsks()).toBe(1);
    clock.at += 7200_000 - 5 * 60_000 - 1;
    await provider.exchange("C3");
    expect(tokenAsks()).toBe(1);
    clock.at += 1;
    await provider.exchange("C4");
    expect(tokenAsks()).toBe(2);
  });

  it("sign-ins at once share one token request", async () => {
    const { fn, calls } = fakeFetch({ ...signIn, ...FOLLOWER });
    const { provider } = productionProvider(fn);
    await Promise.all([provider.exchange("C1"), provider.exchange("C2"), provider.exchange("C3")]);
    expect(calls.filter((c) => c.url.pathname === "/cgi-bin/stable_token")).toHaveLength(1);
  });

  it("a token the platform no longer honours (errcode 40001) is renewed and the question asked once more", async () => {
    let infoAsks = 0;
    const { fn, calls } = fakeFetch({
      ...signIn,
      ...FOLLOWER,
      "/cgi-bin/user/info": () => ((infoAsks += 1) === 1 ? { body: { errcode: 40001, errmsg: "invalid credential" } } : { body: { subscribe: 1 } }),
    });
    expect(await follows(fn)).toBe(true);
    expect(calls.filter((c) => c.url.pathname === "/cgi-bin/stable_token")).toHaveLength(2);
  });

  it.each([
    ["the token cannot be had", { "/cgi-bin/stable_token": { body: { errcode: 40125, errmsg: "invalid appsecret" } } }],
    ["user/info is down", { "/cgi-bin/user/info": new TypeError("fetch failed") }],
    ["user/info answers HTTP 502", { "/cgi-bin/user/info": { status: 502, body: {} } }],
    ["user/info answers another errcode", { "/cgi-bin/user/info": { body: { errcode: 45009, errmsg: "api freq out of limit" } } }],
    ["user/info answers without subscribe", { "/cgi-bin/user/info": { body: { openid: "o6_real" } } }],
    ["a renewed token is refused too", { "/cgi-bin/user/info": { body: { errcode: 42001, errmsg: "access_token expired" } } }],
  ] as const)("not knowing does not fail the sign-in: %s -> not following, and a warning without the secret", async (_case, broken) => {
    const { fn } = fakeFetch({ ...signIn, ...FOLLOWER, ...broken });
    const { provider, warnings } = productionProvider(fn, "TOPSECRET");
    const result = await provider.exchange("C");
    expect(result).toEqual(Result.succeed({ openid: "o6_real", nickname: "", avatarUrl: "", followsOfficialAccount: false }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/official account/);
    expect(JSON.stringify(warnings)).not.toContain("TOPSECRET");
    expect(JSON.stringify(warnings)).not.toContain("ACCOUNT_TOKEN");
  });
});

describe("the production SMS provider (gateway HTTP shape, faked fetch)", () => {
  it("posts apikey, mobile and text as a form and succeeds on code 0", async () => {
    const { fn, calls } = fakeFetch({ "/v2/sms/single_send.json": { body: { code: 0, msg: "OK", count: 1 } } });
    expect(await new YunpianSmsProvider("KEY", fn).send("13800138000", "hello 123456")).toEqual(Result.succeed(undefined));
    const body = new URLSearchParams(String(calls[0]!.init?.body));
    expect(calls[0]!.init?.method).toBe("POST");
    expect(Object.fromEntries(body)).toEqual({ apikey: "KEY", mobile: "13800138000", text: "hello 123456" });
  });

  it("a refusal or a network failure is SmsUnavailable without the key", async () => {
    for (const answer of [{ status: 400, body: { code: 2, msg: "bad" } }, new TypeError("fetch failed")]) {
      const { fn } = fakeFetch({ "/v2/sms/single_send.json": answer });
      const result = await new YunpianSmsProvider("TOPSECRET", fn).send("13800138000", "t");
      expect(Result.isFailure(result) && result.failure._tag).toBe("SmsUnavailable");
      expect(JSON.stringify(result)).not.toContain("TOPSECRET");
    }
  });
});

describe("the sandbox SMS provider", () => {
  let now = 1_000;
  const clock = { now: () => now };
  beforeEach(() => {
    now = 1_000;
  });

  it("keeps each phone's latest message", async () => {
    const sms = new SandboxSmsProvider(clock, silent);
    await sms.send("13800138000", smsText("111111"));
    now = 2_000;
    await sms.send("13800138000", smsText("222222"));
    expect(sms.lastMessage("13800138000")).toEqual({ text: smsText("222222"), sentAt: 2_000 });
    expect(sms.lastMessage("13900139000")).toBeUndefined();
  });

  it("the code can be read back out of the text", () => {
    expect(codeInText(smsText("012345"))).toBe("012345");
    expect(codeInText("no code here")).toBeUndefined();
  });
});
