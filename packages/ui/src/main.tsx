import { systemClock } from "@fuel/adapters";
import { BrowserGeolocation, WindowBrowser } from "@fuel/adapters/browser";
import { createDocuments, createHttpClient, gatewaysOver, newActionKey } from "@fuel/adapters/http";
import { forMode, lazyGeocoder, lazyNavigator, lazyPaymentBridge, lazyRoutePlanner, lazySignIn, readServerMode, type ServerMode } from "@fuel/adapters/lazy";
import type { MessagingAppLocation } from "@fuel/adapters/map";
import { SandboxGeocoder } from "@fuel/adapters/map/sandbox";
import type { BridgeHost } from "@fuel/adapters/payment/bridges";
import type { AppPorts, Geocoder, PaymentBridge, RoutePlanner, SignInProvider } from "@fuel/adapters/ports";
import { SandboxSignIn, WechatSignIn } from "@fuel/adapters/signin";
import type { SessionEnded } from "@fuel/adapters/ports";
import { LocalTokenStore, WebKeyValueStore } from "@fuel/adapters/storage";
import "antd-mobile/es/global";
import { createRoot, type Root } from "react-dom/client";
import { App } from "./app/App.tsx";
import { installKitRenderer } from "./app/kitRender.ts";
import { orLastKnownMode } from "./app/lastKnownMode.ts";
import { registerServiceWorker } from "./app/serviceWorker.ts";
import { BootFailed } from "./app/BootFailed.tsx";
import { firstPageLoaded } from "./app/firstPage.ts";
import { withEarlyAnswers, withEarlyPosition } from "./early/earlyAnswers.ts";
import { EARLY_GLOBAL, type EarlyStore } from "./early/protocol.ts";
import { RootStore } from "./stores/RootStore.ts";
import "./styles.css";

/**
 * The only composition root (DESIGN.md §1): the one place that picks the adapters'
 * implementations. Everything below it sees ports. The server's version answer says whether it
 * runs sandbox stand-ins; then the sandbox pay sheet, sign-in page, geocoder and straight-line
 * routes are used, otherwise the messaging app's pay sheet and sign-in and AMap (keys given at
 * build time). The first screen renders at once, without waiting for that answer (index.html
 * preloads it, and it is read without the contract: `readServerMode`); only those mode-dependent
 * ports wait for it (`forMode`). If the version cannot be read the app does not guess: those
 * ports fail with their own errors and the app is replaced by a retry (BootFailed).
 * The map providers and pay sheets are loaded on first use (`@fuel/adapters/lazy`): the first
 * screen needs none of them, and the first chunk stays small (docs/performance.md).
 */

const env = import.meta.env as Record<string, string | undefined>;
const amapKey = env["VITE_AMAP_KEY"] ?? "";
const amapSecurityCode = env["VITE_AMAP_SECURITY_CODE"];
const wechatAppId = env["VITE_WECHAT_APP_ID"] ?? "";

installKitRenderer();
registerServiceWorker();

const mapAdapters = () => import("@fuel/adapters/map");
const payBridges = () => import("@fuel/adapters/payment/bridges");

