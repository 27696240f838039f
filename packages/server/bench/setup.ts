import { loadConfig, SandboxClock, startServer, type RunningServer } from "../src/index.ts";
import type { DatabaseHandle } from "../src/db/client.ts";
import { sessions, users } from "../src/db/schema.ts";
import { newSessionToken, sha256 } from "../src/security/tokens.ts";

/**
 * What every server benchmark starts from: the server brought up as `npm start` does (migrated
 * database, demo data), listening on a free port of 127.0.0.1, with signed-in, activated
 * customers who may pay (one unless asked for more: a customer holds at most 5 unpaid orders, so
 * a run that creates thousands spreads them over many customers). The background sweep is off:
 * the benchmarks measure requests alone.
 */
export interface BenchWorld {
  readonly server: RunningServer;
  readonly config: ReturnType<typeof loadConfig>;
  readonly database: DatabaseHandle;
  readonly clock: SandboxClock;
  readonly port: number;
  /** The first customer's bearer token. */
  readonly token: string;
  /** Every customer's bearer token. */
  readonly tokens: readonly string[];
}

export const benchWorld = async (databaseUrl = "memory://", customers = 1, env: Record<string, string> = {}): Promise<BenchWorld> => {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", UI_DIST_DIR: "/nonexistent", ...env });
  const clock = new SandboxClock();
  const server = await startServer({ config, clock, listen: { port: 0, host: "127.0.0.1" }, sweeper: false });
  const { database } = server;
  const now = new Date(clock.now());
  const rows = customers === 0 ? [] : await database.db
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
  if (rows.length > 0) {
    await database.db
      .insert(sessions)
      .values(rows.map((user, i) => ({ tokenHash: sha256(tokens[i]!), userId: user.id, expiresAt: new Date(clock.now() + 7 * 86_400_000), createdAt: now })));
  }
  const port = Number(new URL(server.url ?? "").port);
  return { server, config, database, clock, port, token: tokens[0] ?? "", tokens };
};
