import { afterAll, beforeAll, inject } from "vitest";
import { startServer, type RunningServer } from "./server.ts";
import { serverStarted } from "./serverAddress.ts";

// Setup file of the browser tests: this test file's own server (see server.ts for why one each).
let running: RunningServer | undefined;

beforeAll(async () => {
  running = await startServer(inject("distDir"));
  serverStarted(running.baseUrl);
}, 120_000);

afterAll(async () => {
  await running?.stop();
});
