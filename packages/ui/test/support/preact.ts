import Module from "node:module";
import { options } from "preact";
import * as compat from "react";
import * as client from "react-dom/client";
import * as testUtils from "react-dom/test-utils";
import * as jsxRuntime from "react/jsx-runtime";

/**
 * The tests run on Preact, as the app ships (build/preact.ts: `react`, `react-dom` and the rest are
 * aliased to it; the imports above are those aliases). Listed first in `setupFiles`.
 *
 * Vite's aliases reach every module Vite runs (ours and the libraries vitest.config.ts inlines); a
 * CommonJS file Node loads itself (rc-util's and rc-field-form's `lib/` files that antd-mobile
 * imports) would `require("react")` and get React, a second framework with its own contexts and
 * hooks. Here those requires get the very Preact the rest of the test runs on.
 */
const asCommonJs = (namespace: object): object => ({ ...namespace, __esModule: true, default: (namespace as { default?: unknown }).default ?? namespace });

const PREACT: Readonly<Record<string, object>> = {
  react: asCommonJs(compat),
  "react-dom": asCommonJs(compat),
  "react-dom/client": asCommonJs(client),
  "react-dom/test-utils": asCommonJs(testUtils),
  "react/jsx-runtime": asCommonJs(jsxRuntime),
  "react/jsx-dev-runtime": asCommonJs(jsxRuntime),
};

const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = loader._load;
loader._load = function (this: unknown, request: string, ...rest: unknown[]) {
  return PREACT[request] ?? load.call(this, request, ...rest);
};

/**
 * Preact runs a render's effects (`useEffect`) after the next frame; React runs them before it
 * handles the next input. In a browser nobody taps within a frame of a render, but a test does:
 * antd-mobile's radios and checkboxes (`checkbox/native-input.js`) listen for clicks from an
 * effect, so a click right after a list appears was lost. Here effects run as soon as the render
 * is done (a microtask); Testing Library's `act` still takes over this hook inside its calls.
 */
(options as { requestAnimationFrame?: (flush: () => void) => void }).requestAnimationFrame = (flush) => queueMicrotask(flush);
