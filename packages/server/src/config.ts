import { fileURLToPath } from "node:url";
import { PLATFORM_KEY_PAIRS, platformPairingProblem, secretFormProblem } from "./secretForms.ts";
import { parsePasswordHashCost } from "./security/passwordCost.ts";

/**
 * The server's configuration, read from the environment once at start-up. `loadConfig` is pure
 * over the env object it is given (no I/O, no `process.env` read), so every rule is unit-tested,
 * and it reports every problem at once so an operator fixes the environment in one go.
 * docs/operations.md lists every variable.
 */

/** `sandbox` runs stand-ins for the outside world (DESIGN.md §4); `production` talks to the real systems. */
export type FuelMode = "sandbox" | "production";

/** pino's levels plus `silent`. */
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
export const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/**
 * Where the data lives. PGlite (embedded PostgreSQL) in a folder or in memory, or a PostgreSQL
 * server through a node-postgres pool. All three run the same `drizzle/` migrations.
 */
export type DatabaseConfig =
  | { readonly kind: "pglite-dir"; readonly dir: string }
  | { readonly kind: "pglite-memory" }
  | { readonly kind: "postgres"; readonly url: string };

/** The external systems behind a provider interface (DESIGN.md §4), plus the clock. */
export type ProviderSystem = "clock" | "oauth" | "sms" | "wechatPay" | "fyPay" | "cashier" | "distributor" | "invoice";
export const PROVIDER_SYSTEMS: readonly ProviderSystem[] = ["clock", "oauth", "sms", "wechatPay", "fyPay", "cashier", "distributor", "invoice"];
/**
 * `desk`: the system is our own staff desk (issue 26), not an outside service: cashiers redeem and
 * the card distributor settles at `/desk` (src/desk/acts). No secret, no sandbox.
 */
export type ProviderKind = "sandbox" | "production" | "desk";

/**
 * The environment variable that may override each provider (default: the mode's kind), the
 * secrets its production implementation cannot run without, and the optional settings it reads
 * when they are set (their form is checked then). `kinds`: the implementations it has (default
 * sandbox and production); `productionKind`: the one production mode runs by default.
 */
export const PROVIDERS: Readonly<
  Record<
    ProviderSystem,
    {
      readonly env: string;
      readonly secrets: readonly SecretName[];
      readonly optional?: readonly SecretName[];
      readonly kinds?: readonly ProviderKind[];
      readonly productionKind?: ProviderKind;
    }
  >
> = {
  clock: { env: "CLOCK_PROVIDER", secrets: [] },
  oauth: { env: "OAUTH_PROVIDER", secrets: ["WECHAT_APP_ID", "WECHAT_APP_SECRET"] },
  sms: { env: "SMS_PROVIDER", secrets: ["SMS_API_KEY"] },
  wechatPay: {
    env: "WECHAT_PAY_PROVIDER",
    secrets: [
      "WECHAT_APP_ID",
      "WECHAT_MCH_ID",
      "WECHAT_PAY_PRIVATE_KEY",
      "WECHAT_PAY_CERT_SERIAL",
      "WECHAT_PAY_PLATFORM_PUBLIC_KEY",
      "WECHAT_PAY_PLATFORM_SERIAL",
      "WECHAT_PAY_API_V3_KEY",
      "PUBLIC_BASE_URL",
    ],
    optional: ["WECHAT_PAY_API_BASE_URL"],
  },
  fyPay: {
    env: "FY_PAY_PROVIDER",
    secrets: [
      "FY_APP_ID",
      "FY_MCH_ID",
      "FY_PAY_PRIVATE_KEY",
      "FY_CERT_SERIAL",
      "FY_PAY_PLATFORM_PUBLIC_KEY",
      "FY_PAY_PLATFORM_SERIAL",
      "FY_API_V3_KEY",
      "FY_API_BASE_URL",
      "PUBLIC_BASE_URL",
    ],
  },
  // No outside cashier or distributor system is integrated: production runs them through the desk.
  cashier: { env: "CASHIER_PROVIDER", secrets: [], kinds: ["sandbox", "desk"], productionKind: "desk" },
  distributor: { env: "DISTRIBUTOR_PROVIDER", secrets: [], kinds: ["sandbox", "desk"], productionKind: "desk" },
  // The e-invoice provider (issue 35): WeChat Pay's refined-oil e-invoice API, signed with the
  // payment merchant's keys, for the sub-merchant that sells (src/invoicing/provider/index.ts).
  invoice: {
    env: "INVOICE_PROVIDER",
    secrets: [
      "WECHAT_APP_ID",
      "WECHAT_MCH_ID",
      "WECHAT_PAY_PRIVATE_KEY",
      "WECHAT_PAY_CERT_SERIAL",
      "WECHAT_PAY_PLATFORM_PUBLIC_KEY",
      "WECHAT_PAY_PLATFORM_SERIAL",
      "WECHAT_PAY_API_V3_KEY",
      "WECHAT_FAPIAO_SUB_MCH_ID",
      "WECHAT_FAPIAO_BILLING_PERSON_ID",
    ],
    optional: ["WECHAT_PAY_API_BASE_URL"],
  },
};

