import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const KIT_ROOTS = fileURLToPath(new URL("../src/app/kitRoots.ts", import.meta.url));

/**
 * Points antd-mobile's default renderer for Toast and Dialog (`es/utils/render`, which re-exports
 * rc-util's CommonJS `React/render` and, with it, Babel's regenerator runtime) at src/app/kitRoots.ts,
 * the renderer the app installs anyway (kitRender.ts). By importer, not by a global alias: the
 * import is a relative './render'.
 */
export const kitDefaultRender = (): Plugin => ({
  name: "fuel-kit-default-render",
  enforce: "pre",
  resolveId(source, importer) {
    if (source === "./render" && importer !== undefined && /antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/.test(importer)) return KIT_ROOTS;
    return undefined;
  },
});
