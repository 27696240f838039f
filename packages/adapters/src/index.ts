/**
 * `@fuel/adapters`: the app's ports and their implementations. Import from the subpaths:
 * `@fuel/adapters/ports`, `/http`, `/map`, `/payment`, `/storage`, `/testing`.
 * @module
 */
export type { Clock } from "./ports/Clock.ts";
export { ManualClock, systemClock } from "./clock/SystemClock.ts";
