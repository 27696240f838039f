/**
 * `@fuel/adapters/ports`: the interfaces between the app and the outside world. The UI's stores
 * take these in their constructors; `packages/ui/src/main.tsx` picks the implementations.
 * @module
 */
export type { AppPorts } from "./AppPorts.ts";
export type { ApiCaller, ApiGateways, CallOptions, InvoicesApi, OrdersApi, PaymentsApi, RechargeApi, SessionApi, SiteApi, StationsApi } from "./Api.ts";
export type { Clock } from "./Clock.ts";
export { BadAnswer, NotActivated, Offline, ServerFailed, ServerRefused, SessionEnded, TimedOut, badAnswer, offline, timedOut, type ApiError } from "./errors.ts";
export {
  GeocodeFailed,
  LocationFailed,
  NavigationFailed,
  RouteFailed,
  locationFailed,
  type Destination,
  type Geocoder,
  type Geolocation,
  type Navigator,
  type Position,
  type Route,
  type RoutePlanner,
} from "./Map.ts";
export { PaymentFailed, PaymentUnavailable, type PayError, type PayOutcome, type PaymentBridge, type PayRequest } from "./PaymentBridge.ts";
export { payAndConfirm, type ConfirmOptions, type PaymentConclusion } from "./payAndConfirm.ts";
export { payInfoOf } from "./payInfo.ts";
export type { TokenStore } from "./TokenStore.ts";
export type { Browser } from "./Browser.ts";
export type { Documents } from "./Documents.ts";
export type { KeyValueStore } from "./KeyValueStore.ts";
export { SignInUnavailable, type SignInProvider } from "./SignInProvider.ts";