/**
 * Every value a production provider cannot run without (secrets, and the few settings that go
 * with them, such as the public origin the payment channels notify). Values are never echoed in
 * errors or logs. PEM keys may be given with `\n` escapes instead of line breaks.
 */
export const SECRET_NAMES = [
  "WECHAT_APP_ID",
  "WECHAT_APP_SECRET",
  "WECHAT_MCH_ID",
  "WECHAT_PAY_PRIVATE_KEY",
  "WECHAT_PAY_CERT_SERIAL",
  "WECHAT_PAY_PLATFORM_PUBLIC_KEY",
  "WECHAT_PAY_PLATFORM_SERIAL",
  "WECHAT_PAY_API_V3_KEY",
  "WECHAT_PAY_API_BASE_URL",
  "FY_APP_ID",
  "FY_MCH_ID",
  "FY_PAY_PRIVATE_KEY",
  "FY_CERT_SERIAL",
  "FY_PAY_PLATFORM_PUBLIC_KEY",
  "FY_PAY_PLATFORM_SERIAL",
  "FY_API_V3_KEY",
  "FY_API_BASE_URL",
  "PUBLIC_BASE_URL",
  "SMS_API_KEY",
  // The seller's sub-merchant id and its 数电 billing person id for e-invoices (INVOICE_PROVIDER).
  "WECHAT_FAPIAO_SUB_MCH_ID",
  "WECHAT_FAPIAO_BILLING_PERSON_ID",
  // Read when set (the card references' key, src/recharge/cardRefs.ts); no provider needs it.
  "DISTRIBUTOR_API_KEY",
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/**
 * The map service the production app uses (its key is built into the UI as `VITE_AMAP_KEY`): the
 * page policy lets the browser reach it (src/http/security.ts). `none`: no map service.
 */
export type MapProvider = "none" | "amap";

/** Fastify's `trustProxy`: off, on (trust every hop), a hop count, or a list of addresses/CIDRs. */
export type TrustProxy = boolean | number | readonly string[];

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  readonly mode: FuelMode;
  readonly logLevel: LogLevel;
  /** Which implementation each external system uses. In production mode, all are `production`. */
  readonly providers: Readonly<Record<ProviderSystem, ProviderKind>>;
  /** The secrets present in the environment (only the known names). */
  readonly secrets: Readonly<Partial<Record<SecretName, string>>>;
  /** The built UI served at `/` (SPA); absent folder = API only. */
  readonly uiDistDir: string;
  readonly trustProxy: TrustProxy;
  readonly mapProvider: MapProvider;
  /** log2 of scrypt's N for new password hashes (`PASSWORD_HASH_COST`, default 17; production refuses less). */
  readonly passwordHashCost: number;
  /**
   * How many server processes share the port (`WORKERS`, src/cluster/plan.ts): 1 (the default) is one
   * process as always; `auto` is one per core the system gives us. More than one needs PostgreSQL.
   */
  readonly workers: Workers;
}

/** `WORKERS`: a count of server processes, or `auto` (one per available core; one on PGlite). */
export type Workers = number | "auto";

/** More processes than this on one host is a typo, not a plan. */
export const MAX_WORKERS = 128;

/** All problems found in the environment; `message` lists them one per line. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** The monorepo root, from this file's place in it (packages/server/src/config.ts). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Default PGlite folder: `<repo root>/data/pglite`, whatever the working directory, so
 * `npm start` from the root and `npm start -w @fuel/server` share one database. `data/` is git-ignored.
 */
