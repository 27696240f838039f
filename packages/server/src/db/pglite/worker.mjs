// @ts-check
import { Buffer } from "node:buffer";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { Op } from "./messages.mjs";

/** @typedef {import("./messages.mjs").NumberedRequest} NumberedRequest */
/** @typedef {import("./messages.mjs").Reply} Reply */
/** @typedef {import("./messages.mjs").Startup} Startup */

/**
 * The PGlite worker thread (started by ./thread.ts): PGlite's WebAssembly PostgreSQL runs
 * here, off the event loop that serves HTTP. It speaks the PostgreSQL wire protocol: each request
 * is a batch of whole frontend messages from one connection, answered with the backend bytes
 * PostgreSQL wrote for them (`execProtocolRawStream`, see `run`), so node-postgres on the main
 * thread talks to it as to a server.
 *
 * Several connections share PGlite's one session, so that statements queue here, where PGlite
 * runs them back to back, rather than in the main thread's pool, where each waited for the main
 * thread to read the previous answer and send the next statement. What a real server gives each
 * connection is kept:
 * - **Transactions never interleave.** A connection whose batch leaves the session inside a
 *   transaction block (or stops in the middle of an extended-protocol query, before its Sync) owns
 *   the session: only its batches run until one leaves it idle. Others wait here, in order.
 * - **Named prepared statements are the connection's own**: their names get the connection's
 *   suffix on the way in (Parse, Bind, Describe and Close of a statement), so two connections
 *   preparing `auth_facts` make two statements. A batch runs whole, so the unnamed statement and
 *   portal a query uses are not touched by another connection in between.
 * - **A connection that ends** (closed, or its stream torn down mid-transaction) leaves nothing:
 *   its open transaction is rolled back and its statements are deallocated.
 * - Start-up: PGlite answered the first connection's StartupMessage; later connections get the
 *   same answer, and the session is not started again.
 *
 * Plain JavaScript on purpose: a worker does not inherit tsx's loader on Node 20, and registering
 * tsx inside it costs about 0.2 s of every start-up.
 *
 * Its messages are declared in ./messages.mjs, with the thread's. A failure of PGlite itself (not
 * an SQL error: those are ErrorResponse bytes) answers `ok: false` and ends the thread: its state
 * can no longer be trusted.
 */

const port = parentPort;
if (port === null) throw new Error("worker.mjs runs as a worker thread");
const { dataDir, relaxedDurability } = /** @type {import("./messages.mjs").WorkerOptions} */ (workerData);

/** One simple-protocol query message. */
const simpleQuery = (/** @type {string} */ text) => {
  const body = Buffer.from(`${text}\0`, "utf8");
  const message = Buffer.alloc(5 + body.length);
  message.write("Q", 0, "latin1");
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return new Uint8Array(message);
};

const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const DESCRIBE = 0x44; // 'D'
const CLOSE = 0x43; // 'C'
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const STATEMENT = 0x53; // 'S' in Describe and Close

/** @param {Buffer} buf @param {number} at */
const cstringEnd = (buf, at) => {
  const end = buf.indexOf(0, at);
  if (end < 0) throw new Error("a frontend message without its string's end");
  return end;
};

/**
 * The batch with each named statement renamed for its connection, and the names it parsed or
 * closed. Unnamed statements stay unnamed.
 * @param {Uint8Array} bytes @param {number} conn
 */
