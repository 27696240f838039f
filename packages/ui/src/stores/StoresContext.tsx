import { createContext, useContext, type ReactNode } from "react";
import type { RootStore } from "./RootStore.ts";
import type { StoreKind } from "./storeKind.ts";

const StoresContext = createContext<RootStore | null>(null);

/** DESIGN §7: MobX 7 has no Provider/inject; the root store travels in a React context. */
export function StoresProvider({ root, children }: { readonly root: RootStore; readonly children: ReactNode }) {
  return <StoresContext value={root}>{children}</StoresContext>;
}

/** The root store; a component outside <StoresProvider> is a wiring bug, so it throws. */
export const useStores = (): RootStore => {
  const root = useContext(StoresContext);
  if (root === null) throw new Error("useStores() outside <StoresProvider>");
  return root;
};

/** A store built with the page that first needs it (../stores/storeKind.ts). */
export const useStore = <T,>(kind: StoreKind<T>): T => useStores().use(kind);
