import autocannon, { type Result } from "autocannon";
import Fastify from "fastify";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { sessions, users } from "../src/db/schema.ts";
import { SandboxClock } from "../src/providers/clock/Sandbox.ts";
import { seedIfEmpty } from "../src/seed/seed.ts";
import { newSessionToken, sha256 } from "../src/security/tokens.ts";

/**
 * `npm run bench -w @fuel/server`: the read mix of issue 3 against the whole app on in-memory
 * PGlite, and a hello-world Fastify on the same machine in the same run as the ceiling.
 * Prints requests/s and latency percentiles; the figures go to docs/performance.md.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 20) tune the run.
 */

const seconds = Number(process.env["BENCH_SECONDS"] ?? 10);
const connections = Number(process.env["BENCH_CONNECTIONS"] ?? 20);

const report = (name: string, r: Result): void => {
  console.log(
    `${name.padEnd(34)} ${Math.round(r.requests.average).toString().padStart(7)} req/s   p50 ${r.latency.p50} ms   p90 ${r.latency.p90} ms   p99 ${r.latency.p99} ms   max ${r.latency.max} ms   errors ${r.errors}   non-2xx ${r.non2xx}   timeouts ${r.timeouts}`,
  );
};

const ceiling = async (): Promise<Result> => {
  const app = Fastify({ logger: false });
  app.get("/hello", async () => ({ status: "success", message: "success", data: { hello: "world" } }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  try {
    return await autocannon({ url: `http://127.0.0.1:${port}/hello`, connections, duration: seconds });
  } finally {
    await app.close();
  }
};

const readMix = async (): Promise<Result> => {
  const config = loadConfig({ DATABASE_URL: "memory://", LOG_LEVEL: "silent", UI_DIST_DIR: "/nonexistent" });
  const database = await openDatabase(config);
  await migrate(database);
  const clock = new SandboxClock();
  const now = new Date(clock.now());
  await seedIfEmpty(database.db, now);
  const [user] = await database.db
    .insert(users)
    .values({ openid: "bench-openid", phone: "13900000000", activatedAt: now, createdAt: now })
    .returning({ id: users.id });
  const token = newSessionToken();
  await database.db.insert(sessions).values({ tokenHash: sha256(token), userId: user!.id, expiresAt: new Date(clock.now() + 7 * 86_400_000), createdAt: now });

  const app = await buildApp({ config, db: database.db, clock });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  const json = { "content-type": "application/json" };
  try {
    // Warm up (JIT, PGlite caches) before measuring.
    await autocannon({ url: `http://127.0.0.1:${port}`, connections, duration: 2, requests: [{ method: "GET", path: "/api/webinfo/read" }] });
    return await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      requests: [
        { method: "GET", path: "/api/webinfo/read" },
        { method: "GET", path: "/api/station/citylist" },
        { method: "POST", path: "/api/station/current_city_list", headers: json, body: JSON.stringify({ city: "深圳市" }) },
        { method: "GET", path: "/api/user/info", headers: { authorization: `Bearer ${token}` } },
      ],
    });
  } finally {
    await app.close();
    await database.close();
  }
};

console.log(`node ${process.version}, ${connections} connections, ${seconds} s per run`);
report("hello-world Fastify (ceiling)", await ceiling());
const mix = await readMix();
report("read mix (webinfo, cities, stations, user/info)", mix);
const pass = mix.requests.average >= 3000 && mix.latency.p99 <= 20 && mix.errors === 0 && mix.non2xx === 0;
console.log(`target >= 3000 req/s, p99 <= 20 ms, 0 errors: ${pass ? "met" : "NOT met"}`);
