import type { Browser } from "../ports/Browser.ts";

/** The part of the Screen Wake Lock API the app uses (not in every browser: the messaging app's may lack it). */
interface WakeLockSentinelLike {
  release(): Promise<void>;
}
interface WakeLockLike {
  request(type: "screen"): Promise<WakeLockSentinelLike>;
}

/** The slice of the messaging app's JS bridge that closes its page (present only inside the app, some time after load). */
export interface CloseWindowBridge {
  invoke(method: "closeWindow", params: Record<string, never>, callback?: (res: { readonly err_msg?: string }) => void): void;
}

/** The slice of the messaging app's JS-SDK (`wx`) that closes its page. */
export interface CloseWindowSdk {
  closeWindow?: (() => void) | undefined;
}

/**
 * What {@link WindowBrowser} reads of the page; `navigator` and `document` only for keeping the
 * screen on, `WeixinJSBridge` and `wx` (read when asked: they appear after load) only for closing it.
 */
export type BrowserWindow = Pick<Window, "location" | "crypto"> & {
  readonly navigator?: { readonly wakeLock?: WakeLockLike };
  readonly document?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
  readonly WeixinJSBridge?: CloseWindowBridge | undefined;
  readonly wx?: CloseWindowSdk | undefined;
};

/** The real page: `location`, the Web Crypto random source, the Screen Wake Lock, the messaging app's close. */
export class WindowBrowser implements Browser {
  constructor(private readonly window: BrowserWindow) {}
  origin = (): string => this.window.location.origin;
  assign = (url: string): void => this.window.location.assign(url);
  randomId = (): string => {
    const bytes = this.window.crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  };

  keepScreenOn = (): (() => void) => {
    const wakeLock = this.window.navigator?.wakeLock;
    const document = this.window.document;
    if (wakeLock === undefined) return () => undefined;
    let held: Promise<WakeLockSentinelLike | undefined> | undefined;
    let released = false;
    // A refusal (battery saver, a page not visible) leaves the screen to its own timeout: nothing to tell the customer.
    const acquire = () => {
      held = wakeLock.request("screen").catch(() => undefined);
    };
    // The browser drops the lock whenever the page is hidden; ask again when it shows.
    const onVisibility = () => {
      if (!released && document?.visibilityState === "visible") acquire();
    };
    acquire();
    document?.addEventListener("visibilitychange", onVisibility);
    return () => {
      if (released) return;
      released = true;
      document?.removeEventListener("visibilitychange", onVisibility);
      void held?.then((sentinel) => sentinel?.release().catch(() => undefined));
    };
  };

  closeWindow = (): boolean => {
    const bridge = this.window.WeixinJSBridge;
    const sdk = this.window.wx;
    try {
      if (typeof bridge?.invoke === "function") {
        // The answer only says the app heard it; the page is going away either way.
        bridge.invoke("closeWindow", {}, () => undefined);
        return true;
      }
      if (typeof sdk?.closeWindow === "function") {
        sdk.closeWindow();
        return true;
      }
    } catch {
      // A bridge that throws did not close anything: the caller moves the customer on instead.
    }
    return false;
  };
}
