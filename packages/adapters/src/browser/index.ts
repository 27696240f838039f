/**
 * `@fuel/adapters/browser`: the page the app runs in, and where the device is (the browser's
 * geolocation: a few hundred bytes, so the entry takes it statically and /stationlist locates
 * without first fetching the map chunk).
 * @module
 */
export { BrowserGeolocation } from "../map/BrowserGeolocation.ts";
export { WindowBrowser, type BrowserWindow, type CloseWindowBridge, type CloseWindowSdk } from "./WindowBrowser.ts";
