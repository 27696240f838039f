import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseCsv } from "../../src/operators/csv.ts";
import { auditLog } from "../../src/db/schema.ts";
import { recordAct } from "../../src/desk/audit.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { deskGet, signedInStaff, tagOf } from "./support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const count = async (): Promise<number> => Number((await booted.db.execute(sql`SELECT count(*)::int AS n FROM audit_log`)).rows[0]?.["n"]);

describe("the audit log (issue 26)", () => {
  it("only an admin reads it: a cashier and a distributor get 403 and nothing is written", async () => {
    const admin = await signedInStaff(booted, "li.admin", "admin");
    const cashier = await signedInStaff(booted, "wang.cashier", "cashier");
    const distributor = await signedInStaff(booted, "zhao.dist", "distributor");
    const before = await count();
    for (const who of [cashier, distributor]) {
      const res = await deskGet(booted, "/api/desk/audit", { cookie: who.cookie });
      expect(res.statusCode).toBe(403);
      expect(tagOf(res)).toBe("StaffActionForbidden");
    }
    expect(await count()).toBe(before);
    const res = await deskGet(booted, "/api/desk/audit", { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
  });

  it("answers newest first with who, from where, what, before and after; filters by staff, act and time", async () => {
    const admin = await signedInStaff(booted, "li.admin", "admin");
    await signedInStaff(booted, "wang.cashier", "cashier");
    const all = (await deskGet(booted, "/api/desk/audit", { cookie: admin.cookie })).json().data;
    expect(all.rows.map((r: { act: string; staff: string }) => `${r.staff}:${r.act}`)).toEqual([
      "wang.cashier:passwordChanged",
      "wang.cashier:signIn",
      "test:staffAdded",
      "li.admin:passwordChanged",
      "li.admin:signIn",
      "test:staffAdded",
    ]);
    expect(all.rows[0]).toMatchObject({ address: "127.0.0.1", subject: "wang.cashier", before: { must_change_password: true }, after: { must_change_password: false } });
    expect(all.next_before_id).toBeNull();

    const bySignIn = (await deskGet(booted, "/api/desk/audit?act=signIn&staff=wang.cashier", { cookie: admin.cookie })).json().data;
    expect(bySignIn.rows).toHaveLength(1);
    const later = new Date(booted.clock.now() + 60_000).toISOString();
    const none = (await deskGet(booted, `/api/desk/audit?from=${encodeURIComponent(later)}`, { cookie: admin.cookie })).json().data;
    expect(none.rows).toEqual([]);
    const bad = await deskGet(booted, "/api/desk/audit?act=deleteEverything", { cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it("pages by 100, newest first, with the next page's cursor", async () => {
    const admin = await signedInStaff(booted, "li.admin", "admin");
    const at = new Date(booted.clock.now());
    for (let i = 0; i < 150; i++) await recordAct(booted.db, { at, staff: { id: null, name: "bulk" }, address: "test", act: "settingChanged", subject: `k${i}` });
    const first = (await deskGet(booted, "/api/desk/audit?staff=bulk", { cookie: admin.cookie })).json().data;
    expect(first.rows).toHaveLength(100);
    expect(first.rows[0].subject).toBe("k149");
    const second = (await deskGet(booted, `/api/desk/audit?staff=bulk&before_id=${first.next_before_id}`, { cookie: admin.cookie })).json().data;
    expect(second.rows).toHaveLength(50);
    expect(second.rows.at(-1).subject).toBe("k0");
    expect(second.next_before_id).toBeNull();
  });

  it("downloads as RFC 4180 CSV, quoting commas, quotes and line breaks", async () => {
    const admin = await signedInStaff(booted, "li.admin", "admin");
    await recordAct(booted.db, { at: new Date(booted.clock.now()), staff: { id: null, name: "li.admin" }, address: "test", act: "settingChanged", subject: 'tips, "new"\nline', before: { v: "a,b" }, after: null });
    const res = await deskGet(booted, "/api/desk/audit?format=csv&act=settingChanged", { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain("attachment");
    const records = parseCsv(res.body);
    expect(records[0]?.fields).toEqual(["id", "at", "staff", "address", "act", "subject", "before", "after"]);
    expect(records[1]?.fields.slice(2)).toEqual(["li.admin", "test", "settingChanged", 'tips, "new"\nline', '{"v":"a,b"}', ""]);
  });

  it("is append-only: the database refuses UPDATE and DELETE of a row", async () => {
    await recordAct(booted.db, { at: new Date(booted.clock.now()), staff: { id: null, name: "x" }, address: "test", act: "signIn", subject: "x" });
    // Drizzle wraps the database's error: its cause carries the trigger's words.
    const refusal = async (statement: Promise<unknown>): Promise<string> =>
      statement.then(
        () => "written",
        (e: unknown) => String((e as { cause?: { message?: unknown } }).cause?.message ?? e),
      );
    expect(await refusal(booted.db.update(auditLog).set({ subject: "changed" }).where(eq(auditLog.subject, "x")))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(booted.db.delete(auditLog).where(eq(auditLog.subject, "x")))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(booted.db.execute(sql`DELETE FROM audit_log`))).toMatch(/append-only/);
    expect(await count()).toBe(1);
  });

  it("is append-only against TRUNCATE too, alone or reached by another table's TRUNCATE ... CASCADE (issue 34)", async () => {
    await recordAct(booted.db, { at: new Date(booted.clock.now()), staff: { id: null, name: "x" }, address: "test", act: "signIn", subject: "x" });
    const refusal = async (statement: Promise<unknown>): Promise<string> =>
      statement.then(
        () => "written",
        (e: unknown) => String((e as { cause?: { message?: unknown } }).cause?.message ?? e),
      );
    expect(await refusal(booted.db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    expect(await refusal(booted.db.execute(sql`TRUNCATE TABLE audit_log RESTART IDENTITY`))).toMatch(/append-only: TRUNCATE refused/);
    // audit_log.staff_id references staff: emptying staff with CASCADE would empty the log.
    expect(await refusal(booted.db.execute(sql`TRUNCATE staff CASCADE`))).toMatch(/append-only: TRUNCATE refused/);
    expect(await count()).toBe(1);
  });

  it("the tests' reset still empties it, and leaves TRUNCATE refused afterwards", async () => {
    await recordAct(booted.db, { at: new Date(booted.clock.now()), staff: { id: null, name: "x" }, address: "test", act: "signIn", subject: "x" });
    await booted.reset();
    expect(await count()).toBe(0);
    await recordAct(booted.db, { at: new Date(booted.clock.now()), staff: { id: null, name: "x" }, address: "test", act: "signIn", subject: "x" });
    await expect(booted.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect(await count()).toBe(1);
  });
});
