import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { cities } from "../../src/db/schema.ts";

// The default configuration: PGlite files in a folder, kept across restarts.
const dir = join(mkdtempSync(join(tmpdir(), "fuel-pglite-")), "data", "pglite");
afterAll(() => rmSync(join(dir, "..", ".."), { recursive: true, force: true }));

it("PGlite in a folder creates the folder, migrates, and keeps data across a reopen", async () => {
  const first = await openDatabase({ kind: "pglite-dir", dir });
  expect(first.kind).toBe("pglite");
  await migrate(first);
  await first.db.insert(cities).values({ name: "东莞市", sort: 3 });
  await first.close();
  await first.close(); // idempotent

  const second = await openDatabase({ kind: "pglite-dir", dir });
  try {
    await migrate(second);
    expect(await second.db.select().from(cities)).toEqual([{ name: "东莞市", sort: 3 }]);
  } finally {
    await second.close();
  }
});
