import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  ACTIONS,
  AUDIT_ACTS,
  isAuditAct,
  isRole,
  may,
  mayRedeemAt,
  ONE_TIME_PASSWORD_ALPHABET,
  ONE_TIME_PASSWORD_LENGTH,
  ROLES,
  sessionAlive,
  STAFF_IDLE_MS,
  STAFF_PASSWORD_MIN_LENGTH,
  validateNewStaffPassword,
  oldPasswordRequired,
  validateStaffName,
  type Role,
} from "../src/Staff.ts";

const action = fc.constantFrom(...ACTIONS);
const stationId = fc.integer({ min: 1, max: 2_147_483_647 });
const stations = fc.uniqueArray(stationId, { maxLength: 5 });

describe("Staff.may (issue 26: roles x actions)", () => {
  it("an admin may do every action", () => {
    fc.assert(fc.property(action, (a) => {
      expect(may("admin", a)).toBe(true);
    }));
  });

  it("a distributor may settle and read its queue, and nothing else", () => {
    fc.assert(fc.property(action, (a) => {
      expect(may("distributor", a)).toBe(a === "settle" || a === "readQueue");
    }));
  });

  it("a cashier may redeem, look a code up and work their stations' invoice requests (issue 35), and nothing else", () => {
    fc.assert(fc.property(action, (a) => {
      expect(may("cashier", a)).toBe(a === "redeem" || a === "lookup" || a === "workInvoices");
    }));
  });

  it("exactly the three roles are roles", () => {
    expect(ROLES.filter(isRole)).toEqual(["admin", "distributor", "cashier"]);
  });

  it("anything that is not a role may do nothing, whatever the text", () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "toString", "Admin", "")), action, (r, a) => {
      fc.pre(!isRole(r));
      expect(may(r as Role, a)).toBe(false);
    }));
  });
});

describe("Staff.mayRedeemAt", () => {
  it("an admin may redeem at any station, with or without stations of their own", () => {
    fc.assert(fc.property(stations, stationId, (own, s) => {
      expect(mayRedeemAt({ role: "admin", stations: own }, s)).toBe(true);
    }));
  });

  it("a cashier may redeem exactly at their own stations", () => {
    fc.assert(fc.property(stations, stationId, (own, s) => {
      expect(mayRedeemAt({ role: "cashier", stations: own }, s)).toBe(own.includes(s));
    }));
  });

  it("a distributor redeems nowhere, even at a station listed for them", () => {
    fc.assert(fc.property(stations, stationId, (own, s) => {
      expect(mayRedeemAt({ role: "distributor", stations: [...own, s] }, s)).toBe(false);
    }));
  });
});

describe("Staff.sessionAlive", () => {
  const instant = fc.integer({ min: 0, max: 4_000_000_000_000 });

  it("alive for less than 30 idle minutes, ended from 30 minutes on", () => {
    fc.assert(fc.property(instant, fc.integer({ min: 0, max: 10 * STAFF_IDLE_MS }), (seen, idle) => {
      expect(sessionAlive(seen, seen + idle)).toBe(idle < STAFF_IDLE_MS);
    }));
  });

  it("the boundary: one millisecond before 30 minutes alive, at 30 minutes ended", () => {
    expect(sessionAlive(0, STAFF_IDLE_MS - 1)).toBe(true);
    expect(sessionAlive(0, STAFF_IDLE_MS)).toBe(false);
  });

  it("a clock that went back keeps the session alive", () => {
    fc.assert(fc.property(instant, fc.integer({ min: 1, max: STAFF_IDLE_MS }), (seen, back) => {
      expect(sessionAlive(seen, seen - back)).toBe(true);
    }));
  });
});

describe("Staff.validateStaffName", () => {
  const valid = fc.stringMatching(/^[A-Za-z0-9._-]{2,32}$/);

  it("accepts 2 to 32 of A-Z a-z 0-9 . _ - as typed", () => {
    fc.assert(fc.property(valid, (n) => {
      expect(Result.getOrThrow(validateStaffName(n))).toBe(n);
    }));
  });

  it("refuses a name too short or too long", () => {
    fc.assert(fc.property(fc.oneof(fc.stringMatching(/^[A-Za-z0-9._-]{0,1}$/), fc.stringMatching(/^[A-Za-z0-9._-]{33,60}$/)), (n) => {
      expect(Result.isFailure(validateStaffName(n))).toBe(true);
    }));
  });

  it("refuses any other character anywhere (spaces, Chinese, quotes, control characters)", () => {
    const other = fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/^[A-Za-z0-9._-]$/.test(c));
    fc.assert(fc.property(valid, other, fc.nat(), (n, c, at) => {
      const i = at % (n.length + 1);
      const bad = `${n.slice(0, i)}${c}${n.slice(i)}`.slice(0, 32);
      fc.pre(bad.includes(c));
      const failure = validateStaffName(bad);
      expect(Result.isFailure(failure)).toBe(true);
      if (Result.isFailure(failure)) expect(failure.failure._tag).toBe("StaffNameInvalid");
    }));
  });
});

