import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/commands.ts";
import { auditLog, staff } from "../../src/db/schema.ts";
import { bootApp, TEST_PASSWORD_HASH_COST, type BootedApp } from "../helpers/app.ts";
import { seedCatalogue } from "../orders/support.ts";
import { deskGet, deskPost, signIn } from "./support.ts";

let booted: BootedApp;
let out: string[];
let err: string[];
const run = (...args: string[]) =>
  runCli(args, {
    db: booted.db,
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    now: () => new Date(booted.clock.now()),
    passwordHashCost: TEST_PASSWORD_HASH_COST,
  });

beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  out = [];
  err = [];
});

describe("npm run fuel -- staff (issue 26)", () => {
  it("staff add prints a one-time password on its last line, which signs in and must be changed", async () => {
    expect(await run("staff", "add", "li.admin", "admin")).toBe(0);
    const password = out.at(-1) ?? "";
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
    const res = await deskPost(booted, "/api/desk/login", { name: "li.admin", password });
    expect(res.json().data).toEqual({ name: "li.admin", role: "admin", must_change_password: true });
    const [row] = await booted.db.select().from(auditLog);
    expect(row).toMatchObject({ staffName: "cli", address: "cli", act: "staffAdded", subject: "li.admin", after: { role: "admin", stations: [] } });
    // Only the hash is stored.
    const [account] = await booted.db.select().from(staff);
    expect(account?.passwordHash).not.toContain(password);
  });

  it("two one-time passwords differ", async () => {
    await run("staff", "add", "one.a", "cashier");
    await run("staff", "add", "two.b", "cashier");
    expect(out[1]).not.toBe(out[3]);
  });

  it("a cashier is given stations with --station; /api/desk/me lists them", async () => {
    await seedCatalogue(booted);
    expect(await run("staff", "add", "wang.cashier", "cashier", "--station", "2", "--station", "1")).toBe(0);
    const cookie = await signIn(booted, { name: "wang.cashier", password: out.at(-1) ?? "" });
    expect((await deskGet(booted, "/api/desk/me", { cookie })).json().data.stations).toEqual([1, 2]);
  });

  it.each([
    [["staff", "add", "x", "admin"], "a staff name has 2 to 32"],
    [["staff", "add", "li admin", "admin"], "a staff name has 2 to 32"],
    [["staff", "add", "li.admin", "boss"], "role"],
    [["staff", "add", "li.admin"], "needs a role"],
    [["staff", "add", "li.admin", "cashier", "--station", "abc"], "--station"],
    [["staff", "add", "li.admin", "cashier", "--station", "999999"], "station not found"],
    [["staff", "disable", "nobody"], "no staff member with this name"],
    [["staff", "reset", "nobody"], "no staff member with this name"],
    [["staff", "add"], "needs a staff name"],
  ])("refuses %j in words and writes nothing", async (args, words) => {
    expect(await run(...args)).toBe(1);
    expect(err.join("\n")).toContain(words);
    expect(await booted.db.select().from(staff)).toEqual([]);
    expect(await booted.db.select().from(auditLog)).toEqual([]);
  });

  it("a name already taken is refused", async () => {
    await run("staff", "add", "li.admin", "admin");
    expect(await run("staff", "add", "li.admin", "cashier")).toBe(1);
    expect(err.join("\n")).toContain("already exists");
  });

  it("staff disable signs the account out everywhere and refuses its sign-in", async () => {
    await run("staff", "add", "li.cashier", "cashier");
    const password = out.at(-1) ?? "";
    const cookie = await signIn(booted, { name: "li.cashier", password });
    expect(await run("staff", "disable", "li.cashier")).toBe(0);
    expect((await deskGet(booted, "/api/desk/me", { cookie })).statusCode).toBe(401);
    expect((await deskPost(booted, "/api/desk/login", { name: "li.cashier", password })).statusCode).toBe(403);
    expect(await run("staff", "disable", "li.cashier")).toBe(0);
    expect(out.at(-1)).toContain("already disabled");
  });

  it("staff enable lets a disabled account sign in again with its password as it was; twice changes nothing", async () => {
    await run("staff", "add", "li.cashier", "cashier");
    const password = out.at(-1) ?? "";
    expect(await run("staff", "disable", "li.cashier")).toBe(0);
    expect((await deskPost(booted, "/api/desk/login", { name: "li.cashier", password })).statusCode).toBe(403);
    expect(await run("staff", "enable", "li.cashier")).toBe(0);
    expect(out.at(-1)).toContain("enabled again");
    expect((await deskPost(booted, "/api/desk/login", { name: "li.cashier", password })).statusCode).toBe(200);
    expect(await run("staff", "enable", "li.cashier")).toBe(0);
    expect(out.at(-1)).toContain("was not disabled");
    expect(await run("staff", "enable", "nobody")).toBe(1);
  });

  it("staff enable and staff reset lift a sign-in lock at once, and say so (issue 34)", async () => {
    await run("staff", "add", "li.cashier", "cashier");
    const password = out.at(-1) ?? "";
    for (let i = 0; i < 5; i++) await deskPost(booted, "/api/desk/login", { name: "li.cashier", password: `wrong-${i}` });
    expect((await deskPost(booted, "/api/desk/login", { name: "li.cashier", password })).statusCode).toBe(429);
    expect(await run("staff", "enable", "li.cashier")).toBe(0);
    expect(out.slice(-2)).toEqual(["li.cashier was not disabled", "li.cashier's sign-in locks are lifted"]);
    expect((await deskPost(booted, "/api/desk/login", { name: "li.cashier", password })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await deskPost(booted, "/api/desk/login", { name: "li.cashier", password: `wrong-${i}` });
    expect(await run("staff", "reset", "li.cashier")).toBe(0);
    expect((await deskPost(booted, "/api/desk/login", { name: "li.cashier", password: out.at(-1) ?? "" })).statusCode).toBe(200);
    const unlocks = await booted.db.select().from(auditLog).where(eq(auditLog.act, "staffUnlocked"));
    expect(unlocks.map((r) => [r.staffName, r.address, r.subject])).toEqual([
      ["cli", "cli", "li.cashier"],
      ["cli", "cli", "li.cashier"],
    ]);
  });

  it("staff reset gives a new one-time password and signs the account out everywhere", async () => {
    await run("staff", "add", "li.admin", "admin");
    const first = out.at(-1) ?? "";
    const cookie = await signIn(booted, { name: "li.admin", password: first });
    expect(await run("staff", "reset", "li.admin")).toBe(0);
    const second = out.at(-1) ?? "";
    expect(second).not.toBe(first);
    expect((await deskGet(booted, "/api/desk/me", { cookie })).statusCode).toBe(401);
    expect((await deskPost(booted, "/api/desk/login", { name: "li.admin", password: first })).statusCode).toBe(401);
    const again = await deskPost(booted, "/api/desk/login", { name: "li.admin", password: second });
    expect(again.json().data.must_change_password).toBe(true);
    const acts = (await booted.db.select({ act: auditLog.act }).from(auditLog).orderBy(auditLog.id)).map((r) => r.act);
    expect(acts).toEqual(["staffAdded", "signIn", "staffReset", "signInFailed", "signIn"]);
  });
});
