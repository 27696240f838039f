import { ManualClock } from "../clock/SystemClock.ts";
import { gatewaysOver } from "../http/gateways.ts";
import type { AppPorts } from "../ports/AppPorts.ts";
import { MemoryTokenStore } from "../storage/TokenStores.ts";
import { FakeGeocoder, FakeGeolocation, FakeNavigator, FakePaymentBridge, FakeRoutePlanner } from "./fakes.ts";
import { ScriptedApi } from "./ScriptedApi.ts";

/** The whole {@link AppPorts} bundle in memory, at a fixed instant; `overrides` replace single ports. */
export const fakePorts = (overrides: Partial<AppPorts> & { readonly api?: ScriptedApi } = {}): AppPorts & { readonly api: ScriptedApi } => {
  const api = overrides.api ?? new ScriptedApi();
  return {
    ...gatewaysOver(api),
    tokens: new MemoryTokenStore(),
    clock: new ManualClock(Date.parse("2026-11-23T02:00:00Z")),
    geolocation: new FakeGeolocation(),
    geocoder: new FakeGeocoder(),
    routes: new FakeRoutePlanner(),
    navigator: new FakeNavigator(),
    payment: new FakePaymentBridge(),
    sandbox: true,
    ...overrides,
    api,
  };
};
