import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The app's folders form layers (docs/app.md): `pages/` use `components/`, both use `stores/`
 * and `i18n/`, `app/` (the shell) uses all of them; none imports a folder that imports it back.
 * Issue 24 found `components/` importing the shell's store context and titles while the shell
 * imported `components/`: the context now lives with the stores and the titles with the texts.
 * This walks the relative imports of every file under src/ and names each folder cycle. A file
 * directly in src/ (main.tsx) is a node of its own.
 */

const SRC = resolve(import.meta.dirname, "../src");

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

const nodeOf = (file: string): string => {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? `${parts[0]}/` : (parts[0] ?? "");
};

const RELATIVE_IMPORT = /(?:\b(?:import|export)\s[^;]*?\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

const folderGraph = (): Map<string, Map<string, string>> => {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SRC)) {
    const from = nodeOf(file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
      const spec = match[1] ?? "";
      const to = nodeOf(resolve(dirname(file), spec));
      if (to !== from && !edges.has(to)) edges.set(to, `${relative(SRC, file)} imports ${spec}`);
    }
  }
  return graph;
};

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

describe("the app's folders", () => {
  it("import one another without a cycle", () => {
    expect(cyclesOf(folderGraph())).toEqual([]);
  });

  it("the stores and components never import the shell (app/), and the stores no screen", () => {
    const graph = folderGraph();
    expect([...(graph.get("components/")?.entries() ?? [])].filter(([to]) => to === "app/" || to === "pages/")).toEqual([]);
    expect([...(graph.get("stores/")?.entries() ?? [])].filter(([to]) => ["app/", "components/", "pages/"].includes(to))).toEqual([]);
  });
});
