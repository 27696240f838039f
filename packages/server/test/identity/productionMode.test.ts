import { Result } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OauthProvider } from "../../src/providers/oauth/OauthProvider.ts";
import type { SmsProvider } from "../../src/providers/sms/SmsProvider.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectError, expectSuccess, get, post } from "./support.ts";

/** In production mode the sandbox stand-ins do not exist (DESIGN.md §4): every sandbox path is a 404. */

const sent: Array<{ phone: string; text: string }> = [];
const oauth: OauthProvider = {
  kind: "production",
  exchange: async (code) => Result.succeed({ openid: `o6_${code}`, nickname: "Real Customer", avatarUrl: "https://cdn.example.com/a.png", followsOfficialAccount: true }),
};
const sms: SmsProvider = {
  kind: "production",
  send: async (phone, text) => {
    sent.push({ phone, text });
    return Result.succeed(undefined);
  },
};

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp({ config: { mode: "production" }, providers: { oauth, sms } });
});
afterAll(async () => booted.close());

describe("production mode", () => {
  it("the version answer says production, so the app opens the real pay sheet and map", async () => {
    expect(expectSuccess<{ mode: string }>(await get(booted, "/api/version")).mode).toBe("production");
  });

  it.each([
    ["POST", "/api/sandbox/oauth/code"],
    ["GET", "/api/sandbox/sms?phone=13800138000"],
    ["GET", "/sandbox/oauth/authorize?redirect_uri=%2Fwechatlogin"],
    ["POST", "/sandbox/oauth/authorize"],
  ] as const)("%s %s answers 404", async (method, url) => {
    const res = await booted.app.inject({ method, url, headers: { "content-type": "application/json" }, payload: "{}" });
    expectError(res, 404, "not found");
  });

  it("sign-in goes through the configured OAuth provider", async () => {
    const data = expectSuccess<{ unBindPhone: boolean; info: Record<string, unknown> }>(await post(booted, "/api/wechatauth", { code: "abc" }));
    expect(data).toEqual({
      unBindPhone: true,
      is_activated: false,
      info: { openid: "o6_abc", name: "Real Customer", avatar_url: "https://cdn.example.com/a.png" },
    });
  });

  it("SMS codes go through the configured SMS provider", async () => {
    expectSuccess(await post(booted, "/api/sendsms", { phone: "13800138000" }));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.phone).toBe("13800138000");
    expect(sent[0]?.text).toMatch(/\d{6}/);
    expectError(await get(booted, "/api/sandbox/sms?phone=13800138000"), 404);
  });
});
