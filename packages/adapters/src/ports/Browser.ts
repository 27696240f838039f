/**
 * What the app needs of the page it runs in, beyond rendering: leaving for another site (the
 * OAuth provider), its own origin (to build the redirect address) and unguessable random ids
 * (the OAuth `state`), keeping the screen on while a code is scanned. Behind a port so store tests run without a window.
 */
export interface Browser {
  /** The app's origin, e.g. `https://fuel.example.com`. */
  origin(): string;
  /** Leave the app for `url` (a full page load). */
  assign(url: string): void;
  /** A random id from a cryptographic source, safe to put in a URL. */
  randomId(): string;
  /**
   * Asks the screen to stay on (Screen Wake Lock) while a QR code is shown to the cashier, where
   * the browser allows it; elsewhere nothing happens. Answers the function that lets the screen
   * sleep again (calling it twice is harmless).
   */
  keepScreenOn(): () => void;
}
