import { Constants } from "@fuel/domain";

/** Whether the server runs its sandbox stand-ins (DESIGN.md §4) or the real channels. */
export type ServerMode = "sandbox" | "production";

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null;

/**
 * The mode in a `GET /api/version` answer (`{status: "success", data: {version, label, mode?}}`),
 * or undefined when the body is anything else. Checked by hand rather than with the contract's
 * schema, so the app can read it before the contract's chunk has arrived. A version answer without
 * `mode` is a sandbox one, as the contract's `VersionResponse` and the app always read it.
 */
export const modeOfVersionAnswer = (body: unknown): ServerMode | undefined => {
  if (!isRecord(body) || body["status"] !== "success" || !isRecord(body["data"])) return undefined;
  const { version, label, mode } = body["data"];
  if (typeof version !== "string" || typeof label !== "string") return undefined;
  if (mode === undefined || mode === "sandbox") return "sandbox";
  return mode === "production" ? "production" : undefined;
};

export interface ReadServerModeOptions {
  readonly fetch?: typeof fetch;
  /** Where `/api` lives: "" for the same origin. */
  readonly baseUrl?: string;
  /** Spec §7/§9: 10 s. */
  readonly timeoutMs?: number;
}

/**
 * Reads the server's mode with a plain `fetch`: no token, no contract, no headers, so it is the
 * very request index.html preloads (`<link rel="preload" as="fetch">`) and the browser answers it
 * from that preload. Rejects when it cannot be read (no answer in time, not 2xx, not a version
 * answer): the app then fails closed rather than guess.
 */
export const readServerMode = async (options: ReadServerModeOptions = {}): Promise<ServerMode> => {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? Constants.REQUEST_TIMEOUT_MS);
  try {
    const response = await doFetch(`${options.baseUrl ?? ""}/api/version`, { signal: controller.signal });
    if (!response.ok) throw new Error(`GET /api/version answered ${response.status}`);
    const mode = modeOfVersionAnswer(await response.json());
    if (mode === undefined) throw new Error("GET /api/version did not answer a version");
    return mode;
  } finally {
    clearTimeout(timer);
  }
};

/**
 * A loader for a port whose implementation depends on the server's mode: it waits for `mode`,
 * then loads that mode's implementation. When the mode cannot be read it rejects without loading
 * either, so the lazy port fails with its own error: never the sandbox's stand-in by default.
 */
export const forMode =
  <P>(mode: Promise<ServerMode>, loaders: { readonly sandbox: () => Promise<P>; readonly production: () => Promise<P> }): (() => Promise<P>) =>
  async () =>
    loaders[await mode]();
