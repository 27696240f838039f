import type { RootStore } from "./RootStore.ts";

/**
 * A store built the first time a page asks for it, not when the app starts: its code then loads
 * with the page's chunk, so the first screen does not download and run every store's rules
 * (docs/performance.md, the first-load budget). One instance per root store, as a field would be.
 *
 * Declare it beside the store class and get it through `root.use(kind)` or `useStore(kind)`:
 *
 *     export const cardsStore = storeKind((root) => new CardsStore(root.ports, root.session));
 */
export interface StoreKind<T> {
  readonly build: (root: RootStore) => T;
}

export const storeKind = <T>(build: (root: RootStore) => T): StoreKind<T> => ({ build });
