import { Staff } from "@fuel/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireStaff } from "../../src/desk/session.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { deskGet, deskPost, signedInStaff, tagOf } from "./support.ts";

/**
 * Roles x actions through the real preHandler and the real session: one probe route per action,
 * added before the first request, each answering who got through.
 */
let booted: BootedApp;
const cookies = new Map<Staff.Role, string>();

beforeAll(async () => {
  booted = await bootApp();
  for (const action of Staff.ACTIONS) {
    booted.app.post(`/api/desk/probe/${action}`, { preHandler: requireStaff(action) }, async (request) => ({ status: "success", message: "ok", data: request.staff?.name ?? null }));
  }
  for (const role of Staff.ROLES) cookies.set(role, (await signedInStaff(booted, `probe.${role}`, role)).cookie);
});
afterAll(async () => booted.close());

describe("requireStaff: roles x actions (issue 26)", () => {
  for (const role of Staff.ROLES) {
    it(`a ${role} gets through exactly where Staff.may says, else 403 StaffActionForbidden`, async () => {
      for (const action of Staff.ACTIONS) {
        const res = await deskPost(booted, `/api/desk/probe/${action}`, {}, { cookie: cookies.get(role) ?? "" });
        if (Staff.may(role, action)) {
          expect(res.statusCode, action).toBe(200);
          expect(res.json().data).toBe(`probe.${role}`);
        } else {
          expect(res.statusCode, action).toBe(403);
          expect(tagOf(res)).toBe("StaffActionForbidden");
        }
      }
    });
  }

  it("without a session every action answers 401", async () => {
    for (const action of Staff.ACTIONS) {
      const res = await deskPost(booted, `/api/desk/probe/${action}`, {});
      expect(res.statusCode, action).toBe(401);
    }
  });

  it("a forged or malformed cookie is no session", async () => {
    for (const cookie of ["fuel_desk=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "fuel_desk=", "fuel_desk=../../etc", "other=1"]) {
      expect((await deskGet(booted, "/api/desk/me", { cookie })).statusCode, cookie).toBe(401);
    }
  });
});
