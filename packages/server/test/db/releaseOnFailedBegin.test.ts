import type pg from "pg";
import { describe, expect, it } from "vitest";
import { releaseClientsOnFailedBegin } from "../../src/db/releaseOnFailedBegin.ts";

/** A pool stand-in: one client whose queries answer as `answers` says, and the releases it saw. */
const fakePool = (answers: (text: string) => Promise<unknown>) => {
  const releases: Array<Error | boolean | undefined> = [];
  const client = {
    query: (config: string | { text: string }) => answers(typeof config === "string" ? config : config.text),
    release: (err?: Error | boolean) => void releases.push(err),
  } as unknown as pg.PoolClient;
  let callbackCheckouts = 0;
  const pool = {
    connect: (callback?: (err: Error | undefined, client: pg.PoolClient, done: () => void) => void) => {
      // pg-pool gives the client a fresh release at every checkout.
      (client as { release: unknown }).release = (err?: Error | boolean) => void releases.push(err);
      if (callback === undefined) return Promise.resolve(client);
      callbackCheckouts++;
      callback(undefined, client, () => undefined);
      return undefined;
    },
  } as unknown as pg.Pool;
  releaseClientsOnFailedBegin(pool);
  return { pool, releases, callbackCheckouts: () => callbackCheckouts };
};

const terminated = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

describe("a client whose `begin` fails goes back to the pool (Drizzle's transaction would keep it for ever)", () => {
  it("is released with the error, once, however Drizzle goes on", async () => {
    const { pool, releases } = fakePool((text) => (text === "begin" ? Promise.reject(terminated()) : Promise.resolve({ rows: [] })));
    const client = await pool.connect();
    await expect(client.query({ text: "begin" } as never)).rejects.toThrow("administrator command");
    await Promise.resolve();
    expect(releases).toHaveLength(1);
    expect((releases[0] as Error).message).toContain("administrator command");
    // A Drizzle that releases in its finally as well: the second release is ignored, not thrown.
    client.release();
    expect(releases).toHaveLength(1);
  });

  it("a transaction that begins is left to its holder: released once, when it says so", async () => {
    const { pool, releases } = fakePool(() => Promise.resolve({ rows: [] }));
    const client = await pool.connect();
    await client.query("begin");
    await client.query("select 1");
    await client.query("commit");
    expect(releases).toEqual([]);
    client.release();
    expect(releases).toEqual([undefined]);
  });

  it("a client kept by the pool and checked out again is watched for that checkout, with one wrapper", async () => {
    let failBegin = false;
    const { pool, releases } = fakePool((text) => (text === "begin" && failBegin ? Promise.reject(terminated()) : Promise.resolve({ rows: [] })));
    const first = await pool.connect();
    const query = first.query;
    await first.query("begin");
    first.release();
    failBegin = true;
    const second = await pool.connect();
    expect(second.query).toBe(query);
    await expect(second.query("begin")).rejects.toThrow();
    await Promise.resolve();
    expect(releases).toHaveLength(2);
    expect(releases[1]).toBeInstanceOf(Error);
  });

  it("only `begin` counts: another failed statement is the holder's to handle (Drizzle rolls back and releases)", async () => {
    const { pool, releases } = fakePool((text) => (text.startsWith("select") ? Promise.reject(terminated()) : Promise.resolve({ rows: [] })));
    const client = await pool.connect();
    await expect(client.query("select 1")).rejects.toThrow();
    expect(releases).toEqual([]);
  });

  it("pool.query's own checkouts (with a callback) pass through untouched", () => {
    const { pool, callbackCheckouts } = fakePool(() => Promise.resolve({ rows: [] }));
    pool.connect(() => undefined);
    expect(callbackCheckouts()).toBe(1);
  });
});
