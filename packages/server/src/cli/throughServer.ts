import net from "node:net";
import { lineSplitter, parseAnswer, type OperatorRequest } from "./protocol.ts";

/** The CLI's side of the operator channel (./operatorChannel.ts). */

export type ThroughServer =
  /** The server ran the command (or was cut off while running it): the exit code to use. */
  | { readonly reached: true; readonly exitCode: number }
  /** Nobody answers on the socket: nothing was sent, so the command did not run. */
  | { readonly reached: false; readonly reason: string };

export interface Output {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

const unreachable = (path: string, err: NodeJS.ErrnoException): string => {
  if (err.code === "ENOENT") return `there is no operator socket ${path}`;
  if (err.code === "ECONNREFUSED") return `nothing listens on the operator socket ${path} (left by a server that stopped)`;
  if (err.code === "EACCES" || err.code === "EPERM") return `the operator socket ${path} belongs to another user: run the command as the server's user`;
  return `cannot connect to the operator socket ${path}: ${err.message}`;
};

/**
 * Sends one command to the server listening on `socketPath` and relays its output. Once the
 * request is sent it is never sent again, whatever happens: the command may have run.
 */
export const runThroughServer = (socketPath: string, request: OperatorRequest, output: Output): Promise<ThroughServer> =>
  new Promise((resolve) => {
    let connected = false;
    let exitCode: number | undefined;
    let settled = false;
    const settle = (outcome: ThroughServer): void => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const socket = net.createConnection({ path: socketPath });
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on(
      "data",
      lineSplitter((line) => {
        const answer = parseAnswer(line);
        if (answer === undefined) return;
        if ("out" in answer) output.out(answer.out);
        else if ("err" in answer) output.err(answer.err);
        else exitCode = answer.exit;
      }),
    );
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (!connected) settle({ reached: false, reason: unreachable(socketPath, err) });
    });
    socket.on("close", () => {
      if (!connected) return settle({ reached: false, reason: `the operator socket ${socketPath} closed the connection` });
      if (exitCode === undefined) {
        output.err("fuel: the server closed the connection before the command finished (is it stopping?); check with a list command whether it took effect");
        return settle({ reached: true, exitCode: 1 });
      }
      return settle({ reached: true, exitCode });
    });
  });