const compose = (mode: Promise<ServerMode>, session: { ended: (error: SessionEnded) => void; notActivated: () => void }): AppPorts => {
  const tokens = new LocalTokenStore(safeStorage(() => window.localStorage) ?? NO_STORAGE);
  // The first calls the HTML already sent while this script downloaded (src/early, issue 23).
  const early = (window as unknown as Record<string, EarlyStore | undefined>)[EARLY_GLOBAL];
  const now = () => performance.now();
  const api = createHttpClient({
    fetch: withEarlyAnswers((input, init) => window.fetch(input, init), early, now),
    tokens,
    onSessionEnded: (error) => session.ended(error),
    onNotActivated: () => session.notActivated(),
  });
  const gateways = gatewaysOver(api);
  // In production without an AMap key, the sandbox's geocoder and straight-line routes stand in.
  // The sandbox geocoder is one API call (~300 B) taken statically: from the map chunk it would
  // be one more round trip between the position and the list on a weak network.
  const sandboxGeocoder = async () => new SandboxGeocoder(api);
  const straightLines = async () => new (await mapAdapters()).StraightLineRoutePlanner();
  const device = new BrowserGeolocation(withEarlyPosition(navigator.geolocation, early, now));
  return {
    ...gateways,
    api,
    tokens,
    clock: systemClock,
    // Not from the lazy map chunk (issue 23): the device is asked at once, and the chunk (the
    // geocoder asked right after the position) downloads while the device looks for its position.
    geolocation: {
      current: () => {
        mapAdapters().catch(() => undefined);
        return device.current();
      },
    },
    geocoder: lazyGeocoder(
      forMode<Geocoder>(mode, {
        sandbox: sandboxGeocoder,
        production: async () => (amapKey === "" ? sandboxGeocoder() : new (await mapAdapters()).AmapGeocoder({ key: amapKey })),
      }),
    ),
    routes: lazyRoutePlanner(
      forMode<RoutePlanner>(mode, {
        sandbox: straightLines,
        production: async () => {
          if (amapKey === "") return straightLines();
          const map = await mapAdapters();
          return new map.AmapRoutePlanner(map.scriptAmapLoader({ key: amapKey, ...(amapSecurityCode === undefined ? {} : { securityCode: amapSecurityCode }) }));
        },
      }),
    ),
    navigator: lazyNavigator(async () =>
      new (await mapAdapters()).MapNavigator(
        (url) => window.location.assign(url),
        () => (window as { wx?: MessagingAppLocation }).wx,
      ),
    ),
    payment: lazyPaymentBridge(
      forMode<PaymentBridge>(mode, {
        sandbox: async () => new (await payBridges()).SandboxPayBridge(document, api),
        production: async () => new (await payBridges()).WeixinPayBridge(window as unknown as BridgeHost),
      }),
    ),
    signIn: lazySignIn(forMode<SignInProvider>(mode, { sandbox: async () => new SandboxSignIn(), production: async () => new WechatSignIn(wechatAppId) })),
    preferences: new WebKeyValueStore(safeStorage(() => window.localStorage)),
    tabValues: new WebKeyValueStore(safeStorage(() => window.sessionStorage)),
    browser: new WindowBrowser(window),
    // An invoice's PDF (issue 35): fetched with the token, shown in a new tab; where the browser
    // opens none (the messaging app's), in place of the app, Back returning to it.
    documents: createDocuments({
      tokens,
      fetch: (input, init) => window.fetch(input, init),
      origin: window.location.origin,
      objectUrl: (blob) => URL.createObjectURL(blob),
      // No "noopener": with it window.open answers null even when it opened the tab; the bytes are ours.
      show: (url) => {
        if (window.open(url, "_blank") === null) window.location.assign(url);
      },
    }),
    newActionKey,
  };
};

/** Where storage is disabled: every write refuses, so the token store keeps the session in memory. */
const NO_STORAGE = { getItem: () => null, setItem: () => { throw new Error("storage disabled"); }, removeItem: () => undefined };

/** Reading `window.localStorage` itself throws where storage is disabled. */
function safeStorage(get: () => Storage): Storage | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

const start = (root: Root): void => {
  // Offline, started from the service worker's kept shell: the mode this server answered last time.
  const mode = orLastKnownMode(readServerMode(), new WebKeyValueStore(safeStorage(() => window.localStorage)));
  // The HTTP client is built before the stores it reports to: it reaches them through this box.
  const built: { store?: RootStore } = {};
  const ports = compose(mode, {
    // The session words it, in the customer's language, from the answer's tag (the server's text otherwise).
    ended: (error) => built.store?.session.ended(error),
    notActivated: () => built.store?.session.notActivated(),
  });
  const store = new RootStore(ports, { browserLanguages: navigator.languages, serverMode: mode });
  built.store = store;
  // The first render waits for the current page's module (modulepreloaded, so at once): it takes over
  // the page the server's HTML may already paint (build/prerender.ts) instead of a skeleton.
  void firstPageLoaded(window.location.pathname, store.session.facts).then(() => {
    root.render(<App root={store} />);
    mode.catch(() => root.render(<BootFailed onRetry={() => start(root)} />));
  });
};

const element = document.getElementById("root");
if (element) start(createRoot(element));
