import { Messages } from "@fuel/domain";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { Database } from "../../src/db/client.ts";
import { bootApp, testConfig, type BootedApp } from "../helpers/app.ts";

/**
 * Issue 22 item 2, in process: an error meaning the database cannot be reached answers 503 with
 * retry-after and the catalogue's message, never 500; readiness follows the database; an app
 * that has not reached its database yet answers 503 on /api but for liveness and readiness.
 */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => {
  await booted.close();
});

const terminated = (): pg.DatabaseError => {
  const err = new pg.DatabaseError("terminating connection due to administrator command", 0, "error");
  err.code = "57P01";
  return err;
};

/** The test's database, but every statement fails as a terminated connection does. */
const deadDatabase = (db: Database): Database =>
  new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "execute") return () => Promise.reject(terminated());
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });

describe("a request that cannot reach the database", () => {
  it("answers 503 with retry-after, the DatabaseUnavailable tag and the catalogue's text, not 500", async () => {
    const app = await buildApp({ config: testConfig(), db: booted.db, clock: booted.clock });
    app.get("/api/test-lost-connection", async () => {
      throw new Error("Failed query: select 1", { cause: terminated() });
    });
    try {
      const res = await app.inject({ method: "GET", url: "/api/test-lost-connection" });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("3");
      expect(res.headers["x-error-tag"]).toBe("DatabaseUnavailable");
      expect(res.json()).toEqual({ status: "error", message: Messages.text("DatabaseUnavailable", "en"), data: null });
      expect(Messages.text("DatabaseUnavailable", "zh-CN")).not.toBe(Messages.text("DatabaseUnavailable", "en"));
    } finally {
      await app.close();
    }
  });
});

describe("readiness and liveness", () => {
  it("GET /api/ready answers 200 while the database answers", async () => {
    const res = await booted.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "success", data: null });
  });

  it("GET /api/ready answers 503 when the database does not; /api/version still 200", async () => {
    const app = await buildApp({ config: testConfig(), db: deadDatabase(booted.db), clock: booted.clock });
    try {
      const ready = await app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers["x-error-tag"]).toBe("DatabaseUnavailable");
      expect(Number(ready.headers["retry-after"])).toBeGreaterThan(0);
      expect((await app.inject({ method: "GET", url: "/api/version" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("before the server has reached and migrated its database, /api answers 503 but version and readiness", async () => {
    const app = await buildApp({ config: testConfig(), db: booted.db, clock: booted.clock, accepting: false });
    try {
      expect((await app.inject({ method: "GET", url: "/api/station/citylist" })).statusCode).toBe(503);
      expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(503);
      expect((await app.inject({ method: "GET", url: "/api/version?x=1" })).statusCode).toBe(200);
      app.deps.health.accepting = true;
      expect((await app.inject({ method: "GET", url: "/api/station/citylist" })).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
