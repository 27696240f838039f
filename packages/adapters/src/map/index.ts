/**
 * `@fuel/adapters/map`: the city, the driving route, navigation (loaded on first use). Where the
 * customer is (`BrowserGeolocation`) lives in `@fuel/adapters/browser`, which the entry takes
 * statically.
 * @module
 */
export { AmapGeocoder, type AmapGeocoderOptions } from "./AmapGeocoder.ts";
export { AmapRoutePlanner, scriptAmapLoader, type AmapDrivingResult, type AmapGlobal, type AmapLoader } from "./AmapRoutePlanner.ts";
export { amapNavigationUri, MapNavigator, type MessagingAppLocation } from "./navigators.ts";
export { StraightLineRoutePlanner, URBAN_AVERAGE_KMH } from "./routePlanners.ts";
export { SandboxGeocoder } from "./SandboxGeocoder.ts";
