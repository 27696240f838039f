import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS, retryDelayMs } from "../../src/http/retryAfter.ts";

describe("retryDelayMs (issue 22: the wait before the one retry of a 503)", () => {
  it("whole seconds are honoured up to the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (seconds) => {
        expect(retryDelayMs(String(seconds))).toBe(Math.min(seconds * 1_000, MAX_RETRY_DELAY_MS));
      }),
    );
  });

  it("any header at all gives a wait between 0 and the cap, which never exceeds 3 s", () => {
    expect(MAX_RETRY_DELAY_MS).toBeLessThanOrEqual(3_000);
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: null }), (header) => {
        const ms = retryDelayMs(header);
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
      }),
    );
  });

  it("no header, an HTTP date or a fraction waits the default", () => {
    for (const header of [null, "Wed, 21 Oct 2026 07:28:00 GMT", "1.5", "-2", ""]) expect(retryDelayMs(header)).toBe(DEFAULT_RETRY_DELAY_MS);
  });

  it("a caller's smaller cap wins", () => {
    expect(retryDelayMs("2", 500)).toBe(500);
  });
});
