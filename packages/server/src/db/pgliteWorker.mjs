// @ts-check
import { Buffer } from "node:buffer";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/**
 * The PGlite worker thread (started by ./pgliteThread.ts): PGlite's WebAssembly PostgreSQL runs
 * here, off the event loop that serves HTTP. It speaks the PostgreSQL wire protocol: each request
 * is a batch of whole frontend messages, answered with the backend bytes PostgreSQL wrote for
 * them (`execProtocolRaw`), so node-postgres on the main thread talks to it as to a server.
 *
 * Plain JavaScript on purpose: a worker does not inherit tsx's loader on Node 20, and registering
 * tsx inside it costs about 0.2 s of every start-up.
 *
 * Requests are answered one at a time, in the order they came: PGlite is one session, and a batch
 * is part of whatever transaction the connection has open. Messages in (`workerData` gives the
 * folder or `memory://` and the durability):
 * - `{ op: "exec", bytes }`: run the messages, answer `{ ok: true, bytes }` (the buffer is transferred);
 * - `{ op: "reset" }`: a new connection starts; roll back what the previous one left open and
 *   forget its prepared statements and settings, as a server does for a closed connection;
 * - `{ op: "close" }`: close PGlite (its last page written), answer `{ ok: true }`.
 * A failure of PGlite itself (not an SQL error: those are ErrorResponse bytes) answers
 * `{ ok: false, message }` and ends the thread: its state can no longer be trusted.
 */

const port = parentPort;
if (port === null) throw new Error("pgliteWorker.mjs runs as a worker thread");
const { dataDir, relaxedDurability } = /** @type {{ dataDir: string, relaxedDurability: boolean }} */ (workerData);

/** Two simple-protocol queries: `ROLLBACK` (a warning when nothing is open) and `DISCARD ALL`. */
const simpleQuery = (/** @type {string} */ text) => {
  const body = Buffer.from(`${text}\0`, "utf8");
  const message = Buffer.alloc(5 + body.length);
  message.write("Q", 0, "latin1");
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
};
const RESET = new Uint8Array(Buffer.concat([simpleQuery("ROLLBACK"), simpleQuery("DISCARD ALL")]));

/** An answer whose buffer is its own: the start-up answer is a view of PGlite's receive buffer, which must not be detached. */
const own = (/** @type {Uint8Array} */ bytes) => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice());

/** @type {PGlite} */
let pglite;
try {
  pglite = await PGlite.create(dataDir, { relaxedDurability });
} catch (err) {
  port.postMessage({ op: "failed", message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
}

/** @param {{ op: "exec", bytes: Uint8Array } | { op: "reset" } | { op: "close" }} request */
const serve = async (request) => {
  try {
    if (request.op === "exec") {
      const bytes = own(await pglite.execProtocolRaw(request.bytes));
      port.postMessage({ ok: true, bytes }, [bytes.buffer]);
    } else if (request.op === "reset") {
      await pglite.execProtocolRaw(RESET);
      port.postMessage({ ok: true });
    } else {
      if (!pglite.closed) await pglite.close();
      port.postMessage({ ok: true });
    }
  } catch (err) {
    port.postMessage({ ok: false, message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    process.exit(1);
  }
};

/** One request at a time, in order. */
let tail = Promise.resolve();
port.on("message", (request) => {
  tail = tail.then(() => serve(request));
});
port.postMessage({ op: "ready" });
