import type pg from "pg";

/**
 * Drizzle's node-postgres transaction (0.45) checks a client out, sends `begin`, and only then
 * enters the try/finally that releases it: a `begin` that fails (the connection was terminated
 * while it sat idle in the pool: a PostgreSQL restart, `pg_terminate_backend`, a failover) leaves
 * that client checked out for ever. Ten of those and the pool has nothing left to give: every
 * request waits, then answers 503, until the process restarts (found by
 * test/crash/backendTermination.slow.test.ts). Here a client whose `begin` fails is released with
 * the error, so pg-pool drops it and opens a new one for the next checkout; a later release of the
 * same checkout (a Drizzle that releases in its finally) is ignored rather than thrown.
 */
export const releaseClientsOnFailedBegin = (pool: pg.Pool): void => {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const patched = (callback?: unknown): unknown => {
    // pool.query checks out with a callback and releases itself: only promise checkouts are Drizzle's.
    if (typeof callback === "function") return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then(guarded);
  };
  (pool as { connect: unknown }).connect = patched;
};

const BEGIN = /^\s*begin\b/i;

/** The release of each client's current checkout (pg-pool sets a fresh `release` at every checkout). */
const currentRelease = new WeakMap<pg.PoolClient, (err?: Error | boolean) => void>();

const guarded = (client: pg.PoolClient): pg.PoolClient => {
  const release = client.release.bind(client);
  let released = false;
  const releaseOnce = (err?: Error | boolean): void => {
    if (released) return;
    released = true;
    release(err);
  };
  client.release = releaseOnce as pg.PoolClient["release"];
  if (!currentRelease.has(client)) watchBegin(client);
  currentRelease.set(client, releaseOnce);
  return client;
};

/** Wraps the client's `query` once for its life: a failed `begin` releases the current checkout. */
const watchBegin = (client: pg.PoolClient): void => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const config = args[0];
    const text = typeof config === "string" ? config : (config as { text?: unknown } | undefined)?.text;
    const result = query(...args);
    if (typeof text === "string" && BEGIN.test(text) && result instanceof Promise) {
      const releaseThisCheckout = currentRelease.get(client);
      result.catch((err: unknown) => releaseThisCheckout?.(err instanceof Error ? err : new Error(String(err))));
    }
    return result;
  }) as pg.PoolClient["query"];
};
