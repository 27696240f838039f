import type { Config } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { exitOnSignals } from "../lifecycle.ts";
import { adoptSandboxKeys, sandboxKeyFingerprint } from "../payments/sandbox/keys.ts";
import { clockFor, SandboxClock } from "../providers/clock/index.ts";
import { SandboxSmsProvider } from "../providers/sms/Sandbox.ts";
import { startServer } from "../server.ts";
import { linkToPrimary } from "./sandboxSync.ts";

/**
 * Runs one worker: waits for the primary's shared state, opens the database (already migrated by
 * the primary), builds the server, links its sandbox clock and SMS inbox to the others, listens on
 * the shared port, and stops gracefully on SIGINT/SIGTERM.
 */
export const runWorker = async (config: Config): Promise<void> => {
  const link = linkToPrimary();
  link.send({ type: "fuel:hello" });
  const init = await link.init;
  try {
    if (init.sandboxKeys !== null) adoptSandboxKeys(init.sandboxKeys);
    const clock = clockFor(config);
    if (clock instanceof SandboxClock) {
      clock.catchUp(init.clockOffsetMs);
      clock.shareWith = (advancedMs) => link.share({ type: "fuel:share-clock", advancedMs }, () => clock.offsetMs);
    }
    const database = await openDatabase(config, { onPoolError: (err) => console.error(`database pool error: ${err.message}`) });
    let server;
    try {
      server = await startServer({ config, database, clock, seedDemo: false, listen: false, sweeper: init.runsSweeper, warn: (line) => console.error(line) });
    } catch (err) {
      await database.close().catch(() => {});
      throw err;
    }
    const sms = server.app.deps.providers.sms;
    if (sms instanceof SandboxSmsProvider) {
      for (const [phone, message] of init.sms) sms.keep(phone, message);
      sms.shareWith = async (phone, message) => {
        await link.share({ type: "fuel:share-sms", phone, message }, () => 0);
      };
    }
    link.onShared((m) => {
      if (m.type === "fuel:clock" && clock instanceof SandboxClock) clock.catchUp(m.offsetMs);
      else if (m.type === "fuel:sms" && sms instanceof SandboxSmsProvider) sms.keep(m.phone, m.message);
    });
    const running = server;
    const stop = async (): Promise<void> => {
      try {
        await running.close();
      } finally {
        await database.close();
      }
    };
    try {
      await running.app.listen({ port: config.port, host: config.host });
    } catch (err) {
      await stop().catch(() => {});
      throw err;
    }
    exitOnSignals(stop, (msg) => running.app.log.info(msg));
    const address = running.app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : config.port;
    const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}/`;
    const fingerprint = init.sandboxKeys === null ? {} : { sandboxKeys: sandboxKeyFingerprint() };
    running.app.log.info({ worker: init.slot + 1, sweeper: init.runsSweeper, ...fingerprint }, init.runsSweeper ? "worker listening; it runs the background sweep" : "worker listening");
    link.send({ type: "fuel:listening", url });
  } catch (err) {
    // The primary says it once, for all workers (a port in use fails each of them alike).
    link.send({ type: "fuel:failed", message: err instanceof Error ? err.message : String(err) }, () => process.exit(1));
  }
};
