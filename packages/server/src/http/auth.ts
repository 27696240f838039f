import type { FastifyRequest } from "fastify";

/** Who is calling, as the identity part resolved it from the bearer token. */
export interface Principal {
  readonly userId: number;
  /** Redeemed an invite code (spec §6). */
  readonly activated: boolean;
  /**
   * The payment-channel identity (spec §5: no payment without it), as authentication read it; null
   * when the customer has none. Absent when the authenticator did not read it: callers read the row.
   */
  readonly oauthId?: string | null;
  /**
   * A replacement token when the identity part decided to refresh this one; it is sent back in
   * the `Authorization: Bearer <token>` answer header (spec §7).
   */
  readonly refreshedToken?: string;
}

/**
 * Resolves the caller from a request (its `Authorization: Bearer` header): a principal, or null
 * when the token is missing, unknown or expired. The identity part provides the real one; it
 * must not throw for a bad token (null), only for real failures (database down -> 500).
 */
export type Authenticate = (request: FastifyRequest) => Promise<Principal | null>;

/** The bearer token of a request, or undefined. */
export const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
};
