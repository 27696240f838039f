import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import type { Customer } from "../../bench/write/customers.ts";
import { api, newAgent, type Target } from "../../bench/write/http.ts";
import { dieselStation, sandboxPlatform } from "../../bench/write/sandboxServer.ts";
import { createFreshDatabase, testDatabaseUrl } from "../helpers/database.ts";
import { customersFor, newLedger, runLoad, startServerProcess, statusCounts, violations, type ServerProcess } from "./underLoad.ts";

/**
 * Issue 22 item 1, PostgreSQL not there: the real server process (WORKERS=1) reaches its database
 * through a TCP proxy this test controls, so PostgreSQL can be 'down' without touching the
 * machine's real server (others use it). The proxy accepts and at once closes connections while
 * 'down', and forwards them to PostgreSQL while 'up'; `drop` also cuts every forwarded connection,
 * as a restart or a failover does.
 *
 * - Started while PostgreSQL is down: the process does not exit, /api/version answers 200 and
 *   /api/ready 503 (retry-after, tag DatabaseUnavailable) while it waits with back-off; once the
 *   proxy forwards, it migrates, becomes ready and serves an order.
 * - PostgreSQL goes away for 2 s under create-and-pay load: 503s meanwhile and never a 500, the
 *   process lives, readiness says 503 then 200 again, answers are 2xx again, with no restart; every
 *   acknowledged order and payment is whole.
 */

const OUTAGE_MS = 2_000;

/** A TCP proxy to PostgreSQL that can refuse, forward, and cut what it forwards. */
class DatabaseProxy {
  readonly #server: Server;
  readonly #open = new Set<Socket>();
  up = false;
  constructor(private readonly to: { readonly host: string; readonly port: number }) {
    this.#server = createServer((client) => {
      if (!this.up) {
        client.destroy();
        return;
      }
      const upstream = createConnection(this.to);
      this.#open.add(client).add(upstream);
      const close = (): void => {
        client.destroy();
        upstream.destroy();
        this.#open.delete(client);
        this.#open.delete(upstream);
      };
      client.on("error", close).on("close", close);
      upstream.on("error", close).on("close", close);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    return (this.#server.address() as { port: number }).port;
  }
  /** Refuse new connections and cut every forwarded one. */
  drop(): void {
    this.up = false;
    for (const socket of this.#open) socket.destroy();
    this.#open.clear();
  }
  async close(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

const scratch = mkdtempSync(join(tmpdir(), "fuel-outage-"));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
});

const adminUrl = testDatabaseUrl();

const get = async (target: Target, path: string): Promise<{ status: number; headers: Headers; body: { message?: string } }> => {
  const res = await fetch(`http://${target.host}:${target.port}${path}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message?: string } };
};

describe("PostgreSQL down at start, and going away while the server runs (through a TCP proxy)", () => {
  // Only where a PostgreSQL server is named (npm run test:pg, CI): registered or not at all.
  if (adminUrl === undefined) return;

  let server: ServerProcess;
  let proxy: DatabaseProxy;
  let databaseUrl: string;
  let target: Target;
  /** Signed up once (a phone's SMS code cannot be asked again within a minute): the last for the first order, the others for the load. */
  let customers: Customer[] = [];

  it("a server started before PostgreSQL accepts connections waits for it: readiness 503 and liveness 200 meanwhile, then ready, serving an order", async () => {
    const database = await createFreshDatabase(adminUrl);
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
    const real = new URL(database.url);
    proxy = new DatabaseProxy({ host: real.hostname, port: Number(real.port || 5432) });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(await proxy.listen());

    server = startServerProcess(viaProxy.toString(), scratch);
    cleanups.push(() => server.stop());
    target = await server.target;

    // Several back-off rounds go by: the process waits, it does not exit.
    await sleep(1_500);
    expect(server.alive(), server.output()).toBe(true);
    const notReady = await get(target, "/api/ready");
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get("x-error-tag")).toBe("DatabaseUnavailable");
    expect(Number(notReady.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await get(target, "/api/version")).status).toBe(200);
    // Anything needing the database says so, retryably, before the tables even exist.
    expect((await get(target, "/api/station/citylist")).status).toBe(503);
    // Logged once when the state changed, not once per probe or request.
    expect(server.output().match(/database unreachable/g)?.length ?? 0).toBe(1);

    proxy.up = true;
    await server.serving;
    expect((await get(target, "/api/ready")).status).toBe(200);
    const agent = newAgent();
    try {
      customers = await customersFor(agent, target, 33);
      const customer = customers.pop();
      const station = await dieselStation(agent, target);
      const answer = await api<{ merchOrderNo: string }>(agent, target, "/api/order/create", {
        token: customer!.token,
        body: { gas_Type: "0#", order_amount: "10000", phone: customer!.phone, station_id: station.id, paytype: "wechat" },
      });
      expect(answer.merchOrderNo).toMatch(/\w/);
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it(`PostgreSQL gone for ${OUTAGE_MS / 1000} s under load: 503s and never a 500, readiness 503 then 200, back to 2xx, the same process`, async () => {
    const pid = server.child.pid;
    const agent = newAgent();
    try {
      const station = await dieselStation(agent, target);
      const platform = await sandboxPlatform(target);
      const ledger = newLedger();
      const load = runLoad(agent, target, station, platform, customers, 8, ledger, 250);
      await sleep(500);

      proxy.drop();
      const outageEnds = Date.now() + OUTAGE_MS;
      const readiness: number[] = [];
      while (Date.now() < outageEnds) {
        readiness.push((await get(target, "/api/ready")).status);
        await sleep(200);
      }
      const answeredBefore = ledger.created.size + ledger.paid.size + ledger.cancelled.size;
      proxy.up = true;
      let readyAgainMs: number | undefined;
      for (const start = Date.now(); Date.now() - start < 15_000; await sleep(100)) {
        if ((await get(target, "/api/ready")).status === 200) {
          readyAgainMs = Date.now() - start;
          break;
        }
      }
      await sleep(1_500);
      await load.stop();
      const answeredAfter = ledger.created.size + ledger.paid.size + ledger.cancelled.size;

      expect(server.alive(), server.output().slice(-3_000)).toBe(true);
      expect(ledger.unexpected).toEqual([]);
      expect(server.child.pid).toBe(pid);
      expect(readiness).toContain(503);
      expect(readyAgainMs).toBeDefined();
      expect(answeredAfter).toBeGreaterThan(answeredBefore);
      expect((await get(target, "/api/version")).status).toBe(200);

      await server.stop();
      const found = await violations(databaseUrl, ledger);
      console.log(
        `outage of ${OUTAGE_MS} ms: readiness ${readiness.join(",")}, ready again ${readyAgainMs} ms after PostgreSQL came back; answers ${statusCounts(ledger)}; ` +
          `${ledger.created.size} orders, ${ledger.paid.size} payments, ${ledger.cancelled.size} cancellations acknowledged; the database holds ${found.orders} orders and ${found.payments} payments`,
      );
      expect(ledger.unexpected).toEqual([]);
      expect(ledger.statuses.get(500) ?? 0).toBe(0);
      expect(ledger.statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect(found.problems).toEqual([]);
      // One line when it went, one when it came back: not one per failed request.
      expect(server.output().match(/database unreachable/g)?.length ?? 0).toBeLessThanOrEqual(3);
    } finally {
      agent.destroy();
    }
  }, 60_000);
});
