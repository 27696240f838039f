import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, staffSessions } from "../../src/db/schema.ts";
import { disableStaff } from "../../src/desk/staffAccounts.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { customer } from "../orders/support.ts";
import { addTestStaff, cookieOf, deskGet, deskPost, signedInStaff, signIn, tagOf } from "./support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const acts = async (): Promise<string[]> => (await booted.db.select({ act: auditLog.act }).from(auditLog).orderBy(auditLog.id)).map((r) => r.act);

describe("desk sign-in (issue 26)", () => {
  it("a right name and one-time password sign in: an HttpOnly, SameSite=Strict cookie on /api/desk, and the password must be changed", async () => {
    const li = await addTestStaff(booted, "li.admin", "admin");
    const res = await deskPost(booted, "/api/desk/login", { name: "li.admin", password: li.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ name: "li.admin", role: "admin", must_change_password: true });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^fuel_desk=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/api/desk");
    // Sandbox mode over plain HTTP: Secure only in production.
    expect(cookie).not.toContain("Secure");
    expect(cookie).not.toContain("Max-Age");
    expect(await acts()).toEqual(["staffAdded", "signIn"]);
  });

  it("a wrong password or an unknown name answer the same 401, and each is recorded with the name tried", async () => {
    await addTestStaff(booted, "li.admin", "admin");
    const wrong = await deskPost(booted, "/api/desk/login", { name: "li.admin", password: "not-the-password" });
    const unknown = await deskPost(booted, "/api/desk/login", { name: "nobody", password: "not-the-password" });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(tagOf(res)).toBe("StaffLoginFailed");
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    const rows = await booted.db.select().from(auditLog).where(sql`${auditLog.act} = 'signInFailed'`).orderBy(auditLog.id);
    expect(rows.map((r) => r.staffName)).toEqual(["li.admin", "nobody"]);
  });

  it("after 5 wrong passwords in 15 minutes from one address, that address is refused, even the right password, until the window passes (other addresses: test/desk/signInLimits.test.ts)", async () => {
    const li = await addTestStaff(booted, "li.admin", "admin");
    for (let i = 0; i < 5; i++) expect((await deskPost(booted, "/api/desk/login", { name: "li.admin", password: `wrong-${i}` })).statusCode).toBe(401);
    const locked = await deskPost(booted, "/api/desk/login", { name: "li.admin", password: li.password });
    expect(locked.statusCode).toBe(429);
    expect(tagOf(locked)).toBe("StaffAttemptsLimited");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    booted.clock.advance(15 * 60 + 1);
    expect((await deskPost(booted, "/api/desk/login", { name: "li.admin", password: li.password })).statusCode).toBe(200);
  });

  it("a sign-in refused by the lockout checks nothing and writes no audit row", async () => {
    await addTestStaff(booted, "li.admin", "admin");
    for (let i = 0; i < 5; i++) await deskPost(booted, "/api/desk/login", { name: "li.admin", password: `wrong-${i}` });
    const before = await acts();
    expect((await deskPost(booted, "/api/desk/login", { name: "li.admin", password: "wrong-again" })).statusCode).toBe(429);
    expect(await acts()).toEqual(before);
  });

  it("20 sign-ins a minute from one address, whatever the names, then 429 SignInAttemptsLimited", async () => {
    for (let i = 0; i < 20; i++) expect((await deskPost(booted, "/api/desk/login", { name: `guess${i}`, password: "wrong-password" })).statusCode).toBe(401);
    const res = await deskPost(booted, "/api/desk/login", { name: "guess-last", password: "wrong-password" });
    expect(res.statusCode).toBe(429);
    expect(tagOf(res)).toBe("SignInAttemptsLimited");
  });

  it("a disabled account is refused with its right password", async () => {
    const li = await addTestStaff(booted, "li.cashier", "cashier");
    await disableStaff(booted.db, "li.cashier", { actor: { id: null, name: "test" }, address: "test", now: new Date(booted.clock.now()) });
    const res = await deskPost(booted, "/api/desk/login", { name: "li.cashier", password: li.password });
    expect(res.statusCode).toBe(403);
    expect(tagOf(res)).toBe("StaffDisabled");
  });
});

