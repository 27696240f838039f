import type { Config } from "../../config.ts";
import type { Clock } from "./Clock.ts";
import { ProductionClock } from "./Production.ts";
import { SandboxClock } from "./Sandbox.ts";

export type { Clock } from "./Clock.ts";
export { ProductionClock } from "./Production.ts";
export { SandboxClock } from "./Sandbox.ts";

/** The clock the configuration asks for (`CLOCK_PROVIDER`, default: the mode's). */
export const clockFor = (config: Pick<Config, "providers">): Clock =>
  config.providers.clock === "sandbox" ? new SandboxClock() : new ProductionClock();
