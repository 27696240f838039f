import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../src/db/unavailable.ts";

/**
 * The classification never turns a bug or a bad request into a retryable 503: a PostgreSQL error
 * of any class but the unavailable ones, and any error whose message is arbitrary text, stay
 * unexpected (500 and a stack in the log) unless they say what unavailability says.
 */

/** SQLSTATE classes that say the statement, the data or the code is wrong. */
const STATEMENT_CLASSES = ["22", "23", "40", "42", "44", "P0", "XX", "0A", "21", "24", "26", "28", "2B", "34", "3D", "3F", "55", "72", "F0", "HV"];
const SQLSTATE_TAIL = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const sqlstate = fc
  .tuple(fc.constantFrom(...STATEMENT_CLASSES), fc.string({ unit: fc.constantFrom(...SQLSTATE_TAIL), minLength: 3, maxLength: 3 }))
  .map(([cls, tail]) => cls + tail);

/** Text that cannot contain the phrases of unavailability (letters and spaces only, none of their words' capitals). */
const plainText = fc.string({ unit: fc.constantFrom(..."abdfghijkmpqsuvwxyz _-.,:0123456789"), maxLength: 80 });

describe("isDatabaseUnavailable, for errors unrelated to the database's availability", () => {
  it("is false for a PostgreSQL error of a statement's class, whatever its message", () => {
    fc.assert(
      fc.property(sqlstate, plainText, (code, message) => {
        const err = new pg.DatabaseError(message, message.length, "error");
        err.code = code;
        expect(isDatabaseUnavailable(err)).toBe(false);
        expect(isDatabaseUnavailable(new Error("failed query", { cause: err }))).toBe(false);
      }),
    );
  });

  it("is false for any Error of arbitrary text with no code", () => {
    fc.assert(
      fc.property(plainText, (message) => {
        expect(isDatabaseUnavailable(new Error(message))).toBe(false);
        expect(isDatabaseUnavailable(new TypeError(message))).toBe(false);
      }),
    );
  });

  it("is false for a system error code that is not about a connection or a disk", () => {
    fc.assert(
      fc.property(fc.constantFrom("ENOENT", "EACCES", "EPERM", "EEXIST", "EISDIR", "EMFILE", "EINVAL", "ERR_INVALID_ARG_TYPE", "FST_ERR_VALIDATION"), plainText, (code, message) => {
        expect(isDatabaseUnavailable(Object.assign(new Error(message), { code }))).toBe(false);
      }),
    );
  });

  it("is false for values that are not errors", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)), (value) => {
        expect(isDatabaseUnavailable(value)).toBe(false);
      }),
    );
  });
});
