import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, startServer } from "../src/index.ts";
import { openDatabase } from "../src/db/client.ts";
import { testConfig } from "./helpers/app.ts";
import { openTestDatabase } from "./helpers/database.ts";

/** `startServer`, the one boot shared by main.ts, the benchmarks and the tests (src/server.ts). */

/** Booting a fresh PGlite and migrating it takes seconds alone, and tens of seconds on a loaded 2-core machine. */
const BOOT_TIMEOUT_MS = 90_000;

const dir = mkdtempSync(join(tmpdir(), "fuel-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("startServer", () => {
  it("on a database it was given: serves in-process, loads no demo data, and close() leaves that database open", async () => {
    const database = await openTestDatabase();
    try {
      const server = await startServer({ config: testConfig(), database: database.handle, listen: false });
      expect(server.url).toBeUndefined();
      expect((await server.app.inject({ method: "GET", url: "/api/version" })).statusCode).toBe(200);
      expect((await server.app.inject({ method: "GET", url: "/api/station/citylist" })).json()).toMatchObject({ data: [] });
      await server.close();
      expect((await database.handle.db.execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  }, BOOT_TIMEOUT_MS);

  it("on its own sandbox database: migrates it, loads the demo data, listens on the port given, and close() closes the database", async () => {
    const lines: string[] = [];
    const config = loadConfig({ DATABASE_URL: "memory://", LOG_LEVEL: "silent", UI_DIST_DIR: join(dir, "no-ui") });
    const server = await startServer({ config, listen: { port: 0, host: "127.0.0.1" }, report: (line) => lines.push(line) });
    const url = server.url ?? "";
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const cities = (await (await fetch(`${url}api/station/citylist`)).json()) as { data: unknown[] };
      expect(cities.data.length).toBeGreaterThan(0);
      expect(lines[0]).toMatch(/^loaded the demo catalogue/);
      // Issue 26: a desk admin beside the invite codes.
      expect(lines.some((l) => /sign in as desk\.admin with the one-time password [A-Za-z0-9]{16}$/.test(l))).toBe(true);
    } finally {
      await server.close();
    }
    await expect(server.database.db.execute(sql`SELECT 1`)).rejects.toThrow();
    await expect(fetch(`${url}api/version`)).rejects.toThrow();
  }, BOOT_TIMEOUT_MS);

  it("when a step fails (the port is taken), stops what it started, releasing the PGlite folder, and rethrows", async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as { port: number }).port;
    const folder = join(dir, "pglite");
    try {
      const config = loadConfig({ DATABASE_URL: `file:${folder}`, LOG_LEVEL: "silent", UI_DIST_DIR: join(dir, "no-ui") });
      await expect(startServer({ config, listen: { port, host: "127.0.0.1" } })).rejects.toThrow(/EADDRINUSE/);
      // The folder is free again: a second process could open it.
      const again = await openDatabase(config);
      await again.close();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, BOOT_TIMEOUT_MS);
});
