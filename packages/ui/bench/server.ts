import { spawn, type ChildProcess } from "node:child_process";

export interface RunningServer {
  readonly baseUrl: string;
  /** The one-time password of the desk's first admin, `desk.admin`, as the sandbox start prints it (issue 26). */
  readonly deskAdminPassword: string | undefined;
  readonly stop: () => Promise<void>;
}

/**
 * The real server (in-memory PGlite unless `extraEnv` names a DATABASE_URL, sandbox mode, demo data, production) serving
 * `packages/ui/dist` (or `uiDistDir`: a build made elsewhere, as the server's UI_DIST_DIR), in a
 * child process as the browser tests start it. `port` 0 picks a free one.
 */
export const startServer = async (repoDir: string, port: string, uiDistDir?: string, extraEnv: Readonly<Record<string, string>> = {}): Promise<RunningServer> => {
  const server: ChildProcess = spawn(process.execPath, ["--conditions=@fuel/source", "--import", "tsx", "packages/server/src/main.ts"], {
    cwd: repoDir,
    // `extraEnv` may name another DATABASE_URL (the browser tests' copy of a seeded PGlite folder).
    env: { ...process.env, DATABASE_URL: "memory://", PORT: port, HOST: "127.0.0.1", FUEL_MODE: "sandbox", LOG_LEVEL: "warn", NODE_ENV: "production", ...(uiDistDir === undefined ? {} : { UI_DIST_DIR: uiDistDir }), ...extraEnv },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  let out = "";
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${out}`)), 120_000);
    server.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+?)\/?\s/.exec(out);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
  const deskAdminPassword = /sign in as desk\.admin with the one-time password (\S+)/.exec(out)?.[1];
  return {
    baseUrl,
    deskAdminPassword,
    stop: async () => {
      if (server.exitCode === null) server.kill("SIGTERM");
      await exited;
    },
  };
};
