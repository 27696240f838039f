import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog } from "../../src/db/schema.ts";
import { disableStaff, enableStaff, resetStaff } from "../../src/desk/staffAccounts.ts";
import { hashingGate, scryptParams } from "../../src/security/passwords.ts";
import { bootApp, TEST_PASSWORD_HASH_COST, type BootedApp } from "../helpers/app.ts";
import { addTestStaff, deskLoginFrom, deskPost, signedInStaff, tagOf } from "./support.ts";

/**
 * Desk sign-in limits that stop the guesser, not the staff member (issue 34): per (name,
 * address), per address, and a name-wide cap a flood from 20 addresses never reaches; an
 * admin's reset or enable lifts every lock; each lock and unlock is an audit row.
 */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  // The floods below run their addresses side by side; the hashing gate's own refusals (ServerBusy,
  // test/security/gate.test.ts) are not what these tests count, so every hash runs at once.
  vi.spyOn(hashingGate, "run").mockImplementation((task) => task());
});
afterEach(() => vi.restoreAllMocks());

const MINUTE = 60;
/** The floods send 150 to 240 sign-ins: seconds on a quiet machine, more beside other test runs. */
const FLOOD_TIMEOUT_MS = 60_000;
const ip = (i: number): string => `10.34.${Math.floor(i / 200)}.${i % 200}`;
const cli = () => ({ actor: { id: null, name: "cli" }, address: "cli", now: new Date(booted.clock.now()), scrypt: scryptParams(TEST_PASSWORD_HASH_COST) });

const auditRows = async (act: string) =>
  booted.db.select().from(auditLog).where(eq(auditLog.act, act)).orderBy(auditLog.id);

/** `n` wrong passwords for `name` from `from`; answers the statuses. */
const wrongFrom = async (from: string, name: string, n: number): Promise<number[]> => {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await deskLoginFrom(booted, from, name, `wrong-guess-${i}`)).statusCode);
  return statuses;
};

describe("per (name, address)", () => {
  it("5 wrong passwords for a name from one address: that address is refused 429 with retry-after, even with the right password; the staff member elsewhere signs in", async () => {
    const li = await addTestStaff(booted, "li.cashier", "cashier");
    expect(await wrongFrom("10.0.0.1", "li.cashier", 5)).toEqual([401, 401, 401, 401, 401]);
    const refused = await deskLoginFrom(booted, "10.0.0.1", "li.cashier", li.password);
    expect(refused.statusCode).toBe(429);
    expect(tagOf(refused)).toBe("StaffAttemptsLimited");
    // The sandbox clock runs: the oldest wrong try is a moment old.
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(14 * MINUTE);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(15 * MINUTE);
    expect(refused.json().message).toBe("too many wrong passwords for this account from this network, try again in 15 minutes");
    expect((await deskLoginFrom(booted, "10.0.0.2", "li.cashier", li.password)).statusCode).toBe(200);
    booted.clock.advance(15 * MINUTE + 1);
    expect((await deskLoginFrom(booted, "10.0.0.1", "li.cashier", li.password)).statusCode).toBe(200);
  });

  it("an IPv6 /64 counts as one address: 5 wrong from five addresses of one /64 lock the sixth", async () => {
    await addTestStaff(booted, "li.cashier", "cashier");
    for (let i = 1; i <= 5; i++) expect((await deskLoginFrom(booted, `2001:db8:34:1::${i}`, "li.cashier", "wrong-guess")).statusCode).toBe(401);
    expect(tagOf(await deskLoginFrom(booted, "2001:db8:34:1::6", "li.cashier", "wrong-guess"))).toBe("StaffAttemptsLimited");
    expect((await deskLoginFrom(booted, "2001:db8:34:2::1", "li.cashier", "wrong-guess")).statusCode).toBe(401);
  });

  it("a right password from the address forgives its typos there", async () => {
    const li = await addTestStaff(booted, "li.cashier", "cashier");
    await wrongFrom("10.0.0.1", "li.cashier", 4);
    expect((await deskLoginFrom(booted, "10.0.0.1", "li.cashier", li.password)).statusCode).toBe(200);
    expect(await wrongFrom("10.0.0.1", "li.cashier", 5)).toEqual([401, 401, 401, 401, 401]);
  });
});

