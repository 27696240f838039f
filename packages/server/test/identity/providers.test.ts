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

const silent = { info: () => {} };

/** A fetch that answers from a table by URL path, recording what was asked. */
const fakeFetch = (answers: Record<string, { status?: number; body: unknown } | Error>) => {
  const calls: Array<{ url: URL; init: RequestInit | undefined }> = [];
  const fn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push({ url, init });
    const answer = answers[url.pathname];
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

describe("the production OAuth provider (messaging-app HTTP shapes, faked fetch)", () => {
  it("exchanges a code and reads the profile when the profile scope was granted", async () => {
    const { fn, calls } = fakeFetch({
      "/sns/oauth2/access_token": { body: { access_token: "AT", openid: "o6_real", scope: "snsapi_userinfo" } },
      "/sns/userinfo": { body: { openid: "o6_real", nickname: "Li Wei", headimgurl: "https://thirdwx.qlogo.cn/x/132" } },
    });
    const result = await new WechatOauthProvider("wxAPP", "SECRET", fn).exchange("CODE1");
    expect(result).toEqual(Result.succeed({ openid: "o6_real", nickname: "Li Wei", avatarUrl: "https://thirdwx.qlogo.cn/x/132" }));
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ appid: "wxAPP", secret: "SECRET", code: "CODE1", grant_type: "authorization_code" });
    expect(calls[1]!.url.searchParams.get("access_token")).toBe("AT");
  });

  it("the base scope gives the openid only, without a profile call", async () => {
    const { fn, calls } = fakeFetch({ "/sns/oauth2/access_token": { body: { access_token: "AT", openid: "o6_real", scope: "snsapi_base" } } });
    expect(await new WechatOauthProvider("a", "b", fn).exchange("C")).toEqual(Result.succeed({ openid: "o6_real", nickname: "", avatarUrl: "" }));
    expect(calls).toHaveLength(1);
  });

  it.each([
    [40029, "unknown"],
    [40163, "used"],
    [42003, "expired"],
  ] as const)("errcode %i is a rejected code (%s)", async (errcode, problem) => {
    const { fn } = fakeFetch({ "/sns/oauth2/access_token": { body: { errcode, errmsg: "x" } } });
    const result = await new WechatOauthProvider("a", "b", fn).exchange("C");
    expect(Result.isFailure(result) && result.failure._tag === "OauthCodeRejected" && result.failure.problem).toBe(problem);
  });

  it("a network failure or another errcode is 'unavailable', and the secret is not in the detail", async () => {
    for (const answer of [new TypeError("fetch failed"), { body: { errcode: -1, errmsg: "busy" } }, { status: 502, body: {} }]) {
      const { fn } = fakeFetch({ "/sns/oauth2/access_token": answer });
      const result = await new WechatOauthProvider("a", "TOPSECRET", fn).exchange("C");
      expect(Result.isFailure(result) && result.failure._tag).toBe("OauthUnavailable");
      expect(JSON.stringify(result)).not.toContain("TOPSECRET");
    }
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
