import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The server's folders form layers (docs/architecture.md): a folder may import the folders below
 * it, never one that imports it back. A cycle between folders means neither can be understood,
 * tested or moved without the other, so this walks the relative imports of every `.ts` file under
 * src/ and fails naming each cycle. A file directly in src/ (config.ts, app.ts) is a node of its own.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );

/** `orders/` for src/orderRecords/rows.ts, `config.ts` for src/config.ts. */
const nodeOf = (file: string): string => {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? `${parts[0]}/` : (parts[0] ?? "");
};

/** Static `import ... from`, `export ... from`, bare `import "..."` and `import("...")` of relative paths, type-only ones included. */
const RELATIVE_IMPORT = /(?:\b(?:import|export)\s[^;]*?\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

/** Folder -> folder edges, each with one file import that makes it (for the failure message). */
const folderGraph = (root: string): Map<string, Map<string, string>> => {
  const graph = new Map<string, Map<string, string>>();
  for (const file of tsFiles(root)) {
    const from = nodeOf(file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
      const spec = match[1] ?? "";
      const to = nodeOf(resolve(dirname(file), spec));
      if (to !== from && !edges.has(to)) edges.set(to, `${relative(root, file)} imports ${spec}`);
    }
  }
  return graph;
};

/** Each cycle found by depth-first search, as the path of folders and the imports along it. */
const cyclesOf = (graph: Map<string, Map<string, string>>): string[] => {
  const done = new Set<string>();
  const cycles: string[] = [];
  const visit = (node: string, path: string[]): void => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const loop = [...path.slice(at), node];
      cycles.push(loop.slice(1).map((to, i) => graph.get(loop[i] ?? "")?.get(to) ?? "").join("\n  -> "));
      return;
    }
    if (done.has(node)) return;
    for (const next of graph.get(node)?.keys() ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
};

describe("server folder layering", () => {
  it("no import cycle between folders of src", () => {
    expect(cyclesOf(folderGraph(SRC))).toEqual([]);
  });

  it("the walk finds a cycle when there is one", () => {
    const graph = new Map([
      ["orders/", new Map([["payments/", "orders/a.ts imports ../payments/b.ts"]])],
      ["payments/", new Map([["orders/", "payments/b.ts imports ../orders/a.ts"]])],
    ]);
    expect(cyclesOf(graph)).toEqual(["orders/a.ts imports ../payments/b.ts\n  -> payments/b.ts imports ../orders/a.ts"]);
  });
});
