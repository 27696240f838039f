/**
 * `@fuel/adapters/storage`: where the session lives on the device.
 * @module
 */
export { LocalTokenStore, MemoryTokenStore, STORAGE_KEYS } from "./TokenStores.ts";
export { MemoryKeyValueStore, WebKeyValueStore } from "./KeyValueStores.ts";
