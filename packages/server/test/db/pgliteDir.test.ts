import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import { FolderLockedError, lockPathOf, readLockHolder } from "../../src/db/pglite/folderLock.ts";
import { migrate } from "../../src/db/migrate.ts";
import { cities } from "../../src/db/schema.ts";

// The default configuration: PGlite files in a folder, kept across restarts.
const dir = join(mkdtempSync(join(tmpdir(), "fuel-pglite-")), "data", "pglite");
afterAll(() => rmSync(join(dir, "..", ".."), { recursive: true, force: true }));

it("PGlite in a folder creates the folder, migrates, and keeps data across a reopen", async () => {
  const first = await openDatabase({ kind: "pglite-dir", dir }, { lockLabel: "the server" });
  expect(first.kind).toBe("pglite");
  await migrate(first);
  await first.db.insert(cities).values({ name: "东莞市", sort: 3 });
  // One process per folder (src/db/pglite/folderLock.ts): a second opener is refused while it is open...
  expect(readLockHolder(dir)).toMatchObject({ pid: process.pid, label: "the server" });
  await expect(openDatabase({ kind: "pglite-dir", dir })).rejects.toThrow(FolderLockedError);
  await first.close();
  await first.close(); // idempotent
  // ...and the lock is gone once it is closed.
  expect(existsSync(lockPathOf(dir))).toBe(false);

  const second = await openDatabase({ kind: "pglite-dir", dir });
  try {
    await migrate(second);
    expect(await second.db.select().from(cities)).toEqual([{ name: "东莞市", sort: 3 }]);
  } finally {
    await second.close();
  }
  // Two initdb-and-migrate runs on a real folder (no template): slow on a loaded machine.
}, 60_000);
