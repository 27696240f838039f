import { ManualClock } from "../clock/SystemClock.ts";
import { gatewaysOver } from "../http/gateways.ts";
import type { AppPorts } from "../ports/AppPorts.ts";
import { MemoryTokenStore } from "../storage/TokenStores.ts";
import { FakeBrowser, FakeDocuments, FakeGeocoder, FakeGeolocation, FakeNavigator, FakePaymentBridge, FakeRoutePlanner, FakeSignIn } from "./fakes.ts";
import { MemoryKeyValueStore } from "../storage/KeyValueStores.ts";
import { ScriptedApi } from "./ScriptedApi.ts";

/** The whole {@link AppPorts} bundle in memory, at a fixed instant; `overrides` replace single ports. */
export const fakePorts = (overrides: Partial<AppPorts> & { readonly api?: ScriptedApi } = {}): AppPorts & { readonly api: ScriptedApi } => {
  const api = overrides.api ?? new ScriptedApi();
  let actions = 0;
  return {
    ...gatewaysOver(api),
    tokens: new MemoryTokenStore(),
    clock: new ManualClock(Date.parse("2026-11-23T02:00:00Z")),
    geolocation: new FakeGeolocation(),
    geocoder: new FakeGeocoder(),
    routes: new FakeRoutePlanner(),
    navigator: new FakeNavigator(),
    payment: new FakePaymentBridge(),
    signIn: new FakeSignIn(),
    preferences: new MemoryKeyValueStore(),
    tabValues: new MemoryKeyValueStore(),
    browser: new FakeBrowser(),
    documents: new FakeDocuments(),
    // Predictable keys ("action-1", "action-2", ...), so a test can name the key a tap used.
    newActionKey: () => `action-${++actions}`,
    ...overrides,
    api,
  };
};