const renameStatements = (bytes, conn) => {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** @type {Buffer[]} */
  const out = [];
  /** @type {string[]} */
  const parsed = [];
  /** @type {string[]} */
  const closed = [];
  let renamed = false;
  let last = 0;
  for (let at = 0; at < buf.length; ) {
    const type = buf[at];
    const length = 1 + buf.readInt32BE(at + 1);
    const message = buf.subarray(at, at + length);
    at += length;
    last = type ?? 0;
    /** Where the statement's name starts in the message, or -1. */
    let nameAt = -1;
    if (type === PARSE) nameAt = 5;
    else if (type === BIND) nameAt = cstringEnd(message, 5) + 1;
    else if ((type === DESCRIBE || type === CLOSE) && message[5] === STATEMENT) nameAt = 6;
    if (nameAt < 0) {
      out.push(message);
      continue;
    }
    const nameEnd = cstringEnd(message, nameAt);
    const name = message.toString("utf8", nameAt, nameEnd);
    if (name === "") {
      out.push(message);
      continue;
    }
    const suffixed = `${name}_c${conn}`;
    if (type === PARSE) parsed.push(suffixed);
    if (type === CLOSE) closed.push(suffixed);
    const head = message.subarray(0, nameAt);
    const tail = message.subarray(nameEnd);
    const ownName = Buffer.from(suffixed, "utf8");
    const rebuilt = Buffer.concat([head, ownName, tail]);
    rebuilt.writeInt32BE(rebuilt.length - 1, 1);
    out.push(rebuilt);
    renamed = true;
  }
  return {
    bytes: renamed ? new Uint8Array(Buffer.concat(out)) : bytes,
    parsed,
    closed,
    /** The batch ends where a query ends: a Sync or a simple query. */
    complete: last === SYNC || last === QUERY,
  };
};

/**
 * PostgreSQL settings beyond PGlite's own start parameters.
 *
 * `wal_init_zero=off`: PostgreSQL zero-fills each new 16 MB write-ahead-log segment before using
 * it. In PGlite that is a stall of the one session: 44-51 ms in memory (MEMFS grows and copies the
 * file), about 11 ms in a folder, every 16 MB of log, which at 200 creations/s came every 25 s or
 * so and held every request queued behind it (measured with a throwaway insert loop: the single
 * 44-51 ms outlier of 40,000 inserts was the segment switch, gone with this setting). Without the
 * zeroing a new segment is written as records arrive; every log page names its own position and
 * every record carries a checksum, so recovery stops where this segment's writing stopped, as it
 * does in a recycled segment (PostgreSQL's own reuse). test/db/pgliteWorker.test.ts checks the
 * setting is in force.
 */
const SETTINGS = ["-c", "wal_init_zero=off"];

/**
 * A start failure as plain data: its name, message and error code (Node's `code`, or Emscripten's
 * `errno` number), without the stack.
 * @param {unknown} err
 * @returns {import("./messages.mjs").StartFailure}
 */
const describeFailure = (err) => {
  if (typeof err !== "object" || err === null) return { message: String(err) };
  const { name, message, code, errno } = /** @type {Record<string, unknown>} */ (err);
  return {
    ...(typeof name === "string" ? { name } : {}),
    ...(typeof message === "string" ? { message } : {}),
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof errno === "number" ? { errno } : {}),
  };
};

/** @type {PGlite} */
let pglite;
try {
  pglite = await PGlite.create(dataDir, { relaxedDurability, startParams: [...PGlite.defaultStartParams, ...SETTINGS] });
} catch (err) {
  // Structured-cloned to the main thread, which tells the operator the cause in one line: PGlite's
  // file system throws `ErrnoError` objects (not Errors: no message, an Emscripten errno number),
  // and a stack would only bury the cause.
  port.postMessage(/** @satisfies {Startup} */ ({ op: Op.failed, error: describeFailure(err) }));
  process.exit(1);
}

/**
 * Runs one batch of frontend messages and answers PostgreSQL's bytes, in a buffer of their own
 * (transferred to the main thread).
 *
 * Not `execProtocolRaw`: PGlite 0.5 parses every answer it returns that way into message objects
 * and keeps them in a list that only `execProtocol` empties, so a server that only ever goes raw
 * kept every row it had ever answered (about 6 KB a query, 24 MB per 4,000 twenty-row queries,
 * measured) and spent three quarters of each query's time in that parsing (0.25 ms against
 * 0.06 ms per query). The streaming variant hands over the bytes as PostgreSQL writes them and
 * keeps nothing. test/db/pgliteWorker.test.ts holds the worker's heap flat under many queries.
 * @param {Uint8Array} bytes
 */