describe("a flood from many addresses", () => {
  it("after a flood of wrong passwords from 20 addresses, even kept up, the right password from a 21st signs in", async () => {
    const li = await addTestStaff(booted, "li.cashier", "cashier");
    for (let quarter = 0; quarter < 2; quarter++) {
      // The 20 addresses at once, each one try after another.
      const floods = await Promise.all(Array.from({ length: 20 }, (_, a) => wrongFrom(ip(a), "li.cashier", 6)));
      for (const statuses of floods) expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const signedIn = await deskLoginFrom(booted, ip(20), "li.cashier", li.password);
      expect(signedIn.statusCode, `after ${quarter + 1} quarter hours`).toBe(200);
      booted.clock.advance(15 * MINUTE + 1);
    }
    // One lock row per flooding address a quarter hour; the name itself never locked.
    const locks = await auditRows("staffLocked");
    expect(locks).toHaveLength(40);
    expect(locks.every((r) => (r.after as { scope: string }).scope === "address")).toBe(true);
  }, FLOOD_TIMEOUT_MS);

  it("past 150 wrong passwords in 15 minutes from all addresses together (30 addresses at their limit), the name is locked for everyone, once in the audit log; a reset lifts it at once", async () => {
    const li = await addTestStaff(booted, "li.cashier", "cashier");
    const floods = await Promise.all(Array.from({ length: 30 }, (_, a) => wrongFrom(ip(a), "li.cashier", 5)));
    expect(floods.flat().filter((s) => s === 401)).toHaveLength(150);
    const refused = await deskLoginFrom(booted, ip(30), "li.cashier", li.password);
    expect(refused.statusCode).toBe(429);
    expect(tagOf(refused)).toBe("StaffAccountAttemptsLimited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(tagOf(await deskLoginFrom(booted, ip(31), "li.cashier", "wrong-again"))).toBe("StaffAccountAttemptsLimited");
    const nameLocks = (await auditRows("staffLocked")).filter((r) => (r.after as { scope: string }).scope === "name");
    expect(nameLocks).toHaveLength(1);
    expect(nameLocks[0]).toMatchObject({ staffName: "li.cashier", subject: "li.cashier", after: { locked: true, scope: "name", wrong_passwords: 150, minutes: 15 } });

    const password = await resetStaff(booted.db, "li.cashier", cli());
    expect((await deskLoginFrom(booted, ip(40), "li.cashier", password)).statusCode).toBe(200);
    expect((await deskLoginFrom(booted, ip(0), "li.cashier", password)).statusCode).toBe(200);
    const [unlocked] = await auditRows("staffUnlocked");
    expect(unlocked).toMatchObject({ staffName: "cli", address: "cli", subject: "li.cashier", before: { locked_everywhere: true } });
    expect((unlocked?.before as { locked_addresses: string[] }).locked_addresses).toHaveLength(30);
    // A new lock after the lift is recorded again.
    expect(await auditRows("staffLocked")).toHaveLength(31);
    await wrongFrom(ip(0), "li.cashier", 5);
    expect(await auditRows("staffLocked")).toHaveLength(32);
  }, FLOOD_TIMEOUT_MS);
});

describe("per address, whatever the names", () => {
  it("30 wrong passwords an hour from one address, then 429 StaffNetworkAttemptsLimited for any name, even a right password", async () => {
    const li = await addTestStaff(booted, "li.cashier", "cashier");
    for (let i = 0; i < 30; i++) {
      // Within the 20 sign-ins a minute, and 5 per name.
      if (i % 10 === 9) booted.clock.advance(MINUTE);
      expect((await deskLoginFrom(booted, "10.0.0.9", `guess.${Math.floor(i / 5)}`, "wrong-guess")).statusCode).toBe(401);
    }
    booted.clock.advance(MINUTE);
    const refused = await deskLoginFrom(booted, "10.0.0.9", "li.cashier", li.password);
    expect(refused.statusCode).toBe(429);
    expect(tagOf(refused)).toBe("StaffNetworkAttemptsLimited");
    expect(refused.json().message).toMatch(/^too many wrong passwords from this network, try again in \d+ minutes$/);
    expect((await deskLoginFrom(booted, "10.0.0.10", "li.cashier", li.password)).statusCode).toBe(200);
  });
});

describe("lock rows", () => {
  it("a lock is one audit row when it starts, not one per refused or paced attempt: a guesser trying every 3 minutes for an hour writes one per 15 minutes", async () => {
    await addTestStaff(booted, "li.cashier", "cashier");
    await wrongFrom("10.0.0.1", "li.cashier", 5);
    expect(await auditRows("staffLocked")).toHaveLength(1);
    // Refused tries write nothing.
    expect(await wrongFrom("10.0.0.1", "li.cashier", 10)).toEqual(Array.from({ length: 10 }, () => 429));
    expect(await auditRows("staffLocked")).toHaveLength(1);
    let checked = 0;
    for (let t = 3; t <= 60; t += 3) {
      booted.clock.advance(3 * MINUTE);
      if ((await deskLoginFrom(booted, "10.0.0.1", "li.cashier", "paced-guess")).statusCode === 401) checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
    const locks = await auditRows("staffLocked");
    expect(locks.length).toBeLessThanOrEqual(1 + 60 / 15);
    const times = locks.map((r) => r.at.getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(15 * 60_000);
  });

  it("a lock row names who was tried (an unknown name too), the address and the limit", async () => {
    await wrongFrom("10.0.0.1", "nobody.here", 5);
    const [row] = await auditRows("staffLocked");
    expect(row).toMatchObject({ staffId: null, staffName: "nobody.here", subject: "nobody.here", address: "10.0.0.1", before: null, after: { locked: true, scope: "address", wrong_passwords: 5, minutes: 15 } });
  });
});

describe("an admin lifts the locks at once", () => {
  it("enable at the desk lifts every lock on the name, disabled or not, and records what it lifted", async () => {
    const admin = await signedInStaff(booted, "boss", "admin");
    const li = await addTestStaff(booted, "li.cashier", "cashier");
    await wrongFrom("10.0.0.1", "li.cashier", 5);
    await wrongFrom("10.0.0.2", "li.cashier", 5);
    expect((await deskLoginFrom(booted, "10.0.0.1", "li.cashier", li.password)).statusCode).toBe(429);
    const res = await deskPost(booted, "/api/desk/staff/enable", { name: "li.cashier" }, { cookie: admin.cookie });
    expect(res.json().data).toEqual({ changed: true });
    expect((await deskLoginFrom(booted, "10.0.0.1", "li.cashier", li.password)).statusCode).toBe(200);
    expect((await deskLoginFrom(booted, "10.0.0.2", "li.cashier", li.password)).statusCode).toBe(200);
    const [row, ...more] = await auditRows("staffUnlocked");
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      staffName: "boss",
      subject: "li.cashier",
      before: { locked_everywhere: false, locked_addresses: ["10.0.0.1", "10.0.0.2"] },
      after: { locked_everywhere: false, locked_addresses: [] },
    });
    // Nothing left to lift: no change, no row.
    expect((await deskPost(booted, "/api/desk/staff/enable", { name: "li.cashier" }, { cookie: admin.cookie })).json().data).toEqual({ changed: false });
    expect(await auditRows("staffUnlocked")).toHaveLength(1);
  });

  it("enable of a disabled and locked account enables it and lifts the lock: two rows", async () => {
    const li = await addTestStaff(booted, "li.cashier", "cashier");
    await wrongFrom("10.0.0.1", "li.cashier", 5);
    await disableStaff(booted.db, "li.cashier", cli());
    expect(await enableStaff(booted.db, "li.cashier", cli())).toEqual({ enabled: true, unlocked: true });
    expect((await deskLoginFrom(booted, "10.0.0.1", "li.cashier", li.password)).statusCode).toBe(200);
    const acts = (await booted.db.select({ act: auditLog.act }).from(auditLog).where(and(eq(auditLog.subject, "li.cashier"), eq(auditLog.staffName, "cli"))).orderBy(auditLog.id)).map((r) => r.act);
    expect(acts).toEqual(["staffDisabled", "staffEnabled", "staffUnlocked"]);
  });

  it("another name's locks stay: lifting li.cashier leaves li.cashier2 and a name with '_' alone", async () => {
    await addTestStaff(booted, "li.cashier", "cashier");
    await addTestStaff(booted, "li.cashier2", "cashier");
    await addTestStaff(booted, "li_cashier", "cashier");
    for (const name of ["li.cashier", "li.cashier2", "li_cashier"]) await wrongFrom("10.0.0.1", name, 5);
    await enableStaff(booted.db, "li.cashier", cli());
    expect((await deskLoginFrom(booted, "10.0.0.1", "li.cashier", "still-wrong")).statusCode).toBe(401);
    expect(tagOf(await deskLoginFrom(booted, "10.0.0.1", "li.cashier2", "still-wrong"))).toBe("StaffAttemptsLimited");
    expect(tagOf(await deskLoginFrom(booted, "10.0.0.1", "li_cashier", "still-wrong"))).toBe("StaffAttemptsLimited");
  });
});
