import { unstableSetRender } from "antd-mobile/es/utils/unstable-render";
import { render, unmount } from "./kitRoots.ts";

/**
 * DESIGN §7: antd-mobile 5 renders Toast and Dialog through `unstableSetRender`; on React 19 it
 * must be given a `createRoot` renderer or they crash. The app ships on Preact, where
 * `react-dom/client` is `preact/compat/client` (build/preact.ts): its `createRoot` serves the same
 * way, and the hook stays so that going back to React needs nothing here. Called once at start-up
 * (and by tests).
 */
export const installKitRenderer = (): void => {
  unstableSetRender((node, container) => {
    render(node, container);
    return () => unmount(container);
  });
};
