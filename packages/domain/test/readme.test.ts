import * as effect from "effect";
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as domain from "../src/index.ts";
import * as api from "../src/api/index.ts";
import * as testing from "../src/testing/index.ts";
// Vite reads the file as text (`?raw`): the domain's tests, like its sources, do without Node's APIs.
import README from "../README.md?raw";

/**
 * The README's examples run, so they cannot go stale: every ```ts snippet of packages/domain/README.md
 * is run against the package's sources, and each line ending in `// => value` must give that value.
 */

/** What the snippets may import, by module name: everything a snippet imports must be here. */
const MODULES: Record<string, Record<string, unknown>> = {
  effect,
  "fast-check": { default: fc },
  "@fuel/domain": domain,
  "@fuel/domain/api": api,
  "@fuel/domain/testing": testing,
};

interface Snippet {
  /** 1-based line of the README where the snippet's code starts. */
  readonly line: number;
  readonly code: string;
}

const snippets = (markdown: string): Snippet[] => {
  const found: Snippet[] = [];
  const fence = /^```ts\n([\s\S]*?)^```$/gm;
  for (let m = fence.exec(markdown); m !== null; m = fence.exec(markdown)) {
    found.push({ line: markdown.slice(0, m.index).split("\n").length + 1, code: m[1] ?? "" });
  }
  return found;
};

interface Claim {
  readonly line: number;
  readonly source: string;
  readonly actual: unknown;
  readonly expected: unknown;
}

const IMPORT = /^import\s+(?:(\w+)|\{([^}]*)\})\s+from\s+"([^"]+)";\s*$/;
const CLAIM = /^(.*?);?\s*\/\/ => (.+)$/;

/**
 * Rewrites a snippet into a script: its imports read from MODULES, each `expr; // => value` line
 * records the pair; then strips the types (TypeScript's own transpiler) and runs it.
 */
const run = (snippet: Snippet): Claim[] => {
  const lines = snippet.code.split("\n").map((text, i) => {
    const line = snippet.line + i;
    const imported = IMPORT.exec(text);
    if (imported !== null) {
      const [, defaultName, names, from] = imported;
      if (from === undefined || !(from in MODULES)) throw new Error(`README line ${line}: the test does not provide "${from}"`);
      if (defaultName !== undefined) return `const ${defaultName} = __modules[${JSON.stringify(from)}].default;`;
      const bindings = (names ?? "").split(",").map((n) => n.trim()).filter((n) => n !== "").map((n) => n.replace(/\s+as\s+/, ": "));
      return `const { ${bindings.join(", ")} } = __modules[${JSON.stringify(from)}];`;
    }
    const claim = CLAIM.exec(text);
    if (claim === null) return text;
    const [, expression, expected] = claim;
    return `__claim(${line}, ${JSON.stringify(text.trim())}, () => (${expression}), () => (${expected}));`;
  });
  const js = ts.transpileModule(lines.join("\n"), { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  const claims: Claim[] = [];
  const claimFn = (line: number, source: string, actual: () => unknown, expected: () => unknown) => claims.push({ line, source, actual: actual(), expected: expected() });
  new Function("__modules", "__claim", js)(MODULES, claimFn);
  return claims;
};

const all = snippets(README);

describe("packages/domain/README.md", () => {
  it("has its examples as ```ts snippets, each stating at least one value with `// =>`", () => {
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const s of all) expect(s.code, `the snippet at README line ${s.line}`).toMatch(/\/\/ => /);
  });

  it.each(all.map((s) => [s.line, s] as const))("the snippet at line %i runs and gives the value each `// =>` states", (_line, snippet) => {
    const claims = run(snippet);
    expect(claims.length).toBeGreaterThan(0);
    for (const c of claims) expect(c.actual, `README line ${c.line}: ${c.source}`).toEqual(c.expected);
  });
});
