import { readFileSync } from "node:fs";
import Fastify, { type FastifyInstance } from "fastify";
import { generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { BENCH_PLATFORM_PATH, BENCH_PROBE_PATH, benchProbeRoutes } from "../../src/routes/benchProbe.ts";
import type { AppDeps } from "../../src/appDeps.ts";

// The benchmark's probe exists only when asked for (FUEL_BENCH_PROBE=1) and only in sandbox mode.

const platform = generateKeyPairSync("rsa", { modulusLength: 2048 });
let app: FastifyInstance | undefined;

const appIn = async (mode: "sandbox" | "production", env: Record<string, string>): Promise<FastifyInstance> => {
  const a = Fastify();
  const deps = {
    config: { mode },
    clock: { now: () => 1_700_000_000_000 },
    providers: { payments: { sandbox: { wechat: { platform: { platformPrivateKey: platform.privateKey, apiV3Key: "k".repeat(32) } } } } },
  } as unknown as AppDeps;
  a.decorate("deps", deps);
  benchProbeRoutes(a, env);
  await a.ready();
  app = a;
  return a;
};

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe("the benchmark probe", () => {
  it("does not exist without FUEL_BENCH_PROBE=1", async () => {
    for (const env of [{}, { FUEL_BENCH_PROBE: "0" }, { FUEL_BENCH_PROBE: "true" }]) {
      const a = await appIn("sandbox", env);
      expect((await a.inject({ url: BENCH_PROBE_PATH })).statusCode).toBe(404);
      expect((await a.inject({ url: BENCH_PLATFORM_PATH })).statusCode).toBe(404);
      await a.close();
    }
  });

  it("never exists in production mode, even with FUEL_BENCH_PROBE=1", async () => {
    const a = await appIn("production", { FUEL_BENCH_PROBE: "1" });
    expect((await a.inject({ url: BENCH_PROBE_PATH })).statusCode).toBe(404);
    expect((await a.inject({ url: BENCH_PLATFORM_PATH })).statusCode).toBe(404);
  });

  it("reads this process's counters, which only grow", async () => {
    const a = await appIn("sandbox", { FUEL_BENCH_PROBE: "1" });
    const wall0 = performance.now();
    const first = (await a.inject({ url: BENCH_PROBE_PATH })).json<Record<string, number | null>>();
    // Busy the main thread until it has had 30 ms on a CPU (not 30 ms of wall time: on a loaded
    // machine the thread is descheduled for part of any wall-time spin).
    const onCpuMs = (): number => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
    if (process.platform === "linux") {
      const target = onCpuMs() + 30;
      while (onCpuMs() < target && performance.now() - wall0 < 10_000);
    } else {
      const until = performance.now() + 30;
      while (performance.now() < until);
    }
    const second = (await a.inject({ url: BENCH_PROBE_PATH })).json<Record<string, number | null>>();
    const wallMs = performance.now() - wall0;
    expect(second["clockNowMs"]).toBe(1_700_000_000_000);
    expect(second["wallMs"]!).toBeGreaterThan(first["wallMs"]!);
    expect(second["eluActiveMs"]!).toBeGreaterThan(first["eluActiveMs"]!);
    expect(second["processUserMs"]! + second["processSystemMs"]!).toBeGreaterThan(first["processUserMs"]! + first["processSystemMs"]!);
    if (process.platform === "linux") {
      // The main thread's 30 ms on a CPU, in milliseconds: at least that, at most the wall time it took.
      const grew = second["mainThreadCpuMs"]! - first["mainThreadCpuMs"]!;
      expect(grew).toBeGreaterThanOrEqual(30);
      expect(grew).toBeLessThanOrEqual(wallMs + 1);
    }
  });

  it("hands out the sandbox platform's signing secrets", async () => {
    const a = await appIn("sandbox", { FUEL_BENCH_PROBE: "1" });
    const body = (await a.inject({ url: BENCH_PLATFORM_PATH })).json<{ platformPrivateKeyPem: string; apiV3Key: string }>();
    expect(body.platformPrivateKeyPem).toContain("BEGIN PRIVATE KEY");
    expect(body.apiV3Key).toBe("k".repeat(32));
  });
});
