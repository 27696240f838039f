import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cyclesOf, folderGraph } from "../../../test-support/folderCycles.ts";

/**
 * The app's folders form layers (docs/app.md): `pages/` use `components/`, both use `stores/`
 * and `i18n/`, `app/` (the shell) uses all of them; none imports a folder that imports it back.
 * Issue 24 found `components/` importing the shell's store context and titles while the shell
 * imported `components/`: the context now lives with the stores and the titles with the texts.
 * This walks the relative imports of every file under src/ and names each folder cycle. A file
 * directly in src/ (main.tsx) is a node of its own.
 */

const SRC = resolve(import.meta.dirname, "../src");

describe("the app's folders", () => {
  it("import one another without a cycle", () => {
    expect(cyclesOf(folderGraph(SRC))).toEqual([]);
  });

  it("the stores and components never import the shell (app/), and the stores no screen", () => {
    const graph = folderGraph(SRC);
    expect([...(graph.get("components/")?.entries() ?? [])].filter(([to]) => to === "app/" || to === "pages/")).toEqual([]);
    expect([...(graph.get("stores/")?.entries() ?? [])].filter(([to]) => ["app/", "components/", "pages/"].includes(to))).toEqual([]);
  });
});
