import { createContext, useContext } from "react";

/**
 * Whether the page is the one on screen: false while a kept-alive page (KeptAlive.tsx) is hidden
 * behind another. React's <Activity> disconnected a hidden page's effects and ran them again when it
 * showed; Preact has no <Activity>, so a page whose effect should run on each return (to load what
 * changed or failed meanwhile) lists this among its dependencies and does nothing while hidden.
 */
export const PageShownContext = createContext(true);

export const usePageShown = (): boolean => useContext(PageShownContext);
