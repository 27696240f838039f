import type { Catalogue } from "./catalogue/catalogue.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { DatabaseHealth } from "./db/health.ts";
import type { Clock } from "./providers/clock/Clock.ts";
import type { Providers } from "./providersFor.ts";
import type { Authenticate } from "./http/auth.ts";

/** What routes need from the outside, decorated on the Fastify instance as `app.deps`. */
export interface AppDeps {
  readonly config: Config;
  readonly db: Database;
  readonly clock: Clock;
  readonly authenticate: Authenticate;
  /** The outside world: messaging-app OAuth and SMS (sandbox or production, per the configuration). */
  readonly providers: Providers;
  /** Cities, stations and site settings through short-lived caches. */
  readonly catalogue: Catalogue;
  /** Whether the database answers, the back-off while it does not, and readiness (src/db/health.ts). */
  readonly health: DatabaseHealth;
}

declare module "fastify" {
  interface FastifyInstance {
    readonly deps: AppDeps;
  }
}
