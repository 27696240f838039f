import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staff } from "../../src/db/schema.ts";
import { scryptParams } from "../../src/security/passwords.ts";
import { SANDBOX_DESK_ADMIN, seedDeskAdminIfNone } from "../../src/seed/deskAdmin.ts";
import { bootApp, TEST_PASSWORD_HASH_COST, type BootedApp } from "../helpers/app.ts";
import { deskPost } from "./support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const seed = () => seedDeskAdminIfNone(booted.db, new Date(booted.clock.now()), scryptParams(TEST_PASSWORD_HASH_COST));

describe("the sandbox's desk admin (issue 26)", () => {
  it("a database without staff gets desk.admin with a one-time password that signs in", async () => {
    const password = await seed();
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const res = await deskPost(booted, "/api/desk/login", { name: SANDBOX_DESK_ADMIN, password });
    expect(res.json().data).toEqual({ name: "desk.admin", role: "admin", must_change_password: true });
  });

  it("a database with any staff gets none: a restart prints no new password", async () => {
    await seed();
    expect(await seed()).toBeUndefined();
    expect(await booted.db.select().from(staff)).toHaveLength(1);
  });
});
