import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, rateLimitEvents } from "../../src/db/schema.ts";
import { STAFF_FAILURES_PER_NAME, STAFF_FAILURES_PER_NAME_AND_ADDRESS } from "../../src/limits/policy.ts";
import { hashingGate } from "../../src/security/passwords.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { addTestStaff, deskLoginFrom } from "../desk/support.ts";

/**
 * The desk's sign-in limits under real concurrency (issue 34; PostgreSQL only: PGlite runs one
 * transaction at a time, so a race there proves nothing). Every request of a round is started
 * before any is answered, each on its own pooled connection. The hashing gate is bypassed: its
 * busy refusals are its own tests' (test/security/gate.test.ts), not the counts these check.
 */

let booted: BootedApp;
beforeAll(async () => {
  const start = Date.now();
  booted = await bootApp({ systemTime: () => start });
  expect(booted.database.kind).toBe("postgres");
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  vi.spyOn(hashingGate, "run").mockImplementation((task) => task());
});
afterEach(() => vi.restoreAllMocks());

const eventsIn = async (bucket: string) => booted.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.bucket, bucket));
const locks = async () => (await booted.db.select().from(auditLog).where(eq(auditLog.act, "staffLocked"))).map((r) => (r.after as { scope: string }).scope);

describe("desk sign-in limits", () => {
  it("20 parallel wrong passwords for one name from one address: exactly 5 are checked, 15 refused 429, one lock row", async () => {
    await addTestStaff(booted, "li.cashier", "cashier");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => deskLoginFrom(booted, "10.5.0.1", "li.cashier", `wrong-${i}`)));
    const statuses = answers.map((a) => a.statusCode).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array.from({ length: 5 }, () => 401), ...Array.from({ length: 15 }, () => 429)]);
    expect(await eventsIn(STAFF_FAILURES_PER_NAME_AND_ADDRESS.bucket)).toHaveLength(5);
    expect(await locks()).toEqual(["address"]);
  });

  it("155 parallel wrong passwords for one name from 31 addresses (5 each): exactly 150 are checked, the name locks once", async () => {
    const li = await addTestStaff(booted, "li.cashier", "cashier");
    const answers = await Promise.all(
      Array.from({ length: 155 }, (_, i) => deskLoginFrom(booted, `10.6.0.${Math.floor(i / 5)}`, "li.cashier", `wrong-${i}`)),
    );
    const outcomes = answers.map((a) => `${a.statusCode} ${String(a.headers["x-error-tag"])}`);
    expect(outcomes.filter((o) => o === "401 StaffLoginFailed")).toHaveLength(150);
    expect(outcomes.filter((o) => o === "429 StaffAccountAttemptsLimited")).toHaveLength(5);
    expect(await eventsIn(STAFF_FAILURES_PER_NAME.bucket)).toHaveLength(150);
    const scopes = await locks();
    expect(scopes.filter((s) => s === "name")).toHaveLength(1);
    // A pair locks when its fifth wrong password got in before the name filled.
    const pairs = await eventsIn(STAFF_FAILURES_PER_NAME_AND_ADDRESS.bucket);
    const perPair = new Map<string, number>();
    for (const e of pairs) perPair.set(e.subject, (perPair.get(e.subject) ?? 0) + 1);
    expect(scopes.filter((s) => s === "address")).toHaveLength([...perPair.values()].filter((n) => n === 5).length);
    expect((await deskLoginFrom(booted, "10.6.1.1", "li.cashier", li.password)).statusCode).toBe(429);
  });

  it("a right password and 19 wrong ones from 20 addresses at once: the right one signs in, the counts hold the 19", async () => {
    const li = await addTestStaff(booted, "li.cashier", "cashier");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => deskLoginFrom(booted, `10.7.0.${i}`, "li.cashier", i === 7 ? li.password : `wrong-${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, (_, i) => (i === 7 ? 200 : 401)));
    expect(await eventsIn(STAFF_FAILURES_PER_NAME.bucket)).toHaveLength(19);
    expect(await eventsIn(STAFF_FAILURES_PER_NAME_AND_ADDRESS.bucket)).toHaveLength(19);
  });
});
