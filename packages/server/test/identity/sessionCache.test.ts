import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createInviteCodes } from "../../src/operators/inviteCodes.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectError, expectSuccess, get, post, seedUser, tokenFor } from "./support.ts";

/**
 * Authentication remembers a token's facts for a moment (src/identity/sessionCache.ts). These
 * prove that every change made through the server takes effect on the very next request anyway.
 */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const auth = (token: string) => ({ token });

describe("cached authentication", () => {
  it("logout works on the next request although the token was just read", async () => {
    const user = await seedUser(booted, { activated: true });
    const token = await tokenFor(booted, user.id);
    expectSuccess(await get(booted, "/api/user/info", auth(token)));
    expectSuccess(await post(booted, "/api/logout", {}, auth(token)));
    expectError(await get(booted, "/api/user/info", auth(token)), 401);
  });

  it("blacklisting through the sandbox operator route refuses the next request with 403", async () => {
    const user = await seedUser(booted, { activated: true, phone: "13800138123" });
    const token = await tokenFor(booted, user.id);
    expectSuccess(await get(booted, "/api/user/info", auth(token)));
    expectSuccess(await post(booted, "/api/sandbox/blacklist", { phone: "13800138123" }));
    expectError(await get(booted, "/api/user/info", auth(token)), 403, "server busy, cannot use");
  });

  it("activation shows in user/info on the next request", async () => {
    const user = await seedUser(booted, { activated: false });
    const token = await tokenFor(booted, user.id);
    expect(expectSuccess<{ is_activated: boolean }>(await get(booted, "/api/user/info", auth(token))).is_activated).toBe(false);
    const [code] = await createInviteCodes(booted.db, 1, new Date(booted.clock.now()));
    expectSuccess(await post(booted, "/api/activacode/check", { code }, auth(token)));
    expect(expectSuccess<{ is_activated: boolean }>(await get(booted, "/api/user/info", auth(token))).is_activated).toBe(true);
  });

  it("expiry is judged on every request, not when the facts were cached", async () => {
    const user = await seedUser(booted, { activated: true });
    const token = await tokenFor(booted, user.id);
    expectSuccess(await get(booted, "/api/user/info", auth(token)));
    booted.clock.advance(8 * 24 * 3600);
    expectError(await get(booted, "/api/user/info", auth(token)), 401);
  });
});
