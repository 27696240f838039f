import { loadConfig } from "../src/config.ts";
import { openDatabase, type DatabaseHandle } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { sessions, users } from "../src/db/schema.ts";
import { SandboxClock } from "../src/providers/clock/Sandbox.ts";
import { seedIfEmpty } from "../src/seed/seed.ts";
import { newSessionToken, sha256 } from "../src/security/tokens.ts";

/**
 * What every server benchmark starts from: a migrated database with the demo seed and signed-in,
 * activated customers who may pay (one unless asked for more: a customer holds at most 5 unpaid
 * orders, so a run that creates thousands spreads them over many customers).
 */
export interface BenchWorld {
  readonly config: ReturnType<typeof loadConfig>;
  readonly database: DatabaseHandle;
  readonly clock: SandboxClock;
  /** The first customer's bearer token. */
  readonly token: string;
  /** Every customer's bearer token. */
  readonly tokens: readonly string[];
}

export const benchWorld = async (databaseUrl = "memory://", customers = 1): Promise<BenchWorld> => {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", UI_DIST_DIR: "/nonexistent" });
  const database = await openDatabase(config);
  await migrate(database);
  const clock = new SandboxClock();
  const now = new Date(clock.now());
  await seedIfEmpty(database.db, now);
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: customers }, (_, i) => ({
        openid: `bench-openid-${i}`,
        oauthId: `bench-openid-${i}`,
        phone: `139${String(i).padStart(8, "0")}`,
        activatedAt: now,
        createdAt: now,
      })),
    )
    .returning({ id: users.id });
  const tokens = rows.map(() => newSessionToken());
  await database.db
    .insert(sessions)
    .values(rows.map((user, i) => ({ tokenHash: sha256(tokens[i]!), userId: user.id, expiresAt: new Date(clock.now() + 7 * 86_400_000), createdAt: now })));
  return { config, database, clock, token: tokens[0]!, tokens };
};
