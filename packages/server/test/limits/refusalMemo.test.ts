import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RefusalMemo } from "../../src/limits/refusalMemo.ts";

describe("RefusalMemo (issue 22: refusals repeated without the database until they end)", () => {
  it("repeats a refusal until its end, and forgets it then", () => {
    const memo = new RefusalMemo();
    memo.remember("10.0.0.1", 60_000, 0);
    expect(memo.refusedUntil("10.0.0.1", 59_999)).toBe(60_000);
    expect(memo.refusedUntil("10.0.0.2", 0)).toBeUndefined();
    expect(memo.refusedUntil("10.0.0.1", 60_000)).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it("never holds more than its bound; a new refusal always fits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 100 })), { maxLength: 60 }), (max, events) => {
        const memo = new RefusalMemo(max);
        let now = 0;
        for (const [subject, advance, wait] of events) {
          now += advance;
          memo.remember(String(subject), now + wait, now);
          expect(memo.size).toBeLessThanOrEqual(max);
          expect(memo.refusedUntil(String(subject), now)).toBe(now + wait);
        }
      }),
    );
  });

  it("an end already past is not remembered", () => {
    const memo = new RefusalMemo();
    memo.remember("a", 10, 10);
    expect(memo.size).toBe(0);
  });
});
