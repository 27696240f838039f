import type { Browser } from "../ports/Browser.ts";

/** The real page: `location` and the Web Crypto random source. */
export class WindowBrowser implements Browser {
  constructor(private readonly window: Pick<Window, "location" | "crypto">) {}
  origin = (): string => this.window.location.origin;
  assign = (url: string): void => this.window.location.assign(url);
  randomId = (): string => {
    const bytes = this.window.crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  };
}
