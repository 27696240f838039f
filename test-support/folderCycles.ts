import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * The folder graph of a package's `src/` and its cycles, for the tests that keep each package's
 * folders in layers (packages/server/test/importCycles.test.ts, packages/ui/test/importCycles.test.ts).
 * A folder may import the folders below it, never one that imports it back: a cycle means neither
 * can be understood, tested or moved without the other.
 */

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** `orders/` for src/orders/rows.ts, `config.ts` for src/config.ts (a file directly in src/ is a node of its own). */
const nodeOf = (root: string, file: string): string => {
  const parts = relative(root, file).split(sep);
  return parts.length > 1 ? `${parts[0]}/` : (parts[0] ?? "");
};

/** Static `import ... from`, `export ... from`, bare `import "..."` and `import("...")` of relative paths, type-only ones included. */
const RELATIVE_IMPORT = /(?:\b(?:import|export)\s[^;]*?\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

/** Folder -> folder edges under `root`, each with one file import that makes it (for the failure message). */
export const folderGraph = (root: string): Map<string, Map<string, string>> => {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(root)) {
    const from = nodeOf(root, file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
      const spec = match[1] ?? "";
      const to = nodeOf(root, resolve(dirname(file), spec));
      if (to !== from && !edges.has(to)) edges.set(to, `${relative(root, file)} imports ${spec}`);
    }
  }
  return graph;
};

/** Each cycle found by depth-first search, as the path of folders and the imports along it. */
export const cyclesOf = (graph: Map<string, Map<string, string>>): string[] => {
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
