/**
 * `@fuel/adapters/testing`: in-memory fakes of every port, for the UI's store tests.
 * @module
 */
export { ManualClock } from "../clock/SystemClock.ts";
export { MemoryTokenStore } from "../storage/TokenStores.ts";
export { FakeBrowser, FakeDocuments, FakeGeocoder, FakeGeolocation, FakeNavigator, FakePaymentBridge, FakeRoutePlanner, FakeSignIn } from "./fakes.ts";
export { MemoryKeyValueStore } from "../storage/KeyValueStores.ts";
export { fakePorts } from "./fakePorts.ts";
export { ScriptedApi, type Handler, type RecordedCall } from "./ScriptedApi.ts";
