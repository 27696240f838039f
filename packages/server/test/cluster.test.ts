import { describe, expect, it } from "vitest";
import { databaseOnThisHost, restartDelayMs, workerPlan } from "../src/cluster/index.ts";
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

  it("auto on PostgreSQL elsewhere is one process per available core", () => {
    expect(workerPlan(loadConfig({ DATABASE_URL: PG, WORKERS: "auto" }), 2)).toEqual({ count: 2 });
    expect(workerPlan(loadConfig({ DATABASE_URL: PG, WORKERS: "auto" }), 1)).toEqual({ count: 1 });
  });

  it.each([
    "postgres://postgres@127.0.0.1:5432/postgres",
    "postgres://u:p@localhost/fuel",
    "postgresql://u:p@[::1]:5432/fuel",
    "postgres://u:p@db.localhost/fuel",
    "postgres:///fuel?host=/var/run/postgresql",
  ])("auto on PostgreSQL on this host (%s) is half the cores, rounded up, said in one line", (url) => {
    const plans = [1, 2, 3, 4, 8].map((cores) => workerPlan(loadConfig({ DATABASE_URL: url, WORKERS: "auto" }), cores));
    expect(plans.map((p) => p.count)).toEqual([1, 1, 2, 2, 4]);
    expect(plans[1]?.note).toBe("note: WORKERS=auto runs 1 server process for 2 cores: PostgreSQL is on this host and needs its share of them; set WORKERS=N to choose");
    expect(plans[4]?.note).toMatch(/^note: WORKERS=auto runs 4 server processes for 8 cores/);
  });

  it("a count is kept as given, PostgreSQL on this host or not", () => {
    expect(workerPlan(loadConfig({ DATABASE_URL: "postgres://postgres@127.0.0.1/postgres", WORKERS: "2" }), 2)).toEqual({ count: 2 });
  });
});

describe("databaseOnThisHost", () => {
  it.each(["postgres://u:p@db.internal:5432/fuel", "postgres://u:p@10.0.0.7/fuel", "postgres://u:p@128.0.0.1/fuel", "postgres:///fuel?host=db.internal", "not a url"])(
    "%s is not this host",
    (url) => {
      expect(databaseOnThisHost(url)).toBe(false);
    },
  );

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
