import { Duplex } from "node:stream";
import { Worker } from "node:worker_threads";
import { oneLineOf } from "./folderFailure.ts";
import { Op, type NumberedRequest, type Reply, type Request, type StartFailure, type Startup, type WorkerOptions } from "./messages.mjs";

/**
 * PGlite in a worker thread (./worker.mjs), seen from the main thread as a PostgreSQL
 * server that node-postgres reaches through `connect()` (pg's `stream` option) instead of a
 * socket. The HTTP thread then only parses and serialises protocol messages while PostgreSQL's
 * WebAssembly runs on the other core.
 *
 * There is one session (PGlite is one backend), which several connections share: the worker runs
 * their statements back to back, gives a connection the session alone while it holds a
 * transaction (so transactions never interleave), keeps each connection's prepared statements
 * apart, and rolls back and forgets what a connection that ended held (./worker.mjs).
 */

/** The worker is gone (crashed, killed, or PGlite failed): the database is lost until a restart. */
export class PgliteWorkerLost extends Error {
  override readonly name = "PgliteWorkerLost";
}

export interface PgliteThreadOptions {
  /** A folder, or `memory://`. */
  readonly dataDir: string;
  /** Answer before PGlite's file-system sync: only for memory, where there is nothing to make durable. */
  readonly relaxedDurability: boolean;
  /** Called once if the worker dies without `close()`. Pending and later requests fail with the same error. */
  readonly onLost?: (err: PgliteWorkerLost) => void;
}

export interface PgliteThread {
  /** A new connection to the worker's session, for node-postgres's `stream` option. */
  connect(): Duplex;
  /** Closes PGlite in the worker (its last page written), then ends the thread. Idempotent. */
  close(): Promise<void>;
  /** Why the worker is gone, once it is. */
  readonly lost: PgliteWorkerLost | undefined;
  /** The thread, for tests that kill it. */
  readonly worker: Worker;
}

/**
 * PGlite did not open its folder. The message is PGlite's (one line); `cause` keeps the worker's
 * description (its `code` or Emscripten `errno`) for ./folderFailure.ts to name the cause.
 */
export class PgliteOpenError extends Error {
  override readonly name = "PgliteOpenError";
  constructor(
    readonly dataDir: string,
    failure: StartFailure,
  ) {
    super(`PGlite could not open ${dataDir}: ${oneLineOf(failure)}`, { cause: failure });
  }
}

const WORKER_URL = new URL("./worker.mjs", import.meta.url);

/** Starts the worker and waits until PGlite is open in it (a failure to open rejects, and the thread is gone). */
export const startPgliteThread = async (options: PgliteThreadOptions): Promise<PgliteThread> => {
  const workerData: WorkerOptions = { dataDir: options.dataDir, relaxedDurability: options.relaxedDurability };
  const worker = new Worker(WORKER_URL, { workerData });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: Startup): void => {
      cleanup();
      if (message.op === Op.ready) resolve();
      else reject(new PgliteOpenError(options.dataDir, message.error));
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    const onExit = (code: number): void => {
      cleanup();
      reject(new Error(`the PGlite worker exited with code ${code} while opening ${options.dataDir}`));
    };
    const cleanup = (): void => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
  });
  return new Thread(worker, options.onLost);
};

class Thread implements PgliteThread {
  /** Requests sent and not yet answered, by id: the worker may answer one connection before another that asked first. */
  readonly #waiting = new Map<number, { resolve: (bytes: Uint8Array | undefined) => void; reject: (err: Error) => void }>();
  #nextRequest = 1;
  #nextConnection = 1;
  #lost: PgliteWorkerLost | undefined;
  #closing = false;
  #closed: Promise<void> | undefined;
  #crashError: Error | undefined;

