// `npm run dev`: the API server (restarting on change, tsx watch) and Vite's dev server with hot
// reload, which proxies /api and /sandbox to it. Open the URL Vite prints.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const apiPort = process.env.FUEL_API_PORT ?? "8080";

const children = [
  spawn(process.execPath, [join(root, "node_modules", "tsx", "dist", "cli.mjs"), "watch", "--conditions=@fuel/source", join("packages", "server", "src", "main.ts")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1" },
  }),
  spawn(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js"), "--host", "127.0.0.1"], {
    cwd: join(root, "packages", "ui"),
    stdio: "inherit",
    env: { ...process.env, FUEL_API_PORT: apiPort },
  }),
];

const stop = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
for (const child of children) child.on("exit", (code) => {
  stop("SIGTERM");
  process.exitCode = code ?? 1;
});
