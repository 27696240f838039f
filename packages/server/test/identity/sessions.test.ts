import { endpoint } from "@fuel/domain/api";
import { Schema } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerEndpoint } from "../../src/http/endpoint.ts";
import { SESSION_GRACE_MS, SESSION_LIFETIME_MS, SESSION_REFRESH_AFTER_MS } from "../../src/identity/policy.ts";
import { sessionState } from "../../src/identity/sessions.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { blacklistPhone, count, expectError, expectSuccess, get, post, seedUser, tokenFor } from "./support.ts";

// A protected endpoint that needs activation: the contract's `activated` access, with real sessions.
const ActivatedOnly = endpoint({
  method: "GET",
  path: "/api/test/activated-only",
  access: "activated",
  request: Schema.Struct({}),
  response: Schema.Struct({ user_id: Schema.Number }),
  summary: "test",
  refusals: [],
});

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
  registerEndpoint(booted.app, ActivatedOnly, (_input, ctx) => ({ user_id: ctx.user().userId }));
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const info = (token?: string) => get(booted, "/api/user/info", token === undefined ? {} : { token });
const bearer = (header: string | string[] | number | undefined): string | undefined =>
  typeof header === "string" ? /^Bearer (\S+)$/.exec(header)?.[1] : undefined;
const advanceMs = (ms: number) => booted.clock.advance(ms / 1000);

describe("the session state rule", () => {
  const issued = new Date(1_000_000);
  const row = { createdAt: issued, expiresAt: new Date(issued.getTime() + SESSION_LIFETIME_MS), replacedAt: null, graceUntil: null };

  it("a fresh token is live until half its life", () => {
    expect(sessionState(row, issued.getTime())).toBe("live");
    expect(sessionState(row, issued.getTime() + SESSION_REFRESH_AFTER_MS - 1)).toBe("live");
  });

  it("past half its life it is due for refresh", () => {
    expect(sessionState(row, issued.getTime() + SESSION_REFRESH_AFTER_MS)).toBe("refresh");
  });

  it("at its expiry it is dead", () => {
    expect(sessionState(row, row.expiresAt.getTime())).toBe("dead");
  });

  it("a replaced token works until its grace ends, then is dead", () => {
    const at = issued.getTime() + SESSION_REFRESH_AFTER_MS;
    const replaced = { ...row, replacedAt: new Date(at), graceUntil: new Date(at + SESSION_GRACE_MS) };
    expect(sessionState(replaced, at + SESSION_GRACE_MS - 1)).toBe("grace");
    expect(sessionState(replaced, at + SESSION_GRACE_MS)).toBe("dead");
  });
});

describe("authentication", () => {
  it("a valid token reaches the user (user/info answers the customer)", async () => {
    const user = await seedUser(booted, { name: "Li Wei", activated: true });
    const data = expectSuccess<Record<string, unknown>>(await info(await tokenFor(booted, user.id)));
    expect(data).toEqual({
      id: user.id,
      name: "Li Wei",
      avatar_url: "",
      phone: user.phone,
      oauth_id: user.openid,
      openid: user.openid,
      is_activated: true,
      follows_official_account: false,
      has_password: false,
    });
  });

  it("no token answers 401", async () => {
    expectError(await info(), 401, "please sign in again");
  });

  it("an unknown token answers 401", async () => {
    expectError(await info("not-a-token-we-issued"), 401);
  });

  it("a malformed Authorization header answers 401", async () => {
    const res = await booted.app.inject({ method: "GET", url: "/api/user/info", headers: { authorization: "Basic dXNlcjpwYXNz" } });
    expectError(res, 401);
  });

  it("an absurdly long token answers 401 without a query", async () => {
    expectError(await info("a".repeat(5_000)), 401);
  });

  it("an expired token answers 401", async () => {
    const user = await seedUser(booted);
    const token = await tokenFor(booted, user.id);
    advanceMs(SESSION_LIFETIME_MS + 1_000);
    expectError(await info(token), 401);
  });

  it("a customer whose phone is blacklisted gets 403 with the spec's message on protected endpoints", async () => {
    const user = await seedUser(booted, { activated: true });
    const token = await tokenFor(booted, user.id);
    await blacklistPhone(booted, user.phone!);
    const res = await info(token);
    expectError(res, 403, "server busy, cannot use");
    expect(res.headers["x-error-tag"]).toBe("Blacklisted");
  });

  it("a blacklisted customer can still log out, and the session ends", async () => {
    const user = await seedUser(booted, { activated: true });
    const token = await tokenFor(booted, user.id);
    await blacklistPhone(booted, user.phone!);
    expectSuccess(await post(booted, "/api/logout", {}, { token }));
    // The token is gone: no longer the blacklist's 403, the 401 of a token that does not exist.
    expectError(await info(token), 401);
    expectError(await post(booted, "/api/logout", {}, { token }), 401);
  });

  it("an `activated` endpoint refuses a signed-in customer without activation (400 NotActivated)", async () => {
    const user = await seedUser(booted, { activated: false });
    const res = await get(booted, "/api/test/activated-only", { token: await tokenFor(booted, user.id) });
    expectError(res, 400, "account not activated");
    expect(res.headers["x-error-tag"]).toBe("NotActivated");
  });

  it("an `activated` endpoint lets an activated customer through", async () => {
    const user = await seedUser(booted, { activated: true });
    expect(expectSuccess(await get(booted, "/api/test/activated-only", { token: await tokenFor(booted, user.id) }))).toEqual({ user_id: user.id });
  });

  it("an `activated` endpoint answers 401 without a token", async () => {
    expectError(await get(booted, "/api/test/activated-only"), 401);
  });
});

