import type { Clock } from "./Clock.ts";

/** The system clock. The only place in the server that reads `Date.now()`. */
export class ProductionClock implements Clock {
  readonly kind = "production" as const;
  now(): number {
    return Date.now();
  }
}