describe("desk sessions", () => {
  it("every desk call without a session answers 401, and a customer's bearer token is never one", async () => {
    const driver = await customer(booted);
    for (const url of ["/api/desk/me", "/api/desk/audit"]) {
      const res = await deskGet(booted, url, { authorization: `Bearer ${driver.token}` });
      expect(res.statusCode, url).toBe(401);
      expect(tagOf(res)).toBe("StaffSignInRequired");
    }
    const out = await deskPost(booted, "/api/desk/logout", {}, { authorization: `Bearer ${driver.token}` });
    expect(out.statusCode).toBe(401);
  });

  it("a session ends after 30 idle minutes; each request keeps it alive", async () => {
    const { cookie } = await signedInStaff(booted, "li.admin", "admin");
    booted.clock.advance(29 * 60);
    expect((await deskGet(booted, "/api/desk/me", { cookie })).statusCode).toBe(200);
    booted.clock.advance(29 * 60);
    expect((await deskGet(booted, "/api/desk/me", { cookie })).statusCode).toBe(200);
    booted.clock.advance(30 * 60);
    const ended = await deskGet(booted, "/api/desk/me", { cookie });
    expect(ended.statusCode).toBe(401);
    // Ended for good: it does not come back.
    expect((await deskGet(booted, "/api/desk/me", { cookie })).statusCode).toBe(401);
  });

  it("a new sign-in removes the account's idle sessions", async () => {
    const li = await addTestStaff(booted, "li.admin", "admin");
    await signIn(booted, li);
    await signIn(booted, li);
    booted.clock.advance(31 * 60);
    await signIn(booted, li);
    expect(await booted.db.select().from(staffSessions)).toHaveLength(1);
  });

  it("a one-time password allows only me, password and logout (403 StaffPasswordChangeRequired otherwise)", async () => {
    const li = await addTestStaff(booted, "li.admin", "admin");
    const cookie = await signIn(booted, li);
    const me = await deskGet(booted, "/api/desk/me", { cookie });
    expect(me.json().data).toEqual({ name: "li.admin", role: "admin", stations: [], must_change_password: true });
    const audit = await deskGet(booted, "/api/desk/audit", { cookie });
    expect(audit.statusCode).toBe(403);
    expect(tagOf(audit)).toBe("StaffPasswordChangeRequired");
  });

  it("a new password must pass the rule: at least 10, not the old one, not the name; the old must be right", async () => {
    const li = await addTestStaff(booted, "li.admin.long", "admin");
    const cookie = await signIn(booted, li);
    const cases: Array<[unknown, string]> = [
      [{ old_password: li.password, new_password: "short" }, "StaffPasswordTooShort"],
      [{ old_password: li.password, new_password: li.password }, "StaffPasswordUnchanged"],
      [{ old_password: li.password, new_password: "LI.ADMIN.LONG" }, "StaffPasswordIsName"],
      [{ old_password: "not-the-old-one", new_password: "a-good-new-password" }, "OldPasswordWrong"],
    ];
    for (const [body, tag] of cases) {
      const res = await deskPost(booted, "/api/desk/password", body, { cookie });
      expect(res.statusCode, tag).toBe(400);
      expect(tagOf(res)).toBe(tag);
    }
    expect(await acts()).toEqual(["staffAdded", "signIn"]);
  });

  it("the change forced after a one-time password does not ask for it again: the session is the proof (issue 34)", async () => {
    const li = await addTestStaff(booted, "li.admin", "admin");
    const cookie = await signIn(booted, li);
    const same = await deskPost(booted, "/api/desk/password", { new_password: li.password }, { cookie });
    expect(same.statusCode).toBe(400);
    expect(tagOf(same)).toBe("StaffPasswordUnchanged");
    // Typed all the same, it is checked.
    const wrong = await deskPost(booted, "/api/desk/password", { old_password: "not-the-one-time", new_password: "my-own-desk-password" }, { cookie });
    expect(tagOf(wrong)).toBe("OldPasswordWrong");
    const res = await deskPost(booted, "/api/desk/password", { new_password: "my-own-desk-password" }, { cookie });
    expect(res.statusCode).toBe(200);
    expect((await deskGet(booted, "/api/desk/me", { cookie })).json().data.must_change_password).toBe(false);
    expect((await deskPost(booted, "/api/desk/login", { name: "li.admin", password: "my-own-desk-password" })).statusCode).toBe(200);
    expect(await acts()).toEqual(["staffAdded", "signIn", "passwordChanged", "signIn"]);
  });

  it("any other change needs the current password: left out or empty, 400 StaffOldPasswordRequired and nothing changes", async () => {
    const { cookie, password } = await signedInStaff(booted, "li.admin", "admin");
    for (const body of [{ new_password: "another-desk-password" }, { old_password: "", new_password: "another-desk-password" }]) {
      const res = await deskPost(booted, "/api/desk/password", body, { cookie });
      expect(res.statusCode).toBe(400);
      expect(tagOf(res)).toBe("StaffOldPasswordRequired");
      expect(res.json().message).toBe("enter your current password");
    }
    expect((await deskPost(booted, "/api/desk/login", { name: "li.admin", password })).statusCode).toBe(200);
    const ok = await deskPost(booted, "/api/desk/password", { old_password: password, new_password: "another-desk-password" }, { cookie });
    expect(ok.statusCode).toBe(200);
  });

  it("changing the password ends every other session of the account and keeps this one", async () => {
    const li = await addTestStaff(booted, "li.admin", "admin");
    const here = await signIn(booted, li);
    const elsewhere = await signIn(booted, li);
    const res = await deskPost(booted, "/api/desk/password", { old_password: li.password, new_password: "my-own-desk-password" }, { cookie: here });
    expect(res.statusCode).toBe(200);
    expect((await deskGet(booted, "/api/desk/me", { cookie: elsewhere })).statusCode).toBe(401);
    const me = await deskGet(booted, "/api/desk/me", { cookie: here });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.must_change_password).toBe(false);
    // The one-time password is gone, the new one works.
    expect((await deskPost(booted, "/api/desk/login", { name: "li.admin", password: li.password })).statusCode).toBe(401);
    expect((await deskPost(booted, "/api/desk/login", { name: "li.admin", password: "my-own-desk-password" })).statusCode).toBe(200);
  });

  it("disabling an account ends its sessions at once", async () => {
    const { cookie } = await signedInStaff(booted, "li.cashier", "cashier");
    expect((await deskGet(booted, "/api/desk/me", { cookie })).statusCode).toBe(200);
    await disableStaff(booted.db, "li.cashier", { actor: { id: null, name: "test" }, address: "test", now: new Date(booted.clock.now()) });
    expect((await deskGet(booted, "/api/desk/me", { cookie })).statusCode).toBe(401);
  });

  it("sign-out ends this session, clears the cookie and is recorded", async () => {
    const { cookie } = await signedInStaff(booted, "li.admin", "admin");
    const out = await deskPost(booted, "/api/desk/logout", {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toContain("Max-Age=0");
    expect((await deskGet(booted, "/api/desk/me", { cookie })).statusCode).toBe(401);
    expect(await acts()).toEqual(["staffAdded", "signIn", "passwordChanged", "signOut"]);
  });
});

describe("CSRF: every desk POST comes from this server's own origin", () => {
  it("a POST without Origin or Referer, or from another origin, is refused 403 and changes nothing", async () => {
    const li = await addTestStaff(booted, "li.admin", "admin");
    const cookie = await signIn(booted, li);
    const before = await acts();
    for (const headers of [{ origin: "" }, { origin: "https://evil.example" }, { origin: "null" }, { origin: "", referer: "https://evil.example/desk" }]) {
      const login = await deskPost(booted, "/api/desk/login", { name: "li.admin", password: li.password }, headers);
      expect(login.statusCode, JSON.stringify(headers)).toBe(403);
      expect(tagOf(login)).toBe("CrossSiteRequest");
      const change = await deskPost(booted, "/api/desk/password", { old_password: li.password, new_password: "taken-over-password" }, { ...headers, cookie });
      expect(change.statusCode).toBe(403);
      expect(tagOf(change)).toBe("CrossSiteRequest");
    }
    expect(await acts()).toEqual(before);
    // The session still works from the desk's own page.
    expect((await deskGet(booted, "/api/desk/me", { cookie })).statusCode).toBe(200);
  });

  it("a Referer of this server stands in for a missing Origin", async () => {
    const li = await addTestStaff(booted, "li.admin", "admin");
    const res = await deskPost(booted, "/api/desk/login", { name: "li.admin", password: li.password }, { origin: "", referer: "http://localhost/desk/login" });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).toMatch(/^fuel_desk=/);
  });
});
