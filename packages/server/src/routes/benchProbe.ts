import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";

/**
 * The write benchmark's probe (issue 14, `npm run bench:write`, bench/write/): two read-only
 * routes the benchmark calls before and after each phase, from its own process, to measure what
 * the server spent on the phase's requests. They exist only when the server was started with
 * `FUEL_BENCH_PROBE=1` **and** in sandbox mode: without the variable, and always in production
 * mode, they are never registered (404 like any unknown path).
 *
 * - `GET /__bench/probe`: counters of this process, each cumulative since start; the benchmark
 *   takes differences. `mainThreadCpuMs`: CPU time the main thread (the event loop, which also
 *   runs in-process PGlite) has been on a CPU, from Linux's `/proc/self/task/<pid>/schedstat`
 *   (nanoseconds; null elsewhere). `eluActiveMs`: `performance.eventLoopUtilization().active`,
 *   wall time the event loop was busy (also counts time the thread was runnable but descheduled,
 *   so it grows on a loaded machine). `processUserMs`/`processSystemMs`: `process.cpuUsage()`,
 *   every thread of the process (libuv's pool, GC helpers, workers). `clockNowMs`: the server's
 *   clock, which notifications' timestamps must be near.
 * - `GET /__bench/sandbox-platform`: the sandbox WeChat channel's platform secrets (the private key
 *   the sandbox signs notifications with, and the API v3 key), so the load generator can send
 *   validly signed notifications as `/api/sandbox/pay` does. Sandbox keys are made per process and
 *   guard nothing real.
 */

export const BENCH_PROBE_ENV = "FUEL_BENCH_PROBE";
export const BENCH_PROBE_PATH = "/__bench/probe";
export const BENCH_PLATFORM_PATH = "/__bench/sandbox-platform";

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

const mainThreadCpuMs = (): number | null => {
  try {
    const onCpuNs = Number(readFileSync(SCHEDSTAT, "utf8").split(" ")[0]);
    return Number.isFinite(onCpuNs) ? onCpuNs / 1e6 : null;
  } catch {
    return null;
  }
};

/** Registers the probe routes when `FUEL_BENCH_PROBE=1` in sandbox mode; otherwise does nothing. */
export const benchProbeRoutes = (app: FastifyInstance, env: Readonly<Record<string, string | undefined>> = process.env): void => {
  if (env[BENCH_PROBE_ENV] !== "1" || app.deps.config.mode !== "sandbox") return;

  app.get(BENCH_PROBE_PATH, async () => {
    const elu = performance.eventLoopUtilization();
    const cpu = process.cpuUsage();
    return {
      wallMs: performance.now(),
      mainThreadCpuMs: mainThreadCpuMs(),
      eluActiveMs: elu.active,
      eluIdleMs: elu.idle,
      processUserMs: cpu.user / 1000,
      processSystemMs: cpu.system / 1000,
      clockNowMs: app.deps.clock.now(),
    };
  });

  app.get(BENCH_PLATFORM_PATH, async (_request, reply) => {
    const platform = app.deps.providers.payments.sandbox.wechat?.platform;
    if (platform === undefined) return reply.code(404).send({ error: "the WeChat channel is not the sandbox" });
    return { platformPrivateKeyPem: platform.platformPrivateKey.export({ type: "pkcs8", format: "pem" }).toString(), apiV3Key: platform.apiV3Key };
  });
};
