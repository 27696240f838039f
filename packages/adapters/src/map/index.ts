/**
 * `@fuel/adapters/map`: where the customer is, the city, the driving route, navigation.
 * @module
 */
export { AmapGeocoder, type AmapGeocoderOptions } from "./AmapGeocoder.ts";
export { AmapRoutePlanner, scriptAmapLoader, type AmapDrivingResult, type AmapGlobal, type AmapLoader } from "./AmapRoutePlanner.ts";
export { BrowserGeolocation } from "./BrowserGeolocation.ts";
export { amapNavigationUri, MapNavigator, type MessagingAppLocation } from "./navigators.ts";
export { StraightLineRoutePlanner, URBAN_AVERAGE_KMH } from "./routePlanners.ts";
export { SandboxGeocoder } from "./SandboxGeocoder.ts";
