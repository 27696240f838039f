import { Effect } from "effect";
import type { SignInProvider } from "../ports/SignInProvider.ts";

/** The server's sandbox consent page (DESIGN §4), which stands in for the messaging app's authorization. */
export class SandboxSignIn implements SignInProvider {
  authorizeUrl({ redirectUri, state }: { readonly redirectUri: string; readonly state: string }): Effect.Effect<string> {
    const query = new URLSearchParams({ redirect_uri: redirectUri, state });
    return Effect.succeed(`/sandbox/oauth/authorize?${query.toString()}`);
  }
}
