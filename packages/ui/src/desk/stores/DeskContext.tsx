import { createContext, useContext, useState, type ReactNode } from "react";
import type { NoticeStore } from "../../stores/NoticeStore.ts";
import type { DeskI18n } from "../i18n/DeskI18n.ts";
import type { DeskPorts } from "./DeskPorts.ts";
import type { DeskSession } from "./DeskSession.ts";

/** What every desk screen may use: the ports (for its own store), the language, notices, the session. */
export interface DeskStores {
  readonly ports: DeskPorts;
  readonly i18n: DeskI18n;
  readonly notices: NoticeStore;
  readonly session: DeskSession;
}

const Context = createContext<DeskStores | undefined>(undefined);

export function DeskStoresProvider({ stores, children }: { readonly stores: DeskStores; readonly children?: ReactNode }) {
  return <Context.Provider value={stores}>{children}</Context.Provider>;
}

export const useDesk = (): DeskStores => {
  const stores = useContext(Context);
  if (stores === undefined) throw new Error("useDesk outside <DeskStoresProvider>");
  return stores;
};

/**
 * A screen's own store, made once when the screen opens (from the desk's stores) and dropped when
 * it closes: each desk screen's state lives as long as the screen.
 */
export const useScreenStore = <S,>(make: (stores: DeskStores) => S): S => {
  const stores = useDesk();
  const [store] = useState(() => make(stores));
  return store;
};
