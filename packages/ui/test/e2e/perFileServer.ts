import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, inject } from "vitest";
import { startServer, type RunningServer } from "../../bench/server.ts";
import { serverStarted } from "./serverAddress.ts";

const repoDir = fileURLToPath(new URL("../../../..", import.meta.url));

/**
 * Setup file of the browser tests: this test file's own server (in-memory PGlite, sandbox, demo
 * data) on the one build. The sandbox clock, the rate limits (SMS per network, orders per
 * customer) and the demo card owners' orders are the server's state, and one file's use of them
 * must not decide whether another file passes; with nothing shared, two files run at once.
 */
let running: RunningServer | undefined;

beforeAll(async () => {
  // Cheaper password hashes than production's (2^17): a desk file signs in and sets the passwords
  // of a dozen staff, and at production's cost those hashes took most of its time on two cores.
  // What the tests check (who may sign in, the forms, the walks) does not depend on the cost.
  // TRUST_PROXY: the desk's test helpers make staff over HTTP as if from other addresses
  // (deskSupport.ts), so the desk's 20 sign-ins a minute per address count only the browser's.
  running = await startServer(repoDir, "0", inject("distDir"), { PASSWORD_HASH_COST: "10", TRUST_PROXY: "127.0.0.1" });
  serverStarted(running.baseUrl, running.deskAdminPassword);
}, 120_000);

afterAll(async () => {
  await running?.stop();
});
