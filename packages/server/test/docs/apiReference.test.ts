import { readFileSync } from "node:fs";
import { Api } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { END_MARKER, renderApiReference, START_MARKER, withApiReference } from "../../src/docs/apiReference.ts";

describe("docs/api.md endpoint reference", () => {
  it("lists every endpoint of the contract exactly once", () => {
    const text = renderApiReference();
    for (const e of Object.values(Api)) {
      const heading = `### \`${e.method} ${e.path}\``;
      expect(text.split(heading).length - 1, heading).toBe(1);
    }
  });

  it("lists each endpoint's own refusals under it, with status and x-error-tag", () => {
    const text = renderApiReference();
    const section = text.slice(text.indexOf("### `POST /api/order/create`"), text.indexOf("### `POST /api/order/list`"));
    expect(section).toContain("- 409 `TooManyUnpaidOrders`: you have {max} unpaid orders: pay or cancel one first");
    expect(section).toContain("- 400 `AmountAboveLimit` (`AmountAboveLimit_oneKey`): cannot exceed 10000 yuan");
    // The generic ones of its access are listed once, above the endpoints.
    expect(section).not.toContain("`NotActivated`");
  });

  it("replaces only the generated part and keeps the hand-written text around it", () => {
    const doc = `# API\n\nintro\n\n${START_MARKER}\nold\n${END_MARKER}\n\nafter\n`;
    const updated = withApiReference(doc);
    expect(updated.startsWith("# API\n\nintro\n\n")).toBe(true);
    expect(updated.endsWith("\n\nafter\n")).toBe(true);
    expect(updated).not.toContain("\nold\n");
  });

  it("is current in docs/api.md (run `npm run docs:api -w @fuel/server` after changing the contract)", () => {
    const doc = readFileSync(new URL("../../../../docs/api.md", import.meta.url), "utf8");
    expect(withApiReference(doc)).toBe(doc);
  });
});
