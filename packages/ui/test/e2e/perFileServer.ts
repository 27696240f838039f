import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, inject } from "vitest";
import { startServer, type RunningServer } from "../../bench/server.ts";
import { copyDatabaseTemplate, E2E_SERVER_ENV, removeDatabaseCopy } from "./databaseTemplate.ts";
import { serverStarted } from "./serverAddress.ts";

const repoDir = fileURLToPath(new URL("../../../..", import.meta.url));

/**
 * Setup file of the browser tests: this test file's own server (its own copy of the seeded PGlite
 * folder, sandbox, demo data) on the one build. The sandbox clock, the rate limits (SMS per network, orders per
 * customer) and the demo card owners' orders are the server's state, and one file's use of them
 * must not decide whether another file passes; with nothing shared, two files run at once.
 */
let running: RunningServer | undefined;
let database: string | undefined;

beforeAll(async () => {
  // This file's own copy of the seeded database globalSetup made (databaseTemplate.ts).
  const template = inject("databaseTemplate");
  database = copyDatabaseTemplate(template);
  running = await startServer(repoDir, "0", inject("distDir"), { ...E2E_SERVER_ENV, DATABASE_URL: `file:${database}` });
  serverStarted(running.baseUrl, template.deskAdminPassword);
}, 120_000);

afterAll(async () => {
  await running?.stop();
  if (database !== undefined) removeDatabaseCopy(database);
});
