import { unstableSetRender } from "antd-mobile/es/utils/unstable-render";
import { createRoot, type Root } from "react-dom/client";

/**
 * DESIGN §7: antd-mobile 5 renders Toast and Dialog through `unstableSetRender`; on React 19 it
 * must be given a `createRoot` renderer or they crash. The app ships on Preact, where
 * `react-dom/client` is `preact/compat/client` (build/preact.ts): its `createRoot` serves the same
 * way, and the hook stays so that going back to React needs nothing here. Called once at start-up
 * (and by tests).
 */
export const installKitRenderer = (): void => {
  unstableSetRender((node, container) => {
    const element = container as Element & { __fuelRoot?: Root };
    element.__fuelRoot ??= createRoot(element);
    element.__fuelRoot.render(node);
    return async () => {
      await Promise.resolve();
      element.__fuelRoot?.unmount();
      delete element.__fuelRoot;
    };
  });
};
