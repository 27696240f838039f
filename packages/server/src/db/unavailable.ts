/**
 * Whether an error means "the database cannot be reached or cannot write right now" rather than
 * "this request is wrong" or "the code is wrong": the one test behind the 503 answer with
 * `retry-after` (src/http/errorHandler.ts) and the database health's back-off (./health.ts).
 *
 * Such errors come in three shapes, often wrapped (Drizzle's `DrizzleQueryError` keeps the
 * driver's error as `cause`; Node's connect to a name with several addresses throws an
 * `AggregateError`): PostgreSQL's SQLSTATE in `code`, a Node system error's `code`, or only a
 * message (node-postgres's own connection errors have no code).
 */

/**
 * SQLSTATEs (PostgreSQL's appendix A) that say the server, not the statement, is the problem:
 * the connection was ended by an administrator, a crash or a start-up; a whole class of
 * connection exceptions; too many connections; the disk is full or failing; the server is a
 * read-only standby (a failover in progress).
 */
const SQLSTATES: ReadonlySet<string> = new Set([
  "57P01", // admin_shutdown (pg_terminate_backend, a fast shutdown)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, in recovery)
  "57P05", // idle_session_timeout
  "53100", // disk_full
  "53200", // out_of_memory
  "53300", // too_many_connections
  "58030", // io_error
  "25006", // read_only_sql_transaction
]);

/** Class 08, connection exceptions (08000, 08003, 08006, 08001, 08004, 08007, 08P01). */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

/** Node's system error codes for a connection that cannot be made or was lost, or a disk that cannot take a write. */
const SYSTEM_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENOSPC",
  "EDQUOT",
  "EROFS",
]);

/**
 * Messages without a code: node-postgres's (a connection ended under a query, a checkout that
 * waited past `connectionTimeoutMillis`, a client used after its connection failed), PostgreSQL's
 * storage failures as PGlite reports them, and PGlite's worker (src/db/pglite/thread.ts).
 */
const MESSAGES: ReadonlyArray<RegExp> = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /could not extend file/,
  /No space left on device/,
  /Read-only file system/i,
  /^the PGlite worker (stopped|is closed)/,
  /^PGlite failed in its worker/,
];

/** Errors wrap errors: look this deep, no further (a cycle of causes cannot loop). */
const MAX_DEPTH = 5;

const matches = (err: unknown, depth: number): boolean => {
  if (depth > MAX_DEPTH || typeof err !== "object" || err === null) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && (SQLSTATES.has(code) || CONNECTION_EXCEPTION.test(code) || SYSTEM_CODES.has(code))) return true;
  if (typeof message === "string" && MESSAGES.some((m) => m.test(message))) return true;
  if (cause !== undefined && matches(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => matches(e, depth + 1));
};

/** True when `err` (or an error it wraps) says the database is unreachable, lost the connection, or cannot write for now. */
export const isDatabaseUnavailable = (err: unknown): boolean => matches(err, 0);

/** The most telling code in `err` or what it wraps (a SQLSTATE or a system error code), for the log. */
export const unavailableCode = (err: unknown, depth = 0): string | undefined => {
  if (depth > MAX_DEPTH || typeof err !== "object" || err === null) return undefined;
  const { code, cause, errors } = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string") return code;
  const inner = unavailableCode(cause, depth + 1);
  if (inner !== undefined) return inner;
  return Array.isArray(errors) ? errors.map((e) => unavailableCode(e, depth + 1)).find((c) => c !== undefined) : undefined;
};

/** One line for the log: the innermost message that says what happened, with its code. */
export const describeUnavailable = (err: unknown): string => {
  let e: unknown = err;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const cause = (e as { cause?: unknown } | null)?.cause;
    if (typeof cause !== "object" || cause === null) break;
    e = cause;
  }
  const errors = (e as { errors?: unknown } | null)?.errors;
  // Node's AggregateError (a connect to every address of a name refused) has an empty message of its own.
  const inner: unknown = e instanceof Error && e.message === "" && Array.isArray(errors) && errors.length > 0 ? errors[0] : e;
  const message = inner instanceof Error ? inner.message : String(inner);
  const code = unavailableCode(err);
  return code === undefined || message.includes(code) ? message : `${message} (${code})`;
};
