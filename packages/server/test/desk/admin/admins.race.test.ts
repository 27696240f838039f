import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, staff } from "../../../src/db/schema.ts";
import { bootApp, type BootedApp } from "../../helpers/app.ts";
import { deskPost, signedInStaff, tagOf } from "../support.ts";

/**
 * The last enabled admin under real concurrency (issue 26; PostgreSQL only: PGlite runs one
 * transaction at a time). Two admins disabling each other at once must leave one enabled.
 */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
  expect(booted.database.kind).toBe("postgres");
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

describe("two admins disabling each other at once", () => {
  it("exactly one succeeds, the other is refused StaffLastAdmin, one enabled admin and one audit row remain", async () => {
    for (let round = 0; round < 10; round++) {
      await booted.reset();
      const a = await signedInStaff(booted, "admin.a", "admin");
      const b = await signedInStaff(booted, "admin.b", "admin");
      const [byA, byB] = await Promise.all([
        deskPost(booted, "/api/desk/staff/disable", { name: "admin.b" }, { cookie: a.cookie }),
        deskPost(booted, "/api/desk/staff/disable", { name: "admin.a" }, { cookie: b.cookie }),
      ]);
      const outcomes = [byA, byB].map((r) => (r.statusCode === 200 ? "ok" : `${r.statusCode} ${tagOf(r) ?? r.body}`));
      expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
      // The loser is refused as the last admin or, when the winner's commit ended its session first, signed out.
      expect(["409 StaffLastAdmin", "401 StaffSignInRequired"]).toContain(outcomes.find((o) => o !== "ok"));
      const enabled = await booted.db.select({ name: staff.name }).from(staff).where(isNull(staff.disabledAt));
      expect(enabled).toHaveLength(1);
      expect(await booted.db.select().from(auditLog).where(eq(auditLog.act, "staffDisabled"))).toHaveLength(1);
    }
  });
});
