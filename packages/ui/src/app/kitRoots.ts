import { createRoot, type Root } from "react-dom/client";

/**
 * One root per container for the kit's imperative pieces (Toast, Dialog): antd-mobile renders them
 * through `unstableSetRender` (kitRender.ts installs these) and, by default, through
 * `antd-mobile/es/utils/render`, which the build points here too (build/kitRender.ts): its own is
 * rc-util's CommonJS `React/render`, which brings Babel's regenerator runtime, about 4 KB gzip in
 * every first load for code the app never runs.
 */
type KitContainer = (Element | DocumentFragment) & { __fuelRoot?: Root };

export const render = (node: React.ReactElement, container: KitContainer): void => {
  container.__fuelRoot ??= createRoot(container);
  container.__fuelRoot.render(node);
};

export const unmount = async (container: KitContainer): Promise<void> => {
  // After the current render: the kit unmounts from inside its own effects.
  await Promise.resolve();
  container.__fuelRoot?.unmount();
  delete container.__fuelRoot;
};
