export type { Clock } from "./ports/Clock.ts";
export { ManualClock, systemClock } from "./clock/SystemClock.ts";
