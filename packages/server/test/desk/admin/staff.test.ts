import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, staff } from "../../../src/db/schema.ts";
import { disableStaff } from "../../../src/desk/staffAccounts.ts";
import { bootApp, type BootedApp } from "../../helpers/app.ts";
import { expectSuccess } from "../../identity/support.ts";
import { deskGet, deskPost, signedInStaff, signIn, tagOf } from "../support.ts";

/**
 * The admin's staff accounts through HTTP (issue 26): list, add, disable, enable, reset; admin
 * only; each change one audit row with before and after, none for a refusal; nobody disables
 * themself or the last enabled admin.
 */

let booted: BootedApp;
let admin: string;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  admin = (await signedInStaff(booted, "boss", "admin")).cookie;
});

const audit = () => booted.db.select().from(auditLog).orderBy(auditLog.id);
const auditCount = async () => (await audit()).length;

describe("staff accounts at the desk", () => {
  it("adds a cashier (one-time password that signs in), lists it, and records 'staffAdded' with the role", async () => {
    const before = await auditCount();
    const added = expectSuccess<{ name: string; one_time_password: string }>(await deskPost(booted, "/api/desk/staff/add", { name: "li.cashier", role: "cashier" }, { cookie: admin }));
    expect(added.name).toBe("li.cashier");
    expect(added.one_time_password).toHaveLength(16);
    const rows = (await audit()).slice(before);
    expect(rows.map((r) => [r.act, r.subject, r.staffName])).toEqual([["staffAdded", "li.cashier", "boss"]]);
    expect(rows[0]?.after).toEqual({ role: "cashier", stations: [] });
    await signIn(booted, { name: "li.cashier", password: added.one_time_password });

    const list = await deskGet(booted, "/api/desk/staff", { cookie: admin });
    expect(list.statusCode).toBe(200);
    const names = (list.json().data.staff as Array<{ name: string; role: string; disabled: boolean; must_change_password: boolean; created_at: string }>).map((s) => [
      s.name,
      s.role,
      s.disabled,
      s.must_change_password,
    ]);
    expect(names).toEqual([
      ["boss", "admin", false, false],
      ["li.cashier", "cashier", false, true],
    ]);
  });

  it("disable ends the account's sessions, enable lets it sign in again; each one audit row with before/after", async () => {
    const { cookie: cashier, password } = await signedInStaff(booted, "li.cashier", "cashier");
    const before = await auditCount();
    expect(expectSuccess(await deskPost(booted, "/api/desk/staff/disable", { name: "li.cashier" }, { cookie: admin }))).toEqual({ changed: true });
    expect((await deskGet(booted, "/api/desk/me", { cookie: cashier })).statusCode).toBe(401);
    expect(expectSuccess(await deskPost(booted, "/api/desk/staff/disable", { name: "li.cashier" }, { cookie: admin }))).toEqual({ changed: false });
    expect((await deskPost(booted, "/api/desk/login", { name: "li.cashier", password })).statusCode).toBe(403);
    expect(expectSuccess(await deskPost(booted, "/api/desk/staff/enable", { name: "li.cashier" }, { cookie: admin }))).toEqual({ changed: true });
    expect(expectSuccess(await deskPost(booted, "/api/desk/staff/enable", { name: "li.cashier" }, { cookie: admin }))).toEqual({ changed: false });
    await signIn(booted, { name: "li.cashier", password });
    const rows = (await audit()).slice(before).filter((r) => r.act.startsWith("staff"));
    expect(rows.map((r) => [r.act, r.subject, r.before, r.after])).toEqual([
      ["staffDisabled", "li.cashier", { disabled: false }, { disabled: true }],
      ["staffEnabled", "li.cashier", { disabled: true }, { disabled: false }],
    ]);
  });

  it("reset gives a new one-time password, ends the sessions, and records it", async () => {
    const { cookie: cashier, password } = await signedInStaff(booted, "li.cashier", "cashier");
    const before = await auditCount();
    const reset = expectSuccess<{ one_time_password: string }>(await deskPost(booted, "/api/desk/staff/reset", { name: "li.cashier" }, { cookie: admin }));
    expect(reset.one_time_password).not.toBe(password);
    expect((await deskGet(booted, "/api/desk/me", { cookie: cashier })).statusCode).toBe(401);
    await signIn(booted, { name: "li.cashier", password: reset.one_time_password });
    const [row] = (await audit()).slice(before);
    expect([row?.act, row?.before, row?.after]).toEqual(["staffReset", { must_change_password: false }, { must_change_password: true }]);
  });

  it("an admin cannot disable themself, nor the last enabled admin; refused with 409, nothing written", async () => {
    const before = await auditCount();
    const self = await deskPost(booted, "/api/desk/staff/disable", { name: "boss" }, { cookie: admin });
    expect([self.statusCode, tagOf(self)]).toEqual([409, "StaffCannotDisableSelf"]);
    expect(self.json().message).toBe("you cannot disable your own account");
    expect(await auditCount()).toBe(before);

    // A second admin may disable the first while both are enabled, but then not the last one left.
    const { cookie: second } = await signedInStaff(booted, "deputy", "admin");
    const mid = await auditCount();
    expect(expectSuccess(await deskPost(booted, "/api/desk/staff/disable", { name: "boss" }, { cookie: second }))).toEqual({ changed: true });
    const afterDisables = await auditCount();
    expect(afterDisables).toBeGreaterThan(mid);
    // Through HTTP the actor is always an enabled admin, so the last one meets the self rule; the
    // CLI (no staff id) meets the last-admin rule, in the same code.
    const last = await deskPost(booted, "/api/desk/staff/disable", { name: "deputy" }, { cookie: second });
    expect([last.statusCode, tagOf(last)]).toEqual([409, "StaffCannotDisableSelf"]);
    const byCli = disableStaff(booted.db, "deputy", { actor: { id: null, name: "cli" }, address: "cli", now: new Date(booted.clock.now()) });
    await expect(byCli).rejects.toMatchObject({ reason: "StaffLastAdmin" });
    expect(await auditCount()).toBe(afterDisables);
    const [deputy] = await booted.db.select().from(staff).where(eq(staff.name, "deputy"));
    expect(deputy?.disabledAt).toBeNull();
  });

  it("bad input answers 400 with a clear message, unknown names 404, taken names 409; none writes a row", async () => {
    await signedInStaff(booted, "li.cashier", "cashier");
    const before = await auditCount();
    const cases: Array<[string, unknown, number, string]> = [
      ["/api/desk/staff/add", { name: "x", role: "cashier" }, 400, "StaffNameInvalid"],
      ["/api/desk/staff/add", { name: "new.one", role: "king" }, 400, "MissingField"],
      ["/api/desk/staff/add", { name: "new.one", role: "cashier", stations: [999_999] }, 404, "StationNotFound"],
      ["/api/desk/staff/add", { name: "new.one", role: "cashier", stations: ["a"] }, 400, ""],
      ["/api/desk/staff/add", { role: "cashier" }, 400, ""],
      ["/api/desk/staff/add", { name: "li.cashier", role: "cashier" }, 409, "StaffNameTaken"],
      ["/api/desk/staff/disable", { name: "nobody" }, 404, "StaffNotFound"],
      ["/api/desk/staff/enable", { name: "nobody" }, 404, "StaffNotFound"],
      ["/api/desk/staff/reset", { name: "nobody" }, 404, "StaffNotFound"],
      ["/api/desk/staff/reset", { name: 42 }, 400, ""],
    ];
    for (const [url, body, status, tag] of cases) {
      const res = await deskPost(booted, url, body, { cookie: admin });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().message, url).toMatch(/\w/);
      if (tag !== "") expect(tagOf(res), url).toBe(tag);
    }
    expect(await auditCount()).toBe(before);
  });
});