describe("sliding refresh", () => {
  it("before half its life a token is not refreshed", async () => {
    const user = await seedUser(booted);
    const token = await tokenFor(booted, user.id);
    advanceMs(SESSION_REFRESH_AFTER_MS - 60_000);
    const res = await info(token);
    expectSuccess(res);
    expect(res.headers["authorization"]).toBeUndefined();
  });

  it("past half its life the answer carries a new token, which works for a full new life", async () => {
    const user = await seedUser(booted);
    const token = await tokenFor(booted, user.id);
    advanceMs(SESSION_REFRESH_AFTER_MS + 1_000);
    const res = await info(token);
    expectSuccess(res);
    const fresh = bearer(res.headers["authorization"]);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(token);
    advanceMs(SESSION_LIFETIME_MS - 60_000);
    expectSuccess(await info(fresh));
  });

  it("the old token keeps working during the grace period without minting another token", async () => {
    const user = await seedUser(booted);
    const token = await tokenFor(booted, user.id);
    advanceMs(SESSION_REFRESH_AFTER_MS + 1_000);
    expectSuccess(await info(token));
    expect(await count(booted.db, "sessions")).toBe(2);
    advanceMs(SESSION_GRACE_MS - 5_000);
    const again = await info(token);
    expectSuccess(again);
    expect(again.headers["authorization"]).toBeUndefined();
    expect(await count(booted.db, "sessions")).toBe(2);
  });

  it("after the grace period the old token answers 401 and the new one still works", async () => {
    const user = await seedUser(booted);
    const token = await tokenFor(booted, user.id);
    advanceMs(SESSION_REFRESH_AFTER_MS + 1_000);
    const fresh = bearer((await info(token)).headers["authorization"]);
    advanceMs(SESSION_GRACE_MS + 1_000);
    expectError(await info(token), 401);
    expectSuccess(await info(fresh));
  });

  it("the refreshed token also comes back on an error answer", async () => {
    const user = await seedUser(booted);
    const token = await tokenFor(booted, user.id);
    advanceMs(SESSION_REFRESH_AFTER_MS + 1_000);
    const res = await post(booted, "/api/activacode/check", { code: "" }, { token });
    expect(res.statusCode).toBe(400);
    expect(bearer(res.headers["authorization"])).toBeDefined();
  });
});

describe("logout", () => {
  it("ends the session at once: the token answers 401 right after", async () => {
    const user = await seedUser(booted);
    const token = await tokenFor(booted, user.id);
    expectSuccess(await post(booted, "/api/logout", {}, { token }));
    expectError(await info(token), 401);
    expect(await count(booted.db, "sessions")).toBe(0);
  });

  it("also accepts a body-less POST", async () => {
    const user = await seedUser(booted);
    const token = await tokenFor(booted, user.id);
    const res = await booted.app.inject({ method: "POST", url: "/api/logout", headers: { authorization: `Bearer ${token}` } });
    expectSuccess(res);
    expectError(await info(token), 401);
  });

  it("answers 401 without a token", async () => {
    expectError(await post(booted, "/api/logout", {}), 401);
  });

  it("with the new token, also ends the replaced one still in its grace period", async () => {
    const user = await seedUser(booted);
    const token = await tokenFor(booted, user.id);
    advanceMs(SESSION_REFRESH_AFTER_MS + 1_000);
    const fresh = bearer((await info(token)).headers["authorization"])!;
    expectSuccess(await post(booted, "/api/logout", {}, { token: fresh }));
    expectError(await info(token), 401);
    expectError(await info(fresh), 401);
  });

  it("with the old token in its grace period, also ends its replacement", async () => {
    const user = await seedUser(booted);
    const token = await tokenFor(booted, user.id);
    advanceMs(SESSION_REFRESH_AFTER_MS + 1_000);
    const fresh = bearer((await info(token)).headers["authorization"])!;
    expectSuccess(await post(booted, "/api/logout", {}, { token }));
    expectError(await info(fresh), 401);
    expect(await count(booted.db, "sessions")).toBe(0);
  });

  it("leaves the customer's other devices signed in", async () => {
    const user = await seedUser(booted);
    const phone = await tokenFor(booted, user.id);
    advanceMs(1_000);
    const tablet = await tokenFor(booted, user.id);
    expectSuccess(await post(booted, "/api/logout", {}, { token: phone }));
    expectSuccess(await info(tablet));
  });
});