export const DEFAULT_PGLITE_DIR = fileURLToPath(new URL("../../../data/pglite", import.meta.url));
export const DEFAULT_UI_DIST_DIR = fileURLToPath(new URL("../../ui/dist", import.meta.url));
export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = "127.0.0.1";

type Env = Readonly<Record<string, string | undefined>>;

/** An env var's value, with blank treated as unset (a `PORT=` line in a file means "default"). */
const read = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v === undefined || v === "" ? undefined : v;
};

const parsePort = (raw: string | undefined, problems: string[]): number => {
  if (raw === undefined) return DEFAULT_PORT;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    problems.push(`PORT must be an integer from 0 to 65535, got '${raw}'`);
    return DEFAULT_PORT;
  }
  return Number(raw);
};

const parseHost = (raw: string | undefined, problems: string[]): string => {
  if (raw === undefined) return DEFAULT_HOST;
  if (/\s|\/|^https?:/i.test(raw)) {
    problems.push(`HOST must be a host name or IP address to listen on (e.g. 127.0.0.1 or 0.0.0.0), got '${raw}'`);
    return DEFAULT_HOST;
  }
  return raw;
};

const parseDatabase = (raw: string | undefined, problems: string[]): DatabaseConfig => {
  if (raw === undefined) return { kind: "pglite-dir", dir: DEFAULT_PGLITE_DIR };
  if (raw === "memory://") return { kind: "pglite-memory" };
  if (/^postgres(ql)?:\/\//i.test(raw)) {
    try {
      const url = new URL(raw);
      if (url.hostname === "" && !url.searchParams.has("host")) throw new Error("no host");
      return { kind: "postgres", url: raw };
    } catch {
      // The URL may carry a password: never echo it.
      problems.push("DATABASE_URL looks like a PostgreSQL URL but cannot be parsed (expected postgres://user:password@host:port/database)");
      return { kind: "pglite-memory" };
    }
  }
  if (raw.startsWith("file:")) {
    const dir = raw.startsWith("file://") ? fileURLToPath(raw) : raw.slice("file:".length);
    if (dir !== "") return { kind: "pglite-dir", dir };
  }
  problems.push(
    "DATABASE_URL must be unset (PGlite files under ./data/pglite), 'memory://' (in-memory PGlite), " +
      "'file:<folder>' (PGlite files in that folder) or 'postgres://...' / 'postgresql://...' (a PostgreSQL server)",
  );
  return { kind: "pglite-memory" };
};

/**
 * `WORKERS`: `auto` or a whole number from 1 to {@link MAX_WORKERS}. PGlite is one process (one
 * engine in the server's memory, its folder locked by that process), so an explicit count above
 * 1 on PGlite is refused; `auto` there means one (src/cluster/plan.ts says so at start-up).
 */
const parseWorkers = (raw: string | undefined, database: DatabaseConfig, problems: string[]): Workers => {
  if (raw === undefined) return 1;
  if (raw.toLowerCase() === "auto") return "auto";
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_WORKERS) {
    problems.push(`WORKERS must be 'auto' or a whole number of server processes from 1 to ${MAX_WORKERS}, got '${raw}'`);
    return 1;
  }
  const count = Number(raw);
  if (count > 1 && database.kind !== "postgres") {
    problems.push(
      `WORKERS=${count} needs PostgreSQL (DATABASE_URL=postgres://...): PGlite runs inside one process, which locks its folder; use WORKERS=1, or unset it`,
    );
    return 1;
  }
  return count;
};

const parseMode = (raw: string | undefined, problems: string[]): FuelMode => {
  if (raw === undefined || raw === "sandbox") return "sandbox";
  if (raw === "production") return "production";
  problems.push(`FUEL_MODE must be 'sandbox' or 'production', got '${raw}'`);
  return "sandbox";
};