  constructor(
    readonly worker: Worker,
    onLost: ((err: PgliteWorkerLost) => void) | undefined,
  ) {
    // The worker keeps the process alive only while a request waits for it: an idle database
    // must not keep a finished CLI command (or a test) from exiting.
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const waiter = this.#waiting.get(reply.id);
      this.#waiting.delete(reply.id);
      // Not while closing: the termination keeps it referenced until the thread has exited.
      if (this.#waiting.size === 0 && !this.#closing) worker.unref();
      if (waiter === undefined) return;
      if (reply.ok) waiter.resolve(reply.bytes);
      else waiter.reject(new PgliteWorkerLost(`PGlite failed in its worker: ${reply.message}`));
    });
    worker.on("error", (err) => {
      this.#crashError ??= err;
    });
    worker.on("exit", (code) => {
      const cause = this.#crashError;
      const lost = new PgliteWorkerLost(
        this.#closing ? "the PGlite worker is closed" : `the PGlite worker stopped (exit code ${code}${cause === undefined ? "" : `: ${cause.message}`})`,
        cause === undefined ? undefined : { cause },
      );
      this.#lost = lost;
      for (const waiter of this.#waiting.values()) waiter.reject(lost);
      this.#waiting.clear();
      if (!this.#closing) onLost?.(lost);
    });
  }

  get lost(): PgliteWorkerLost | undefined {
    return this.#lost;
  }

  request(message: Request): Promise<Uint8Array | undefined> {
    if (this.#lost !== undefined) return Promise.reject(this.#lost);
    return new Promise((resolve, reject) => {
      const id = this.#nextRequest++;
      if (this.#waiting.size === 0) this.worker.ref();
      this.#waiting.set(id, { resolve, reject });
      const numbered: NumberedRequest = { ...message, id };
      if (message.op === Op.exec) this.worker.postMessage(numbered, [message.bytes.buffer as ArrayBuffer]);
      else this.worker.postMessage(numbered);
    });
  }

  connect(): Duplex {
    return new WorkerSocket(this, this.#nextConnection++);
  }

  close(): Promise<void> {
    return (this.#closed ??= (async () => {
      if (this.#lost !== undefined) return;
      // From here the thread's end is ours, not a loss to report.
      this.#closing = true;
      try {
        await this.request({ op: Op.close });
      } finally {
        // Kept referenced until it has exited: an unreferenced worker's termination does not keep
        // the process alive, and a command awaiting this close would end with exit code 13.
        this.worker.ref();
        await this.worker.terminate();
      }
    })());
  }
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'

/**
 * One node-postgres connection to the worker, shaped like the socket pg expects (`connect`,
 * `setNoDelay`, `setKeepAlive`, `ref`, `unref`, data in and out). pg writes whole messages; the
 * messages it writes in one turn of the event loop (Parse, Bind, Describe, Execute, Sync of one
 * query) go to the worker as one batch: one crossing each way per query.
 */
class WorkerSocket extends Duplex {
  #unread: Buffer = Buffer.alloc(0);
  #batch: Buffer[] = [];
  #flushScheduled = false;
  /** The last request sent: the stream ends after its answer. */
  #last: Promise<unknown> = Promise.resolve();
  #ended = false;

  constructor(
    readonly thread: Thread,
    readonly conn: number,
  ) {
    super();
  }

  /**
   * The connection is gone (closed by pg, or torn down after an error): the worker rolls back a
   * transaction it held and forgets its statements, as a server does for a closed connection.
   * After its last request, so that it never cuts a statement short.
   */
  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    const conn = this.conn;
    void this.#last
      .catch(() => undefined)
      .then(() => (this.thread.lost === undefined ? this.thread.request({ op: Op.end, conn }) : undefined))
      .catch(() => undefined);
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.#end();
    callback(err);
  }

  connect(): this {
    process.nextTick(() => {
      if (this.thread.lost !== undefined) this.destroy(this.thread.lost);
      else this.emit("connect");
    });
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#unread = this.#unread.length === 0 ? chunk : Buffer.concat([this.#unread, chunk]);
    this.#frame();
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#flush();
    this.#end();
    this.#last.then(
      () => {
        this.push(null);
        callback();
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  /** Splits what pg wrote into messages: start-up ones alone, the others batched. */
  #frame(): void {
    let buf = this.#unread;
    for (;;) {
      if (buf.length < 5) break;
      if (buf[0] === 0) {
        // Untyped: SSLRequest, GSSENCRequest, CancelRequest, StartupMessage (int32 length, int32 code).
        if (buf.length < 8) break;
        const length = buf.readInt32BE(0);
        if (buf.length < length) break;
        const code = buf.readInt32BE(4);
        const message = buf.subarray(0, length);
        buf = buf.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) this.push(Buffer.from("N"));
        else if (code !== CANCEL_REQUEST) {
          this.#flush();
          this.#send([message]);
        }
        continue;
      }
      const length = 1 + buf.readInt32BE(1);
      if (buf.length < length) break;
      const message = buf.subarray(0, length);
      buf = buf.subarray(length);
      // Terminate ends only this connection; PGlite would take it for the end of its one session.
      if (message[0] === TERMINATE) continue;
      this.#batch.push(message);
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        process.nextTick(() => this.#flush());
      }
    }
    this.#unread = buf;
  }

  #flush(): void {
    this.#flushScheduled = false;
    if (this.#batch.length === 0) return;
    const batch = this.#batch;
    this.#batch = [];
    this.#send(batch);
  }

  #send(messages: ReadonlyArray<Buffer>): void {
    // One copy into a buffer of our own: it is transferred to the worker, and pg's buffers (and
    // Buffer.concat's) may be slices of Node's shared pool.
    let length = 0;
    for (const m of messages) length += m.length;
    const bytes = new Uint8Array(length);
    let at = 0;
    for (const m of messages) {
      bytes.set(m, at);
      at += m.length;
    }
    const answer = this.thread.request({ op: Op.exec, conn: this.conn, bytes });
    this.#last = answer.then(
      (reply) => {
        if (reply !== undefined && reply.byteLength > 0 && !this.destroyed) this.push(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength));
      },
      (err: unknown) => {
        this.destroy(err instanceof Error ? err : new Error(String(err)));
      },
    );
  }
}