describe("Staff.validateNewStaffPassword", () => {
  const name = fc.stringMatching(/^[A-Za-z0-9._-]{2,32}$/);
  const strong = fc.string({ minLength: STAFF_PASSWORD_MIN_LENGTH, maxLength: 64 });

  it("accepts a password of at least 10 characters that is neither the old one nor the name", () => {
    fc.assert(fc.property(name, fc.string({ minLength: 1, maxLength: 20 }), strong, (n, old, pw) => {
      fc.pre(pw !== old && pw.toLowerCase() !== n.toLowerCase());
      expect(Result.getOrThrow(validateNewStaffPassword({ name: n, oldPassword: old, newPassword: pw }))).toBe(pw);
    }));
  });

  it("refuses fewer than 10 characters, whatever else", () => {
    fc.assert(fc.property(name, fc.string({ minLength: 1 }), fc.string({ maxLength: STAFF_PASSWORD_MIN_LENGTH - 1 }), (n, old, pw) => {
      const r = validateNewStaffPassword({ name: n, oldPassword: old, newPassword: pw });
      expect(Result.isFailure(r) && r.failure._tag).toBe("StaffPasswordTooShort");
    }));
  });

  it("refuses the old password again", () => {
    fc.assert(fc.property(name, strong, (n, pw) => {
      const r = validateNewStaffPassword({ name: n, oldPassword: pw, newPassword: pw });
      expect(Result.isFailure(r) && r.failure._tag).toBe("StaffPasswordUnchanged");
    }));
  });

  it("refuses the staff name as password, in any case", () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9._-]{10,32}$/), fc.boolean(), (n, upper) => {
      const pw = upper ? n.toUpperCase() : n.toLowerCase();
      const r = validateNewStaffPassword({ name: n, oldPassword: "one-time-password", newPassword: pw });
      fc.pre(pw !== "one-time-password");
      expect(Result.isFailure(r) && r.failure._tag).toBe("StaffPasswordIsName");
    }));
  });
});

describe("Staff.oldPasswordRequired (issue 34)", () => {
  const name = fc.stringMatching(/^[A-Za-z0-9._-]{2,32}$/);
  const strong = fc.string({ minLength: STAFF_PASSWORD_MIN_LENGTH, maxLength: 64 });

  it("the current password is needed for every change but the one forced after a one-time password", () => {
    expect(oldPasswordRequired(false)).toBe(true);
    expect(oldPasswordRequired(true)).toBe(false);
  });

  it("property: left out or empty, it is refused unless the change is forced; forced, any good new password passes without it", () => {
    fc.assert(fc.property(name, strong, fc.constantFrom(undefined, ""), fc.boolean(), (n, pw, old, forced) => {
      fc.pre(pw.toLowerCase() !== n.toLowerCase());
      const r = validateNewStaffPassword({ name: n, newPassword: pw, mustChangePassword: forced, ...(old === undefined ? {} : { oldPassword: old }) });
      if (forced) expect(Result.getOrThrow(r)).toBe(pw);
      else expect(Result.isFailure(r) && r.failure._tag).toBe("StaffOldPasswordRequired");
    }));
  });

  it("property: given, the old password is held to the rule whether the change is forced or not", () => {
    fc.assert(fc.property(name, strong, fc.boolean(), (n, pw, forced) => {
      const r = validateNewStaffPassword({ name: n, oldPassword: pw, newPassword: pw, mustChangePassword: forced });
      expect(Result.isFailure(r) && r.failure._tag).toBe("StaffPasswordUnchanged");
    }));
  });
});

describe("Staff constants", () => {
  it("a one-time password itself passes the length rule, and its alphabet has no look-alikes", () => {
    expect(ONE_TIME_PASSWORD_LENGTH).toBeGreaterThanOrEqual(STAFF_PASSWORD_MIN_LENGTH);
    for (const c of "0O1lI") expect(ONE_TIME_PASSWORD_ALPHABET).not.toContain(c);
    expect(new Set(ONE_TIME_PASSWORD_ALPHABET).size).toBe(ONE_TIME_PASSWORD_ALPHABET.length);
  });

  it("every audit act is recognised, and no other text", () => {
    for (const a of AUDIT_ACTS) expect(isAuditAct(a)).toBe(true);
    fc.assert(fc.property(fc.string(), (s) => {
      expect(isAuditAct(s)).toBe((AUDIT_ACTS as ReadonlyArray<string>).includes(s));
    }));
  });
});
