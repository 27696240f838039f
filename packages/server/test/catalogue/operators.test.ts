import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inviteCodes } from "../../src/db/schema.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectError, expectSuccess, post } from "../identity/support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

describe("POST /api/sandbox/invite-codes", () => {
  it("mints the asked number of fresh, distinct codes", async () => {
    const { codes } = expectSuccess<{ codes: string[] }>(await post(booted, "/api/sandbox/invite-codes", { count: 5 }));
    expect(new Set(codes).size).toBe(5);
    expect(await booted.db.select().from(inviteCodes)).toHaveLength(5);
  });

  it.each([[{ count: 0 }], [{ count: 1001 }], [{ count: 1.5 }], [{ count: "3" }], [{}]])("refuses %j and writes nothing", async (body) => {
    expectError(await post(booted, "/api/sandbox/invite-codes", body), 400);
    expect(await booted.db.select().from(inviteCodes)).toHaveLength(0);
  });
});

describe("POST /api/sandbox/blacklist", () => {
  it("blacklists a phone, twice without error, and isBlacklist then answers 1", async () => {
    expectSuccess(await post(booted, "/api/sandbox/blacklist", { phone: "13800138000" }));
    expectSuccess(await post(booted, "/api/sandbox/blacklist", { phone: "13800138000" }));
    expect(expectSuccess(await post(booted, "/api/balcklist/isBlacklist", { phone: "13800138000" }))).toBe(1);
    expect(expectSuccess(await post(booted, "/api/balcklist/isBlacklist", { phone: "13800138001" }))).toBe(0);
  });

  it("refuses a malformed phone", async () => {
    expectError(await post(booted, "/api/sandbox/blacklist", { phone: "1380013" }), 400);
  });
});

describe("POST /api/sandbox/clock", () => {
  it("moves the server's clock forward and answers the new time", async () => {
    const before = booted.clock.now();
    const { now } = expectSuccess<{ now: string }>(await post(booted, "/api/sandbox/clock", { advance_seconds: 3600 }));
    // The answer is to the second (China time has no milliseconds on the wire).
    expect(Date.parse(now)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3_600_000);
    expect(booted.clock.now() - before).toBeGreaterThanOrEqual(3_600_000);
  });

  it("answers the new time in China time (+08:00), like every instant on the wire", async () => {
    const before = booted.clock.now();
    const { now } = expectSuccess<{ now: string }>(await post(booted, "/api/sandbox/clock", { advance_seconds: 0 }));
    const after = booted.clock.now();
    expect(now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    // The server's clock at the request, to the second.
    expect(Date.parse(now)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(now)).toBeLessThanOrEqual(after);
  });

  it("refuses moving backwards", async () => {
    expectError(await post(booted, "/api/sandbox/clock", { advance_seconds: -1 }), 400);
  });
});

describe("production mode", () => {
  it("has none of the operator sandbox routes", async () => {
    const prod = await bootApp({
      config: { mode: "production" },
      providers: {
        oauth: { kind: "production", exchange: async () => { throw new Error("unused"); } },
        sms: { kind: "production", send: async () => { throw new Error("unused"); } },
      },
    });
    try {
      for (const url of ["/api/sandbox/invite-codes", "/api/sandbox/blacklist", "/api/sandbox/clock"]) {
        expectError(await post(prod, url, { count: 1, phone: "13800138000", advance_seconds: 1 }), 404);
      }
    } finally {
      await prod.close();
    }
  });
});
