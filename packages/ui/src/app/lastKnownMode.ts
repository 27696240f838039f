import type { KeyValueStore } from "@fuel/adapters/ports";

/** Whether the server runs its sandbox stand-ins or the real channels (`GET /api/version`). */
export type ServerMode = "sandbox" | "production";

const KEY = "fuel.serverMode";

/**
 * The server's mode as `read` answers it, remembered on the device; when it cannot be read (the
 * network is gone and the app was started from the service worker's kept shell) the mode this
 * server answered last time. The app still never guesses: with nothing remembered it rejects as
 * `read` did, and the app shows its retry. The remembered answer came from this same origin.
 */
export const orLastKnownMode = async (read: Promise<ServerMode>, store: KeyValueStore): Promise<ServerMode> => {
  try {
    const mode = await read;
    store.set(KEY, mode);
    return mode;
  } catch (error) {
    const kept = store.get(KEY);
    if (kept === "sandbox" || kept === "production") return kept;
    throw error;
  }
};