const run = async (bytes) => {
  /** @type {Uint8Array[]} */
  const chunks = [];
  let length = 0;
  await pglite.execProtocolRawStream(bytes, {
    // A view of PGlite's WebAssembly memory, reused by the next write: copied at once.
    onRawData: (chunk) => {
      chunks.push(chunk.slice());
      length += chunk.byteLength;
    },
  });
  if (chunks.length === 1) return /** @type {Uint8Array} */ (chunks[0]);
  const answer = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    answer.set(chunk, at);
    at += chunk.byteLength;
  }
  return answer;
};

/** @type {NumberedRequest[]} */
const queue = [];
/** The connection holding the session (a transaction, or a query not yet at its Sync); null: anyone's turn. */
/** @type {number | null} */
let owner = null;
/** Each connection's statements, by their names in the session. */
/** @type {Map<number, Set<string>>} */
const statements = new Map();
/** PGlite's answer to the first StartupMessage. */
/** @type {Uint8Array | undefined} */
let startupAnswer;
let running = false;

/** @param {NumberedRequest} r */
const mayRun = (r) => owner === null || r.op === Op.close || r.conn === owner;

/** @param {number} conn @param {Uint8Array} bytes */
const exec = async (conn, bytes) => {
  if (bytes[0] === 0) {
    // StartupMessage (the only untyped message the main thread passes on).
    // Once; the start-up answer is a view of PGlite's receive buffer, hence the copy.
    if (startupAnswer === undefined) startupAnswer = (await pglite.execProtocolRaw(bytes)).slice();
    return startupAnswer.slice();
  }
  const batch = renameStatements(bytes, conn);
  const answer = await run(batch.bytes);
  let names = statements.get(conn);
  if (names === undefined) statements.set(conn, (names = new Set()));
  for (const n of batch.parsed) names.add(n);
  for (const n of batch.closed) names.delete(n);
  owner = pglite.isInTransaction() || !batch.complete ? conn : null;
  return answer;
};

/** @param {number} conn */
const end = async (conn) => {
  // A connection torn down after close (the pool's last ones): PGlite and all it held are gone.
  if (pglite.closed) return;
  if (owner === conn) {
    await run(simpleQuery("ROLLBACK"));
    owner = null;
  }
  for (const name of statements.get(conn) ?? []) {
    await run(simpleQuery(`DEALLOCATE "${name.replaceAll('"', '""')}"`));
  }
  statements.delete(conn);
};

/** @param {NumberedRequest} request */
const serve = async (request) => {
  try {
    if (request.op === Op.exec) {
      const bytes = await exec(request.conn, request.bytes);
      port.postMessage(/** @satisfies {Reply} */ ({ id: request.id, ok: true, bytes }), [/** @type {ArrayBuffer} */ (bytes.buffer)]);
    } else if (request.op === Op.end) {
      await end(request.conn);
      port.postMessage(/** @satisfies {Reply} */ ({ id: request.id, ok: true }));
    } else {
      if (!pglite.closed) await pglite.close();
      port.postMessage(/** @satisfies {Reply} */ ({ id: request.id, ok: true }));
    }
  } catch (err) {
    port.postMessage(/** @satisfies {Reply} */ ({ id: request.id, ok: false, message: err instanceof Error ? (err.stack ?? err.message) : String(err) }));
    process.exit(1);
  }
};

/** Runs what may run, one request at a time, oldest first. */
const pump = async () => {
  if (running) return;
  running = true;
  try {
    for (;;) {
      const i = queue.findIndex(mayRun);
      if (i < 0) break;
      const [request] = queue.splice(i, 1);
      if (request !== undefined) await serve(request);
    }
  } finally {
    running = false;
  }
};

port.on("message", (/** @type {NumberedRequest} */ request) => {
  queue.push(request);
  void pump();
});
port.postMessage(/** @satisfies {Startup} */ ({ op: Op.ready }));
