import autocannon, { type Result } from "autocannon";
import Fastify from "fastify";
import { moneyBench } from "./money.ts";
import { benchWorld } from "./setup.ts";
import type { SteadyResult } from "./steady.ts";

/**
 * `npm run bench -w @fuel/server`: the read mix of issue 3 against the whole app on in-memory
 * PGlite, and a hello-world Fastify on the same machine in the same run as the ceiling; then
 * issue 4's order creation and payment notifications at a steady rate (./money.ts).
 * Prints requests/s and latency percentiles; the figures go to docs/performance.md.
 * BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20), BENCH_RATE (default 200 req/s)
 * BENCH_ONLY (read | money) tune the run; BENCH_DATABASE_URL runs the money part on a PostgreSQL server.
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
  const { server, port, token } = await benchWorld();
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
    await server.close();
  }
};

const rate = Number(process.env["BENCH_RATE"] ?? 200);
const only = process.env["BENCH_ONLY"]; // "read" or "money" to run one part

console.log(`node ${process.version}, ${connections} connections, ${seconds} s per run`);
if (only !== "money") {
  report("hello-world Fastify (ceiling)", await ceiling());
  const mix = await readMix();
  report("read mix (webinfo, cities, stations, user/info)", mix);
  const pass = mix.requests.average >= 3000 && mix.latency.p99 <= 20 && mix.errors === 0 && mix.non2xx === 0;
  console.log(`target >= 3000 req/s, p99 <= 20 ms, 0 errors: ${pass ? "met" : "NOT met"}`);
}
if (only !== "read") {
  const money = await moneyBench({ seconds, rate });
  const where = process.env["BENCH_DATABASE_URL"] ? "PostgreSQL (BENCH_DATABASE_URL)" : "in-memory PGlite";
  console.log(`order creation and payment notifications on ${where}:`);
  const steady = (name: string, r: SteadyResult) =>
    console.log(`${name.padEnd(34)} ${String(r.rate).padStart(7)} req/s   p50 ${r.p50} ms   p90 ${r.p90} ms   p99 ${r.p99} ms   max ${r.max} ms   errors ${r.errors}   non-2xx ${r.non2xx}   (${r.sent} requests)`);
  steady(`order/create, steady ${rate} req/s`, money.create);
  steady(`payment/notify, steady ${rate} req/s`, money.notify);
  console.log(`orders paid (the notification warm-up and run): ${money.ordersPaid}`);
  const ok = (r: SteadyResult) => r.p99 <= 30 && r.errors === 0 && r.non2xx === 0 && r.rate >= rate * 0.95;
  console.log(`target p99 <= 30 ms at ${rate} req/s, 0 errors: order/create ${ok(money.create) ? "met" : "NOT met"}, payment/notify ${ok(money.notify) ? "met" : "NOT met"}`);
}
