import { createServer } from "node:net";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { describeUnavailable, isDatabaseUnavailable, unavailableCode } from "../../src/db/unavailable.ts";

/** A PostgreSQL error as node-postgres builds it from the server's ErrorResponse. */
const pgError = (code: string, message: string): pg.DatabaseError => {
  const err = new pg.DatabaseError(message, message.length, "error");
  err.code = code;
  err.severity = "FATAL";
  return err;
};

/** A Node system error as `net` raises it. */
const systemError = (code: string, syscall = "connect"): NodeJS.ErrnoException =>
  Object.assign(new Error(`${syscall} ${code} 127.0.0.1:5432`), { code, errno: -1, syscall });

/** Drizzle wraps every failed query, keeping the driver's error as `cause`. */
const wrapped = (cause: Error): DrizzleQueryError => new DrizzleQueryError("insert into orders ...", [], cause);

const UNAVAILABLE: ReadonlyArray<readonly [string, unknown]> = [
  ["pg_terminate_backend (57P01)", pgError("57P01", "terminating connection due to administrator command")],
  ["a crash of another backend (57P02)", pgError("57P02", "terminating connection because of crash of another server process")],
  ["a server starting up (57P03)", pgError("57P03", "the database system is starting up")],
  ["a connection failure (08006)", pgError("08006", "connection failure")],
  ["a connection that does not exist (08003)", pgError("08003", "connection does not exist")],
  ["too many connections (53300)", pgError("53300", "sorry, too many clients already")],
  ["disk full (53100)", pgError("53100", 'could not extend file "base/5/16384": No space left on device')],
  ["a read-only standby (25006)", pgError("25006", "cannot execute INSERT in a read-only transaction")],
  ["an I/O error (58030)", pgError("58030", 'could not write to file "pg_wal/xlogtemp.42": No space left on device')],
  ["ECONNREFUSED", systemError("ECONNREFUSED")],
  ["ECONNRESET", systemError("ECONNRESET", "read")],
  ["EPIPE", systemError("EPIPE", "write")],
  ["ETIMEDOUT", systemError("ETIMEDOUT")],
  ["ENOSPC", systemError("ENOSPC", "write")],
  ["EROFS", systemError("EROFS", "open")],
  ["Node's AggregateError for a name with two addresses", Object.assign(new AggregateError([systemError("ECONNREFUSED"), systemError("ECONNREFUSED")], ""), { code: "ECONNREFUSED" })],
  ["node-postgres: a connection ended under a query", new Error("Connection terminated unexpectedly")],
  ["node-postgres: a connect that timed out", new Error("Connection terminated due to connection timeout")],
  ["pg-pool: a checkout past connectionTimeoutMillis", new Error("timeout exceeded when trying to connect")],
  ["node-postgres: a client used after its connection failed", new Error("Client has encountered a connection error and is not queryable")],
  ["node-postgres: a client used after it closed", new Error("Client was closed and is not queryable")],
  ["PGlite on a full disk, without a code", new Error('could not extend file "base/5/16400": wrote only 4096 of 8192 bytes at block 3')],
  ["the PGlite worker gone", new Error("the PGlite worker stopped (exit code 1)")],
  ["Drizzle's wrapper around 57P01", wrapped(pgError("57P01", "terminating connection due to administrator command"))],
  ["Drizzle's wrapper around ECONNRESET", wrapped(systemError("ECONNRESET", "read"))],
  ["an Error with a cause two deep", new Error("order failed", { cause: wrapped(new Error("Connection terminated unexpectedly")) })],
];

const OTHER: ReadonlyArray<readonly [string, unknown]> = [
  ["a unique violation (23505)", pgError("23505", 'duplicate key value violates unique constraint "orders_pkey"')],
  ["a syntax error (42601)", pgError("42601", 'syntax error at or near "selec"')],
  ["an undefined table (42P01)", pgError("42P01", 'relation "orderz" does not exist')],
  ["a serialization failure (40001)", pgError("40001", "could not serialize access due to concurrent update")],
  ["a check violation (23514)", pgError("23514", 'new row for relation "orders" violates check constraint')],
  ["Drizzle's wrapper around a unique violation", wrapped(pgError("23505", "duplicate key value"))],
  ["a TypeError", new TypeError("Cannot read properties of undefined (reading 'id')")],
  ["ENOENT", systemError("ENOENT", "open")],
  ["a string", "Connection terminated unexpectedly"],
  ["null", null],
  ["undefined", undefined],
  ["a number", 57],
];

describe("isDatabaseUnavailable", () => {
  for (const [name, err] of UNAVAILABLE) {
    it(`is true for ${name}`, () => {
      expect(isDatabaseUnavailable(err)).toBe(true);
    });
  }
  for (const [name, err] of OTHER) {
    it(`is false for ${name}`, () => {
      expect(isDatabaseUnavailable(err)).toBe(false);
    });
  }

  it("is true for what node-postgres really raises when nothing listens on the port", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", connectionTimeoutMillis: 2_000 });
    const err = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("is true for what node-postgres really raises when the server hangs up mid-connection", async () => {
    const rude = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => rude.listen(0, "127.0.0.1", resolve));
    const { port } = rude.address() as { port: number };
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", connectionTimeoutMillis: 2_000 });
    client.on("error", () => {});
    try {
      const err = await client.connect().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await new Promise<void>((resolve) => rude.close(() => resolve()));
    }
  });

  it("does not loop on a cycle of causes", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe("the log line of an unavailable database", () => {
  it("names the innermost cause and its code", () => {
    const line = describeUnavailable(wrapped(pgError("57P01", "terminating connection due to administrator command")));
    expect(line).toBe("terminating connection due to administrator command (57P01)");
    expect(unavailableCode(wrapped(pgError("53100", "disk full")))).toBe("53100");
  });

  it("reads the first error of Node's AggregateError, whose own message is empty", () => {
    const err = Object.assign(new AggregateError([systemError("ECONNREFUSED")], ""), { code: "ECONNREFUSED" });
    // The code is in the message already: not repeated.
    expect(describeUnavailable(err)).toBe("connect ECONNREFUSED 127.0.0.1:5432");
  });
});
