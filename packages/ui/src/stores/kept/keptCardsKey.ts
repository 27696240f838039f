import type { KeyValueStore } from "@fuel/adapters/ports";

/**
 * Where the customer's last card list is kept (./keptCards.ts). Apart from its reader so the
 * session (in the app's first chunk) can forget it on logout without carrying the reader along.
 */
export const KEPT_CARDS_KEY = "fuel.kept.cards";

/** Logout or the end of the session: the signed-out customer's cards leave the device. */
export const forgetKeptCards = (store: KeyValueStore): void => store.set(KEPT_CARDS_KEY, null);
