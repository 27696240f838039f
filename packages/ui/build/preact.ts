import { fileURLToPath } from "node:url";
import type { Alias, BuildEnvironmentOptions } from "vite";

/** A file of the installed Preact, by its path inside the package. */
const preactFile = (path: string): string => fileURLToPath(new URL(`../../../node_modules/preact/${path}`, import.meta.url));

/**
 * The app runs on Preact 10 through `preact/compat` (docs/decisions/0005-preact.md): every import
 * of React or React DOM, ours and our dependencies' (MobX's bindings, antd-mobile, react-router,
 * Testing Library), is resolved to it, in the build, the dev server and the tests alike, so the
 * tests run on what ships. The source keeps React's names and types (@types/react); going back to
 * React is deleting these aliases where they are used (vite.config.ts, vitest.config.ts).
 *
 * Each points at Preact's ES module file itself, not at the package name: a CommonJS dependency's
 * `require("react")` (rc-util's and rc-field-form's `lib/` files that antd-mobile imports) would
 * otherwise resolve `preact/compat` under the `require` condition to Preact's CommonJS build, and
 * the bundle would carry two Preacts, each with its own hooks and contexts.
 */
const compat = preactFile("compat/dist/compat.mjs");

export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: compat },
  { find: /^react-dom$/, replacement: compat },
  // Preact's own files import `preact/compat` by name (client, jsx-runtime): the same file.
  { find: /^preact\/compat$/, replacement: compat },
  { find: /^react-dom\/client$/, replacement: preactFile("compat/client.mjs") },
  { find: /^react-dom\/test-utils$/, replacement: preactFile("test-utils/dist/testUtils.mjs") },
  { find: /^react\/jsx-runtime$/, replacement: preactFile("compat/jsx-runtime.mjs") },
  { find: /^react\/jsx-dev-runtime$/, replacement: preactFile("compat/jsx-dev-runtime.mjs") },
];

// JSX: Vite's own transform (oxc) compiles it as tsconfig.json says ("jsx": "react-jsx": the automatic
// runtime's `react/jsx-runtime`, aliased above). Not @vitejs/plugin-react: its Fast Refresh talks
// to React DOM's renderer, which is not there; without it the dev server reloads the page on an edit.

/**
 * react-router imports React 19's `use` and `useOptimistic`, which Preact does not have; only its
 * data routers and server components call them, never this app's declarative `<Routes>`. The
 * build says so twice (`IMPORT_IS_UNDEFINED`, with a code frame each); those two, and only those,
 * are left out of the build's output. Any other missing import is still reported.
 */
export const withoutReactRouterOnlyImports: NonNullable<NonNullable<BuildEnvironmentOptions["rolldownOptions"]>["onLog"]> = (level, log, handler) => {
  // The message names the import and where it is (react-router's file), after a colour code.
  if (log.code === "IMPORT_IS_UNDEFINED" && /Import `(use|useOptimistic)` will always be undefined [^\n]*preact\/compat[^\n]*\n[^\n]*node_modules\/react-router\//.test(log.message)) return;
  handler(level, log);
};
