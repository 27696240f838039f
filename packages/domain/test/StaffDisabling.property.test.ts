import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { ROLES, validateDisabling } from "../src/Staff.ts";

const id = fc.integer({ min: 1, max: 2_147_483_647 });
const role = fc.constantFrom(...ROLES);
const count = fc.integer({ min: 0, max: 50 });

const failureTag = (r: ReturnType<typeof validateDisabling>): string | undefined => (Result.isFailure(r) ? r.failure._tag : undefined);

describe("Staff.validateDisabling: who may be disabled (issue 26)", () => {
  it("nobody disables their own account, whatever their role and however many admins there are", () => {
    fc.assert(
      fc.property(id, role, count, (who, targetRole, enabledAdmins) => {
        expect(failureTag(validateDisabling({ byId: who, targetId: who, targetRole, enabledAdmins }))).toBe("StaffCannotDisableSelf");
      }),
    );
  });

  it("another admin may be disabled exactly when more than one admin is enabled, by staff or by the CLI", () => {
    fc.assert(
      fc.property(fc.option(id, { nil: null }), id, count, (byId, targetId, enabledAdmins) => {
        fc.pre(byId !== targetId);
        const r = validateDisabling({ byId, targetId, targetRole: "admin", enabledAdmins });
        if (enabledAdmins > 1) expect(Result.isSuccess(r)).toBe(true);
        else expect(failureTag(r)).toBe("StaffLastAdmin");
      }),
    );
  });

  it("a distributor or cashier may always be disabled by someone else, even with no admin enabled", () => {
    fc.assert(
      fc.property(fc.option(id, { nil: null }), id, fc.constantFrom("distributor" as const, "cashier" as const), count, (byId, targetId, targetRole, enabledAdmins) => {
        fc.pre(byId !== targetId);
        expect(Result.isSuccess(validateDisabling({ byId, targetId, targetRole, enabledAdmins }))).toBe(true);
      }),
    );
  });
});
