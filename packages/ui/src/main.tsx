import { systemClock } from "@fuel/adapters";
import { WindowBrowser } from "@fuel/adapters/browser";
import { createHttpClient, gatewaysOver, newActionKey } from "@fuel/adapters/http";
import { lazyGeocoder, lazyGeolocation, lazyNavigator, lazyPaymentBridge, lazyRoutePlanner } from "@fuel/adapters/lazy";
import type { MessagingAppLocation } from "@fuel/adapters/map";
import type { BridgeHost } from "@fuel/adapters/payment/bridges";
import type { AppPorts } from "@fuel/adapters/ports";
import { SandboxSignIn, WechatSignIn } from "@fuel/adapters/signin";
import { LocalTokenStore, WebKeyValueStore } from "@fuel/adapters/storage";
import "antd-mobile/es/global";
import { Effect } from "effect";
import { createRoot, type Root } from "react-dom/client";
import { App } from "./app/App.tsx";
import { installKitRenderer } from "./app/kitRender.ts";
import { orLastKnownMode } from "./app/lastKnownMode.ts";
import { registerServiceWorker } from "./app/serviceWorker.ts";
import { BootFailed } from "./app/BootFailed.tsx";
import { localeForBrowser } from "./i18n/I18nStore.ts";
import { RootStore } from "./stores/RootStore.ts";
import "./styles.css";

/**
 * The only composition root (DESIGN.md §1): the one place that picks the adapters'
 * implementations. Everything below it sees ports. The server's version answer says whether it
 * runs sandbox stand-ins; then the sandbox pay sheet, sign-in page, geocoder and straight-line
 * routes are used, otherwise the messaging app's pay sheet and sign-in and AMap (keys given at
 * build time). If the version cannot be read the app does not guess: it shows a retry.
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

const compose = async (session: { ended: (message: string) => void; notActivated: () => void }): Promise<AppPorts | undefined> => {
  const locale = localeForBrowser(navigator.languages);
  const tokens = new LocalTokenStore(safeStorage(() => window.localStorage) ?? NO_STORAGE);
  const api = createHttpClient({
    tokens,
    locale,
    onSessionEnded: (error) => session.ended(error.message),
    onNotActivated: () => session.notActivated(),
  });
  const gateways = gatewaysOver(api);
  // Offline, started from the service worker's kept shell: the mode this server answered last time.
  const read = Effect.runPromise(gateways.site.version()).then((v) => (v.mode === "production" ? "production" : "sandbox"));
  const mode = await orLastKnownMode(read, new WebKeyValueStore(safeStorage(() => window.localStorage))).catch(() => undefined);
  if (mode === undefined) return undefined;
  const sandbox = mode !== "production";
  const useAmap = !sandbox && amapKey !== "";
  return {
    ...gateways,
    api,
    tokens,
    clock: systemClock,
    geolocation: lazyGeolocation(async () => new (await mapAdapters()).BrowserGeolocation(navigator.geolocation), locale),
    geocoder: lazyGeocoder(async () => {
      const map = await mapAdapters();
      return useAmap ? new map.AmapGeocoder({ key: amapKey }) : new map.SandboxGeocoder(gateways.stations);
    }),
    routes: lazyRoutePlanner(async () => {
      const map = await mapAdapters();
      return useAmap
        ? new map.AmapRoutePlanner(map.scriptAmapLoader({ key: amapKey, ...(amapSecurityCode === undefined ? {} : { securityCode: amapSecurityCode }) }))
        : new map.StraightLineRoutePlanner();
    }),
    navigator: lazyNavigator(async () =>
      new (await mapAdapters()).MapNavigator(
        (url) => window.location.assign(url),
        () => (window as { wx?: MessagingAppLocation }).wx,
      ),
    ),
    payment: lazyPaymentBridge(async () => {
      const bridges = await payBridges();
      return sandbox ? new bridges.SandboxPayBridge(document, api) : new bridges.WeixinPayBridge(window as unknown as BridgeHost);
    }, locale),
    signIn: sandbox ? new SandboxSignIn() : new WechatSignIn(wechatAppId),
    preferences: new WebKeyValueStore(safeStorage(() => window.localStorage)),
    tabValues: new WebKeyValueStore(safeStorage(() => window.sessionStorage)),
    browser: new WindowBrowser(window),
    newActionKey,
    sandbox,
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

const start = async (root: Root): Promise<void> => {
  // The HTTP client is built before the stores it reports to: it reaches them through this box.
  const built: { store?: RootStore } = {};
  const ports = await compose({
    ended: (message) => built.store?.session.ended(message),
    notActivated: () => built.store?.session.notActivated(),
  });
  if (ports === undefined) {
    root.render(<BootFailed onRetry={() => void start(root)} />);
    return;
  }
  built.store = new RootStore(ports, { browserLanguages: navigator.languages });
  root.render(<App root={built.store} />);
};

const element = document.getElementById("root");
if (element) void start(createRoot(element));
