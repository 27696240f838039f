import { systemClock } from "@fuel/adapters";
import { createHttpClient, gatewaysOver } from "@fuel/adapters/http";
import { AmapGeocoder, AmapRoutePlanner, BrowserGeolocation, MapNavigator, SandboxGeocoder, scriptAmapLoader, StraightLineRoutePlanner, type MessagingAppLocation } from "@fuel/adapters/map";
import { SandboxPayBridge, WeixinPayBridge, type BridgeHost } from "@fuel/adapters/payment";
import type { AppPorts } from "@fuel/adapters/ports";
import { LocalTokenStore } from "@fuel/adapters/storage";
import { Effect } from "effect";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";

/**
 * The only composition root (DESIGN.md §1): the one place that picks the adapters'
 * implementations. Everything below it sees ports. The server's version answer says whether it
 * runs sandbox stand-ins; then the sandbox pay sheet, geocoder and straight-line routes are used,
 * otherwise the messaging app's pay sheet and AMap (with the key given at build time).
 */

const amapKey = (import.meta.env["VITE_AMAP_KEY"] as string | undefined) ?? "";
const amapSecurityCode = import.meta.env["VITE_AMAP_SECURITY_CODE"] as string | undefined;

const compose = async (): Promise<AppPorts> => {
  const tokens = new LocalTokenStore(window.localStorage);
  const api = createHttpClient({
    tokens,
    locale: navigator.language.startsWith("zh") ? "zh-CN" : "en",
    // Spec §8: a 401/403/422 logs out (the client cleared the session) and goes to /login.
    onSessionEnded: () => window.location.assign("/login"),
  });
  const gateways = gatewaysOver(api);
  const version = await Effect.runPromise(Effect.result(gateways.site.version()));
  const sandbox = version._tag === "Failure" || version.success.mode !== "production";
  const useAmap = !sandbox && amapKey !== "";
  return {
    ...gateways,
    api,
    tokens,
    clock: systemClock,
    geolocation: new BrowserGeolocation(navigator.geolocation),
    geocoder: useAmap ? new AmapGeocoder({ key: amapKey }) : new SandboxGeocoder(gateways.stations),
    routes: useAmap
      ? new AmapRoutePlanner(scriptAmapLoader({ key: amapKey, ...(amapSecurityCode === undefined ? {} : { securityCode: amapSecurityCode }) }))
      : new StraightLineRoutePlanner(),
    navigator: new MapNavigator(
      (url) => window.location.assign(url),
      () => (window as { wx?: MessagingAppLocation }).wx,
    ),
    payment: sandbox ? new SandboxPayBridge(document, api) : new WeixinPayBridge(window as unknown as BridgeHost),
    sandbox,
  };
};

const root = document.getElementById("root");
if (root) {
  void compose().then((ports) =>
    createRoot(root).render(
      <StrictMode>
        <App ports={ports} />
      </StrictMode>,
    ),
  );
}
