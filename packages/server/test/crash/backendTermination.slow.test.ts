import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { api, newAgent } from "../../bench/write/http.ts";
import { dieselStation, sandboxPlatform } from "../../bench/write/sandboxServer.ts";
import { createFreshDatabase, testDatabaseUrl } from "../helpers/database.ts";
import { customersFor, newLedger, runLoad, startServerProcess, statusCounts, violations, type ServerProcess } from "./underLoad.ts";

/**
 * Issue 22 item 1: one terminated database connection used to end the whole server (a client a
 * request held had no 'error' listener: `Unhandled 'error' event ... 57P01`). Here the real server
 * process (WORKERS=1, nothing restarts it) runs on a fresh PostgreSQL database under create-and-pay
 * load while every backend of that database is terminated {@link TERMINATIONS} times, a few tens
 * of ms apart. Then: the process is alive and answers /api/version and /api/ready, no answer was
 * a 500 (503s are allowed and counted), and every acknowledged order and payment is in the
 * database, whole (./underLoad.ts).
 */

const TERMINATIONS = 100;
const SPACING_MS = 40;
const CONCURRENCY = 8;
/**
 * Each makes at most 8 orders, a creation answered 503 included (./underLoad.ts). Once the server
 * recovers a client fast (the pool drops a dead client at once), a 503 comes back in milliseconds
 * and 32 customers were all used up before the terminations ended: nobody was left to show the
 * load going on afterwards. Each sign-up costs 7 requests.
 */
const CUSTOMERS = 64;
/** A lane's pause after a 503, as a client honouring retry-after would (in short): a real load, not a spin. */
const PAUSE_AFTER_503_MS = 50;

const scratch = mkdtempSync(join(tmpdir(), "fuel-terminate-"));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const adminUrl = testDatabaseUrl();

describe("terminated PostgreSQL backends", () => {
  // Only where a PostgreSQL server is named (npm run test:pg, CI): registered or not at all.
  if (adminUrl === undefined) return;

  it(`${TERMINATIONS} pg_terminate_backend under create-and-pay load: the process lives, no 500, every acknowledged order and payment whole`, async () => {
    const started = Date.now();
    const database = await createFreshDatabase(adminUrl);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const agent = newAgent();
    const server = startServerProcess(database.url, scratch);
    servers.push(server);
    try {
      await server.serving;
      const target = await server.target;
      const phases = [`serving after ${Date.now() - started} ms`];
      const customers = await customersFor(agent, target, CUSTOMERS);
      const station = await dieselStation(agent, target);
      const platform = await sandboxPlatform(target);
      phases.push(`customers after ${Date.now() - started} ms`);
      const ledger = newLedger();
      const load = runLoad(agent, target, station, platform, customers, CONCURRENCY, ledger, PAUSE_AFTER_503_MS);
      await sleep(300);

      const datname = new URL(database.url).pathname.slice(1);
      let terminated = 0;
      for (let i = 0; i < TERMINATIONS && server.alive(); i++) {
        const { rows } = await admin.query<{ n: number }>(
          "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [datname],
        );
        terminated += rows[0]!.n;
        await sleep(SPACING_MS);
      }
      phases.push(`terminations done after ${Date.now() - started} ms`);
      // The load goes on a moment without terminations: the server serves normally again.
      const before = ledger.created.size + ledger.paid.size;
      await sleep(1_500);
      const after = ledger.created.size + ledger.paid.size;
      await load.stop();

      expect(server.alive(), server.output().slice(-3_000)).toBe(true);
      const version = await api<{ version: string }>(agent, target, "/api/version");
      expect(version.version).toMatch(/^v/);
      // Ready again: the back-off probe or this very check finds the database.
      let ready = false;
      for (let i = 0; i < 20 && !ready; i++) {
        ready = (await fetch(`http://${target.host}:${target.port}/api/ready`)).status === 200;
        if (!ready) await sleep(250);
      }
      expect(ready).toBe(true);

      await server.stop();
      const found = await violations(database.url, ledger);
      console.log(
        `${TERMINATIONS} terminations (${terminated} backends); answers ${statusCounts(ledger)}; ${ledger.created.size} orders and ${ledger.paid.size} payments acknowledged; ` +
          `the database holds ${found.orders} orders and ${found.payments} payments; ${phases.join(", ")}, ${Date.now() - started} ms in all`,
      );
      expect(ledger.unexpected).toEqual([]);
      expect(ledger.statuses.get(500) ?? 0).toBe(0);
      expect(found.problems).toEqual([]);
      // The load was real, and went on once the terminations stopped.
      expect(ledger.paid.size).toBeGreaterThan(0);
      expect(after).toBeGreaterThan(before);
      expect(terminated).toBeGreaterThan(TERMINATIONS);
    } finally {
      agent.destroy();
      await server.stop();
      await admin.end();
      await database.drop();
    }
  }, 60_000);
});
