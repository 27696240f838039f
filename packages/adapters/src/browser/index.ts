/**
 * `@fuel/adapters/browser`: the page the app runs in.
 * @module
 */
export { WindowBrowser } from "./WindowBrowser.ts";
