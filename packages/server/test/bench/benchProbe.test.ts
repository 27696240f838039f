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
    const first = (await a.inject({ url: BENCH_PROBE_PATH })).json<Record<string, number | null>>();
    // Busy the main thread for a moment.
    const until = performance.now() + 30;
    while (performance.now() < until);
    const second = (await a.inject({ url: BENCH_PROBE_PATH })).json<Record<string, number | null>>();
    expect(second["clockNowMs"]).toBe(1_700_000_000_000);
    expect(second["wallMs"]!).toBeGreaterThan(first["wallMs"]!);
    expect(second["eluActiveMs"]!).toBeGreaterThan(first["eluActiveMs"]!);
    expect(second["processUserMs"]! + second["processSystemMs"]!).toBeGreaterThan(first["processUserMs"]! + first["processSystemMs"]!);
    if (process.platform === "linux") {
      // The 30 ms spin ran on the main thread: its CPU time grew by at least most of that.
      expect(second["mainThreadCpuMs"]! - first["mainThreadCpuMs"]!).toBeGreaterThan(20);
    }
  });

  it("hands out the sandbox platform's signing secrets", async () => {
    const a = await appIn("sandbox", { FUEL_BENCH_PROBE: "1" });
    const body = (await a.inject({ url: BENCH_PLATFORM_PATH })).json<{ platformPrivateKeyPem: string; apiV3Key: string }>();
    expect(body.platformPrivateKeyPem).toContain("BEGIN PRIVATE KEY");
    expect(body.apiV3Key).toBe("k".repeat(32));
  });
});
