/**
 * What the app needs of the page it runs in, beyond rendering: leaving for another site (the
 * OAuth provider), its own origin (to build the redirect address) and unguessable random ids
 * (the OAuth `state`), keeping the screen on while a code is scanned, closing the messaging app's
 * page. Behind a port so store tests run without a window.
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
  /**
   * Closes the page the way the messaging app does (its 'close' in the top bar): inside the app,
   * through its JS bridge (`WeixinJSBridge.invoke('closeWindow', {}, ...)`, or the JS-SDK's
   * `wx.closeWindow()` where only that is there), and answers true: the customer is back in the
   * chat. In a plain browser, where a script may not close a tab it did not open, nothing happens
   * and it answers false, so the caller takes the customer somewhere itself.
   */
  closeWindow(): boolean;
}
