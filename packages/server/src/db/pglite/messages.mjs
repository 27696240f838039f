// @ts-check

/**
 * What the main thread (./thread.ts) and PGlite's worker (./worker.mjs) say to each other, declared
 * once for both: plain JavaScript, so that the worker can import it without tsx, and JSDoc types,
 * which TypeScript reads (the server's tsconfig has `allowJs`) and checks the worker against.
 *
 * - Start: the thread gives {@link WorkerOptions} as `workerData`; the worker answers one
 *   {@link Startup}, `ready` once PGlite is open or `failed` (and the thread ends).
 * - Then each {@link Request} goes with an `id` ({@link NumberedRequest}), which its {@link Reply}
 *   carries: the worker may answer one connection before another that asked first. An `exec`
 *   transfers its bytes, and so does the reply that answers it.
 */

/** The `op` of each message. */
export const Op = /** @type {const} */ ({
  /** Thread to worker: run one connection's batch of frontend messages. */
  exec: "exec",
  /** Thread to worker: the connection is gone: roll back what it holds, forget its statements. */
  end: "end",
  /** Thread to worker: close PGlite (its last page written). */
  close: "close",
  /** Worker to thread, at start: PGlite is open. */
  ready: "ready",
  /** Worker to thread, at start: PGlite did not open (the worker then exits). */
  failed: "failed",
});

/**
 * The thread's `workerData`.
 * @typedef {object} WorkerOptions
 * @property {string} dataDir A folder, or `memory://`.
 * @property {boolean} relaxedDurability Answer before PGlite's file-system sync (memory only).
 */

/**
 * Why PGlite did not open, as plain data (structured-cloned): its name, message and error code
 * (Node's `code`, or Emscripten's `errno` number), without the stack.
 * @typedef {object} StartFailure
 * @property {string} [name]
 * @property {string} [message]
 * @property {string} [code]
 * @property {number} [errno]
 */

/**
 * The worker's one message at start.
 * @typedef {{ readonly op: typeof Op.ready } | { readonly op: typeof Op.failed, readonly error: StartFailure }} Startup
 */

/**
 * What the thread asks of the worker.
 * @typedef {{ readonly op: typeof Op.exec, readonly conn: number, readonly bytes: Uint8Array }
 *   | { readonly op: typeof Op.end, readonly conn: number }
 *   | { readonly op: typeof Op.close }} Request
 */

/**
 * A request as posted: numbered, for its reply.
 * @typedef {Request & { readonly id: number }} NumberedRequest
 */

/**
 * The worker's answer to a request. `ok: false` is a failure of PGlite itself (an SQL error is
 * ErrorResponse bytes in an `ok` reply): the worker ends after it.
 * @typedef {{ readonly id: number, readonly ok: true, readonly bytes?: Uint8Array }
 *   | { readonly id: number, readonly ok: false, readonly message: string }} Reply
 */
