import type { ApiName } from "@fuel/domain/api";
import type { ApiCaller } from "../ports/Api.ts";
import type { SessionEnded } from "../ports/errors.ts";
import { MemoryTokenStore } from "../storage/TokenStores.ts";
import { createHttpClient } from "./HttpClient.ts";

export interface DeskClientOptions {
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  /** Called after a 401: the staff session ended (idle 30 minutes, signed out elsewhere, disabled). */
  readonly onSessionEnded?: (error: SessionEnded) => void;
}

/**
 * The staff desk's API client (issue 26): the same client as the app's, over the whole contract
 * (./deskContract.ts, loaded on demand), with the staff session in its HttpOnly cookie (the
 * browser sends it on same-origin calls; no token is ever stored) and only 401 ending it: the
 * desk's 403 says the role may not do that act, and the session goes on.
 */
export const createDeskClient = (options: DeskClientOptions = {}): ApiCaller<ApiName> =>
  createHttpClient<ApiName>({
    ...options,
    tokens: new MemoryTokenStore({ token: null }),
    sessionEndedStatuses: [401],
    contract: () => import("./deskContract.ts"),
  });
