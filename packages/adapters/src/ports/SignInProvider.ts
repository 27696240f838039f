/**
 * Where the messaging app's authorization starts (spec §4 login flow). The app sends the customer
 * to this URL; the provider sends them back to `redirectUri` with `code` and the same `state`.
 * Sandbox: the server's consent page; production: the messaging app's OAuth2 authorize URL.
 */
export interface SignInProvider {
  authorizeUrl(input: { readonly redirectUri: string; readonly state: string }): string;
}
