/**
 * `@fuel/server`'s public entry: what the process entry (`src/main.ts`), the benchmarks and other
 * packages' tests (the adapters' contract test) use to bring the server up. Everything else is
 * internal to the package.
 * @module
 */
export { startServer, type RunningServer, type ServerOptions } from "./server.ts";
export { ConfigError, loadConfig, type Config } from "./config.ts";
export { SandboxClock } from "./providers/clock/Sandbox.ts";
