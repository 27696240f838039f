import type { ApiCaller } from "@fuel/adapters/ports";
import type { ApiName } from "@fuel/domain/api";

/** What the desk's stores call: the whole contract's API over the staff session's cookie, and the time. */
export interface DeskPorts {
  readonly api: ApiCaller<ApiName>;
  /** Milliseconds since the epoch (the audit filter's default range, 'waiting for'). */
  readonly now: () => number;
}
