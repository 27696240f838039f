import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server the `npm run test:pg` pass runs on, when TEST_DATABASE_URL names one. */
export const testDatabaseUrl = (): string | undefined => {
  const url = process.env["TEST_DATABASE_URL"]?.trim();
  return url === undefined || url === "" ? undefined : url;
};

export const adminQuery = async (adminUrl: string, statement: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
};

/** `adminUrl` with its database replaced by `name`. */
export const databaseUrlNamed = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A new `fuel_test_<random>` database on the PostgreSQL server `adminUrl` names, its URL, and how
 * to drop it: a copy of `template` when given, else empty (for a server process that migrates at
 * start).
 */
export const createFreshDatabase = async (adminUrl: string, template?: string): Promise<{ readonly url: string; drop(): Promise<void> }> => {
  const name = `fuel_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, template === undefined ? `CREATE DATABASE "${name}"` : `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return { url: databaseUrlNamed(adminUrl, name), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
};