describe("who may manage staff", () => {
  const calls: Array<[string, string, unknown]> = [
    ["GET", "/api/desk/staff", undefined],
    ["POST", "/api/desk/staff/add", { name: "new.one", role: "cashier" }],
    ["POST", "/api/desk/staff/disable", { name: "boss" }],
    ["POST", "/api/desk/staff/enable", { name: "boss" }],
    ["POST", "/api/desk/staff/reset", { name: "boss" }],
  ];
  const send = (method: string, url: string, body: unknown, headers: Record<string, string>) =>
    method === "GET" ? deskGet(booted, url, headers) : deskPost(booted, url, body, headers);

  it("a distributor and a cashier get 403, no session 401, a POST without Origin 403; nothing written", async () => {
    const distributor = (await signedInStaff(booted, "d.one", "distributor")).cookie;
    const cashier = (await signedInStaff(booted, "c.one", "cashier")).cookie;
    const before = await auditCount();
    for (const [method, url, body] of calls) {
      for (const cookie of [distributor, cashier]) {
        const res = await send(method, url, body, { cookie });
        expect([res.statusCode, tagOf(res)], url).toEqual([403, "StaffActionForbidden"]);
      }
      expect((await send(method, url, body, {})).statusCode, url).toBe(401);
      if (method === "POST") {
        const res = await booted.app.inject({ method: "POST", url, headers: { "content-type": "application/json", cookie: admin }, payload: JSON.stringify(body) });
        expect([res.statusCode, tagOf(res)], url).toEqual([403, "CrossSiteRequest"]);
      }
    }
    expect(await auditCount()).toBe(before);
  });
});