const parseLogLevel = (raw: string | undefined, problems: string[]): LogLevel => {
  if (raw === undefined) return "info";
  const level = raw.toLowerCase();
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel;
  problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got '${raw}'`);
  return "info";
};

const parseTrustProxy = (raw: string | undefined, problems: string[]): TrustProxy => {
  if (raw === undefined || raw === "false") return false;
  if (raw === "true") return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (list.length > 0 && list.every((s) => /^[0-9a-fA-F.:/]+$/.test(s))) return list;
  problems.push(`TRUST_PROXY must be 'true', 'false', a hop count, or a comma-separated list of addresses/CIDRs, got '${raw}'`);
  return false;
};

const parseMapProvider = (raw: string | undefined, problems: string[]): MapProvider => {
  if (raw === undefined || raw === "none") return "none";
  if (raw === "amap") return "amap";
  problems.push(`MAP_PROVIDER must be 'amap' or 'none', got '${raw}'`);
  return "none";
};

/**
 * Reads and validates the configuration. Throws a {@link ConfigError} listing every problem.
 *
 * Production mode refuses sandbox providers (a movable clock or a fake payment channel in
 * production would be a disaster) and refuses to start without the secrets of its providers.
 */
export const loadConfig = (env: Env): Config => {
  const problems: string[] = [];
  const port = parsePort(read(env, "PORT"), problems);
  const host = parseHost(read(env, "HOST"), problems);
  const database = parseDatabase(read(env, "DATABASE_URL"), problems);
  const mode = parseMode(read(env, "FUEL_MODE"), problems);
  const logLevel = parseLogLevel(read(env, "LOG_LEVEL"), problems);
  const trustProxy = parseTrustProxy(read(env, "TRUST_PROXY"), problems);
  const uiDistDir = read(env, "UI_DIST_DIR") ?? DEFAULT_UI_DIST_DIR;
  const mapProvider = parseMapProvider(read(env, "MAP_PROVIDER"), problems);
  const passwordHashCost = parsePasswordHashCost(read(env, "PASSWORD_HASH_COST"), mode, problems);
  const workers = parseWorkers(read(env, "WORKERS"), database, problems);

  const providers = {} as Record<ProviderSystem, ProviderKind>;
  const sandboxInProduction: string[] = [];
  for (const system of PROVIDER_SYSTEMS) {
    const { env: name, kinds = ["sandbox", "production"], productionKind = "production" } = PROVIDERS[system];
    const raw = read(env, name);
    let kind: ProviderKind = mode === "production" ? productionKind : "sandbox";
    const named = kinds.find((k) => k === raw);
    if (named !== undefined) kind = named;
    else if (raw !== undefined) problems.push(`${name} must be ${kinds.map((k) => `'${k}'`).join(" or ")}, got '${raw}'`);
    if (mode === "production" && kind === "sandbox") sandboxInProduction.push(`${name}=sandbox`);
    providers[system] = kind;
  }
  if (sandboxInProduction.length > 0) {
    problems.push(`FUEL_MODE=production refuses sandbox providers: ${sandboxInProduction.join(", ")}`);
  }

  const secrets: Partial<Record<SecretName, string>> = {};
  for (const name of SECRET_NAMES) {
    const value = read(env, name);
    if (value !== undefined) secrets[name] = value;
  }
  const missing = new Set<SecretName>();
  for (const system of PROVIDER_SYSTEMS) {
    if (providers[system] !== "production") continue;
    for (const name of PROVIDERS[system].secrets) if (secrets[name] === undefined) missing.add(name);
  }
  if (missing.size > 0) {
    const ordered = SECRET_NAMES.filter((n) => missing.has(n));
    const who = mode === "production" ? "FUEL_MODE=production needs" : "the production providers need";
    problems.push(`${who} these environment variables, which are missing: ${ordered.join(", ")}`);
  }
  // The form of every secret a production provider will use (a key that parses, a 32-byte v3
  // key, an HTTPS origin): one line per bad variable, never its value (src/secretForms.ts).
  const used = new Set<SecretName>();
  for (const system of PROVIDER_SYSTEMS) {
    if (providers[system] !== "production") continue;
    for (const name of [...PROVIDERS[system].secrets, ...(PROVIDERS[system].optional ?? [])]) used.add(name);
  }
  for (const name of SECRET_NAMES) {
    const value = secrets[name];
    const problem = used.has(name) && value !== undefined ? secretFormProblem(name, value) : undefined;
    if (problem !== undefined) problems.push(problem);
  }
  // One platform key per serial, in the same order: the serial of a notification picks its key.
  for (const [serials, keys] of PLATFORM_KEY_PAIRS) {
    const [s, k] = [secrets[serials], secrets[keys]];
    const problem = used.has(serials) && s !== undefined && k !== undefined ? platformPairingProblem(serials, s, keys, k) : undefined;
    if (problem !== undefined) problems.push(problem);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return { port, host, database, mode, logLevel, providers, secrets, uiDistDir, trustProxy, mapProvider, passwordHashCost, workers };
};
