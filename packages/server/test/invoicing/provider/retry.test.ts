import { describe, expect, it } from "vitest";
import { applyIdFor, MAX_ISSUE_ATTEMPTS, nextAttempt, parseApplyId } from "../../../src/invoicing/provider/retry.ts";

describe("retry rule examples", () => {
  it("5 attempts in all: the 4th failure is retried as attempt 5, the 5th gives up", () => {
    expect(MAX_ISSUE_ATTEMPTS).toBe(5);
    expect(nextAttempt(35, 4, { state: "failed", reason: "busy", retryable: true })).toEqual({ action: "retry", attempt: 5, applyId: "35-5" });
    expect(nextAttempt(35, 5, { state: "failed", reason: "busy", retryable: true })).toEqual({ action: "give-up", reason: "busy" });
  });

  it("the first retry of invoice 35 is 35-2", () => {
    expect(applyIdFor(35, 1)).toBe("35-1");
    expect(nextAttempt(35, 1, { state: "failed", reason: "x", retryable: true })).toMatchObject({ applyId: "35-2" });
  });

  it("refuses attempts outside 1..5 and ids that are not ours", () => {
    expect(() => applyIdFor(35, 0)).toThrow(RangeError);
    expect(() => applyIdFor(35, 6)).toThrow(RangeError);
    expect(() => applyIdFor(0, 1)).toThrow(RangeError);
    expect(() => nextAttempt(35, 6, { state: "issuing" })).toThrow(RangeError);
    for (const id of ["35", "35-0", "35-6", "035-1", "a-1", "35-1-1", ""]) expect(parseApplyId(id), id).toBeUndefined();
  });
});
