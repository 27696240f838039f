import type { Effect } from "effect";

/**
 * Where the session lives on the device (spec §4: "Logout clears the token and the activation
 * flag"): the bearer token and whether the account is activated. Storage that fails (a private
 * window's quota, a disabled localStorage) must not break the app: implementations fall back to
 * memory, so no method fails.
 */
export interface TokenStore {
  /** The bearer token, or null when signed out. */
  token(): Effect.Effect<string | null>;
  setToken(token: string): Effect.Effect<void>;
  /** Whether the account redeemed an invite code (the route guard reads it). */
  activated(): Effect.Effect<boolean>;
  setActivated(activated: boolean): Effect.Effect<void>;
  /** Logout: forget the token and the activation flag. */
  clear(): Effect.Effect<void>;
}
