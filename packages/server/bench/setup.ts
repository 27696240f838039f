import { loadConfig } from "../src/config.ts";
import { openDatabase, type DatabaseHandle } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { sessions, users } from "../src/db/schema.ts";
import { SandboxClock } from "../src/providers/clock/Sandbox.ts";
import { seedIfEmpty } from "../src/seed/seed.ts";
import { newSessionToken, sha256 } from "../src/security/tokens.ts";

/** What every server benchmark starts from: a migrated database with the demo seed and one signed-in, activated customer who may pay. */
export interface BenchWorld {
  readonly config: ReturnType<typeof loadConfig>;
  readonly database: DatabaseHandle;
  readonly clock: SandboxClock;
  /** The customer's bearer token. */
  readonly token: string;
}

export const benchWorld = async (databaseUrl = "memory://"): Promise<BenchWorld> => {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", UI_DIST_DIR: "/nonexistent" });
  const database = await openDatabase(config);
  await migrate(database);
  const clock = new SandboxClock();
  const now = new Date(clock.now());
  await seedIfEmpty(database.db, now);
  const [user] = await database.db
    .insert(users)
    .values({ openid: "bench-openid", oauthId: "bench-openid", phone: "13900000000", activatedAt: now, createdAt: now })
    .returning({ id: users.id });
  const token = newSessionToken();
  await database.db.insert(sessions).values({ tokenHash: sha256(token), userId: user!.id, expiresAt: new Date(clock.now() + 7 * 86_400_000), createdAt: now });
  return { config, database, clock, token };
};
