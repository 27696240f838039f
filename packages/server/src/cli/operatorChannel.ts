import { chmodSync, lstatSync, rmSync } from "node:fs";
import net from "node:net";
import type { Catalogue } from "../catalogue/catalogue.ts";
import type { Database } from "../db/client.ts";
import { sessionCache } from "../identity/sessionCache.ts";
import { runCli, type CliChange } from "./commands.ts";
import { lineSplitter, MAX_REQUEST_BYTES, MAX_SOCKET_PATH_BYTES, parseRequest, type OperatorAnswer, type OperatorRequest } from "./protocol.ts";

/**
 * The server's operator channel: the operators' CLI, run inside the server on the server's own
 * database handle, for a `npm run fuel -- ...` started while the server holds the PGlite folder
 * (a second process must never open the folder: src/db/pglite/folderLock.ts). Its writes are the
 * server's own, so the caches they touch are evicted at once.
 *
 * Why a Unix domain socket beside the folder and not TCP (or @electric-sql/pglite-socket): it
 * runs the same `runCli` as a CLI on its own, so the commands, checks and messages are one code
 * path, and nothing but those commands is reachable; the socket file is the operator account's
 * alone (mode 0600: a process of another user cannot even connect), and a TCP port would be
 * reachable by every local user, or further. pglite-socket would expose the whole database to
 * raw SQL and leave the server's caches unaware of what changed.
 */

export interface OperatorChannelOptions {
  /** Where to listen (`operatorSocketPathOf(folder)`). The caller holds the folder's lock. */
  readonly socketPath: string;
  readonly db: Database;
  /** The server's clock, so codes and blacklist rows carry the same time as its other rows. */
  readonly now: () => Date;
  /** The server's catalogue cache, evicted after an import. */
  readonly catalogue: Pick<Catalogue, "clear">;
  /** The server's `PASSWORD_HASH_COST`, for staff passwords set through the channel. */
  readonly passwordHashCost?: number;
  readonly log: { info(message: string): void; error(message: string): void };
}

export interface OperatorChannel {
  readonly path: string;
  /** Stops accepting, lets commands in flight finish, removes the socket. Idempotent. */
  close(): Promise<void>;
}

/** The channel could not be opened (a path too long for a socket, something else in its place). */
export class OperatorChannelError extends Error {
  override readonly name = "OperatorChannelError";
}

export const openOperatorChannel = async (options: OperatorChannelOptions): Promise<OperatorChannel> => {
  const { socketPath } = options;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    throw new OperatorChannelError(
      `the operator socket path ${socketPath} is longer than ${MAX_SOCKET_PATH_BYTES} bytes, which Unix sockets cannot hold: move the PGlite folder to a shorter path`,
    );
  }
  removeStaleSocket(socketPath);

  const inFlight = new Set<Promise<void>>();
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on("close", () => connections.delete(socket));
    // The CLI went away (Ctrl-C): the command still finishes, its output has nowhere to go.
    socket.on("error", () => {});
    let received = 0;
    let started = false;
    const start = (answer: () => Promise<void>): void => {
      started = true;
      const running = answer().finally(() => inFlight.delete(running));
      inFlight.add(running);
    };
    const onLine = lineSplitter((line) => {
      if (started) return;
      const request = parseRequest(line);
      start(async () => {
        if (request === undefined) {
          send(socket, { err: "fuel: the server did not understand the request (is the CLI from the same version as the server?)" });
          send(socket, { exit: 2 });
        } else {
          await execute(request, socket, options);
        }
        socket.end();
      });
    });
    socket.on("data", (chunk: Buffer) => {
      if (started) return;
      received += chunk.length;
      if (received > MAX_REQUEST_BYTES) {
        start(async () => {
          send(socket, { err: `fuel: the request is larger than ${MAX_REQUEST_BYTES / 1024 / 1024} MiB` });
          send(socket, { exit: 1 });
          socket.end();
        });
        return;
      }
      onLine(chunk);
    });
  });
  await listenOwnerOnly(server, socketPath);

  let closing: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.allSettled([...inFlight]);
    // Connected but never sent a command: nothing to wait for.
    for (const socket of connections) socket.destroy();
    await closed;
    // Node removes the socket file on close; this is for the case where it could not.
    rmSync(socketPath, { force: true });
  };
  return { path: socketPath, close: () => (closing ??= close()) };
};

const send = (socket: net.Socket, answer: OperatorAnswer): void => {
  if (!socket.destroyed && socket.writable) socket.write(`${JSON.stringify(answer)}\n`);
};

const execute = async (request: OperatorRequest, socket: net.Socket, options: OperatorChannelOptions): Promise<void> => {
  const command = request.args.slice(0, 2).join(" ");
  let code: number;
  try {
    code = await runCli(request.args, {
      db: options.db,
      now: options.now,
      ...(options.passwordHashCost === undefined ? {} : { passwordHashCost: options.passwordHashCost }),
      out: (text) => send(socket, { out: text }),
      err: (text) => send(socket, { err: text }),
      readFile: async (path) => {
        const text = request.files[path];
        if (text === undefined) throw new Error("the CLI did not send this file");
        return text;
      },
      changed: (what: CliChange) => {
        if (what === "catalogue") options.catalogue.clear();
        else sessionCache.clear();
      },
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    options.log.error(`operator command '${command}' failed: ${err instanceof Error ? (err.stack ?? message) : message}`);
    send(socket, { err: `fuel: the command failed in the server: ${message}` });
    code = 1;
  }
  // The command, never its arguments: they may be customers' phone numbers.
  options.log.info(`operator command '${command}' through the operator socket: exit ${code}`);
  send(socket, { exit: code });
};

/**
 * A socket file left by a server that died: ours to remove, because the caller holds the folder's
 * lock, so no live server can be listening on it. Anything else in its place is refused.
 */
const removeStaleSocket = (path: string): void => {
  let stat;
  try {
    stat = lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  if (!stat.isSocket()) throw new OperatorChannelError(`${path} exists and is not a socket: move it away so the operators' CLI can reach the server`);
  rmSync(path, { force: true });
};

/**
 * Listens with the socket file created as 0600 (owner only) from the start: the umask is narrowed
 * around `listen`, whose bind is synchronous, so no other code of this process sees it narrowed.
 * The chmod after is for where the umask cannot be changed (worker threads).
 */
const listenOwnerOnly = (server: net.Server, path: string): Promise<void> =>
  new Promise((resolve, reject) => {
    let previous: number | undefined;
    try {
      previous = process.umask(0o177);
    } catch {
      // worker thread: rely on the chmod below
    }
    server.once("error", reject);
    try {
      server.listen(path, () => {
        server.off("error", reject);
        try {
          chmodSync(path, 0o600);
          resolve();
        } catch (err) {
          server.close();
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    } finally {
      if (previous !== undefined) process.umask(previous);
    }
  });
