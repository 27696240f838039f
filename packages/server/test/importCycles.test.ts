import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cyclesOf, folderGraph } from "../../../test-support/folderCycles.ts";

/**
 * The server's folders form layers (docs/architecture.md): a folder may import the folders below
 * it, never one that imports it back. A cycle between folders means neither can be understood,
 * tested or moved without the other, so this walks the relative imports of every `.ts` file under
 * src/ and fails naming each cycle. A file directly in src/ (config.ts, app.ts) is a node of its own.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

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
