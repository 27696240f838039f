import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { adminQuery, databaseUrlNamed, testDatabaseUrl } from "./postgresAdmin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database each test file's database is copied from (`npm run test:pg`); "" on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global set-up for the PostgreSQL pass: migrates one `fuel_template_<random>` database
 * before any test file runs, so that each file copies it (`CREATE DATABASE ... TEMPLATE`, a file
 * copy on the server) instead of running every migration again: 106 files, two at a time, each
 * saved a migration. Dropped when the run ends. Without TEST_DATABASE_URL it does nothing.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = testDatabaseUrl();
  if (adminUrl === undefined) {
    project.provide("postgresTemplate", "");
    return undefined;
  }
  const name = `fuel_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const handle = await openDatabase({ kind: "postgres", url: databaseUrlNamed(adminUrl, name) });
  try {
    await migrate(handle);
  } finally {
    // A template cannot be copied while anyone is connected to it.
    await handle.close();
  }
  project.provide("postgresTemplate", name);
  return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
