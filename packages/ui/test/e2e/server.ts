import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoDir = fileURLToPath(new URL("../../../..", import.meta.url));

export interface RunningServer {
  readonly baseUrl: string;
  readonly stop: () => Promise<void>;
}

/**
 * The real server (in-memory PGlite, sandbox mode, demo data) serving the build in `distDir`, on
 * a free port. Each browser test file gets its own (perFileServer.ts): the sandbox clock, the
 * rate limits (SMS per network, orders per customer) and the demo card owners' orders are the
 * server's state, and one file's use of them must not decide whether another file passes.
 */
export const startServer = (distDir: string): Promise<RunningServer> => {
  const server: ChildProcess = spawn(process.execPath, ["--conditions=@fuel/source", "--import", "tsx", "packages/server/src/main.ts"], {
    cwd: repoDir,
    env: { ...process.env, DATABASE_URL: "memory://", PORT: "0", HOST: "127.0.0.1", FUEL_MODE: "sandbox", LOG_LEVEL: "warn", NODE_ENV: "production", UI_DIST_DIR: distDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  return new Promise<RunningServer>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${out}`)), 120_000);
    server.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+?)\/?\s/.exec(out);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({
          baseUrl: match[1],
          stop: async () => {
            server.kill("SIGTERM");
            await exited;
          },
        });
      }
    });
    server.on("exit", (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
};
