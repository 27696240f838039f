/**
 * `@fuel/adapters/browser`: the page the app runs in.
 * @module
 */
export { WindowBrowser, type BrowserWindow, type CloseWindowBridge, type CloseWindowSdk } from "./WindowBrowser.ts";
