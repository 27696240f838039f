import { describe, expect, it } from "vitest";
import { restartDelayMs, workerPlan } from "../src/cluster.ts";
import { loadConfig } from "../src/config.ts";

/** `WORKERS` as src/main.ts reads it (the parsing rules are in config.test.ts), and the back-off for workers that die. */

const PG = "postgres://u:p@db:5432/fuel";

describe("workerPlan", () => {
  it("unset is one process, with nothing to say", () => {
    expect(workerPlan(loadConfig({ DATABASE_URL: PG }), 8)).toEqual({ count: 1 });
  });

  it("a count is that many processes", () => {
    expect(workerPlan(loadConfig({ DATABASE_URL: PG, WORKERS: "3" }), 8)).toEqual({ count: 3 });
  });

  it("auto on PostgreSQL is one process per available core", () => {
    expect(workerPlan(loadConfig({ DATABASE_URL: PG, WORKERS: "auto" }), 2)).toEqual({ count: 2 });
    expect(workerPlan(loadConfig({ DATABASE_URL: PG, WORKERS: "auto" }), 1)).toEqual({ count: 1 });
  });

  it.each([{}, { DATABASE_URL: "memory://" }, { DATABASE_URL: "file:/tmp/fuel-pglite" }])("auto on PGlite (%j) is one process, said in one line", (env) => {
    const plan = workerPlan(loadConfig({ ...env, WORKERS: "auto" }), 8);
    expect(plan.count).toBe(1);
    expect(plan.note).toMatch(/^note: WORKERS=auto runs one server process on PGlite/);
    expect(plan.note).not.toContain("\n");
  });
});

describe("restartDelayMs", () => {
  it("a worker's first death waits 1 s, each further death in a row doubles it", () => {
    expect([1, 2, 3, 4, 5].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it("never waits more than 30 s, however many deaths", () => {
    expect(restartDelayMs(6)).toBe(30_000);
    expect(restartDelayMs(1_000)).toBe(30_000);
  });
});
