// `npm start`: builds the UI when it is missing or stale, then runs the server (API + built UI on one port).
// The server runs from TypeScript sources through tsx, with the `@fuel/source` export condition
// so workspace packages resolve to their sources (docs/decisions/0003-source-export-condition.md).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { constants } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sourceStamp, STAMP_FILE } from "./uiStamp.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

const npm = (args) => {
  // Under `npm start`, npm_execpath is npm's own CLI: run it with this Node, no PATH lookup.
  const cli = process.env.npm_execpath;
  const [cmd, argv] = cli ? [process.execPath, [cli, ...args]] : [process.platform === "win32" ? "npm.cmd" : "npm", args];
  return spawnSync(cmd, argv, { cwd: root, stdio: "inherit" });
};

// 1. The UI bundle, if it is missing or older than its sources (the stamp of what it was built from).
const uiDist = process.env.UI_DIST_DIR?.trim() || join(root, "packages", "ui", "dist");
const uiPackage = join(root, "packages", "ui", "package.json");
const stampFile = join(uiDist, STAMP_FILE);
const stamp = sourceStamp(root);
const builtFrom = existsSync(stampFile) ? readFileSync(stampFile, "utf8").trim() : undefined;
if (!existsSync(join(uiDist, "index.html")) || builtFrom !== stamp) {
  const scripts = existsSync(uiPackage) ? (JSON.parse(readFileSync(uiPackage, "utf8")).scripts ?? {}) : {};
  if (typeof scripts.build === "string") {
    console.log(`start: ${builtFrom === undefined ? "no UI build yet" : "the UI's sources changed since the last build"}: building the UI first`);
    const built = npm(["run", "build", "-w", "@fuel/ui"]);
    if (built.status !== 0) {
      console.error("start: the UI build failed (see above)");
      process.exit(built.status ?? 1);
    }
    writeFileSync(stampFile, `${stamp}\n`);
  } else {
    console.log("start: note: packages/ui has no build script yet, so only the API is served");
  }
}

// 2. The server, in a child process that gets our signals. With WORKERS=N (PostgreSQL) that child is
// the primary of N server processes (packages/server/src/cluster/supervisor.ts): it stops them all on our signal.
const child = spawn(
  process.execPath,
  ["--conditions=@fuel/source", "--import", "tsx", join("packages", "server", "src", "main.ts")],
  { cwd: root, stdio: "inherit", env: process.env },
);

// A terminal's Ctrl-C reaches the whole process group, so the server may get SIGINT twice; it
// ignores repeats. A signal sent to this process alone (a process manager) is forwarded.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
