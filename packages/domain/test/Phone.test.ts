import { describe, expect, it } from "vitest";
import { mask } from "../src/Phone.ts";

describe("Phone.mask (spec §2 /personal)", () => {
  it("an 11-digit phone keeps its first 3 and last 4 digits: 13800138000 -> 138****8000", () => {
    expect(mask("13800138000")).toBe("138****8000");
  });
  it("a number of 8 characters hides the one between the kept 3 and 4", () => {
    expect(mask("12345678")).toBe("123*5678");
  });
  it("a number too short to hide anything between the kept digits is hidden whole", () => {
    expect(mask("1234567")).toBe("*******");
    expect(mask("")).toBe("");
  });
});
