import { Data, type Effect } from "effect";

/** The authorization cannot start: which provider to use is not known (the server's mode could not be read). */
export class SignInUnavailable extends Data.TaggedError("SignInUnavailable")<{
  /** Why, in English, for the log (the UI words it as the catalogue's Offline). */
  readonly detail: string;
}> {}

/**
 * Where the messaging app's authorization starts (spec §4 login flow). The app sends the customer
 * to this URL; the provider sends them back to `redirectUri` with `code` and the same `state`.
 * Sandbox: the server's consent page; production: the messaging app's OAuth2 authorize URL. An
 * Effect because the app learns which one applies from the server after its first screen.
 */
export interface SignInProvider {
  authorizeUrl(input: { readonly redirectUri: string; readonly state: string }): Effect.Effect<string, SignInUnavailable>;
}
