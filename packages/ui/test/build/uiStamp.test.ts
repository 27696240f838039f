import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types, used by `npm start`
import { sourceStamp } from "../../../../scripts/uiStamp.mjs";

const stampOf = sourceStamp as (root: string) => string;

const tree = (files: Record<string, string>): string => {
  const root = mkdtempSync(join(tmpdir(), "stamp-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
};

const base = {
  "packages/ui/src/main.tsx": "a",
  "packages/domain/src/Pricing.ts": "b",
  "packages/adapters/src/http/HttpClient.ts": "c",
  "package-lock.json": "{}",
  "README.md": "docs",
};

describe("the UI build's source stamp (npm start rebuilds when it changes)", () => {
  it("is the same for the same sources", () => {
    expect(stampOf(tree(base))).toBe(stampOf(tree(base)));
  });

  it("changes when a UI source, an imported package's source or the lockfile changes", () => {
    const before = stampOf(tree(base));
    expect(stampOf(tree({ ...base, "packages/ui/src/main.tsx": "a2" }))).not.toBe(before);
    expect(stampOf(tree({ ...base, "packages/domain/src/Pricing.ts": "b2" }))).not.toBe(before);
    expect(stampOf(tree({ ...base, "packages/adapters/src/http/HttpClient.ts": "c2" }))).not.toBe(before);
    expect(stampOf(tree({ ...base, "package-lock.json": "{ }" }))).not.toBe(before);
  });

  it("changes when a source file is added or renamed", () => {
    const before = stampOf(tree(base));
    expect(stampOf(tree({ ...base, "packages/ui/src/extra.ts": "" }))).not.toBe(before);
  });

  it("ignores files the bundle is not made from", () => {
    expect(stampOf(tree({ ...base, "README.md": "other docs" }))).toBe(stampOf(tree(base)));
  });
});
