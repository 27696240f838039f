/**
 * What the app needs of the page it runs in, beyond rendering: leaving for another site (the
 * OAuth provider), its own origin (to build the redirect address) and unguessable random ids
 * (the OAuth `state`). Behind a port so store tests run without a window.
 */
export interface Browser {
  /** The app's origin, e.g. `https://fuel.example.com`. */
  origin(): string;
  /** Leave the app for `url` (a full page load). */
  assign(url: string): void;
  /** A random id from a cryptographic source, safe to put in a URL. */
  randomId(): string;
}
