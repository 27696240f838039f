/**
 * `@fuel/adapters/lazy`: ports whose implementation is loaded on first use. The composition root
 * gives each a loader (`() => import(...)` of the real adapter), so the app's first chunk carries
 * only these few lines; the map providers and the pay sheets come when a page first asks for them.
 * A loader that fails (the chunk could not be fetched: offline) fails that call with the port's
 * own error, and the next call tries again. The loaders of the ports that depend on the server's
 * mode (pay sheet, sign-in, geocoder, route planner) wait for it ({@link readServerMode}), so the
 * app renders before the mode is known and such a call fails closed when it cannot be read.
 * @module
 */
import { Effect } from "effect";
import { GeocodeFailed, locationFailed, NavigationFailed, RouteFailed, type Geocoder, type Geolocation, type Navigator, type RoutePlanner } from "../ports/Map.ts";
import { PaymentUnavailable, type PaymentBridge } from "../ports/PaymentBridge.ts";
import { SignInUnavailable, type SignInProvider } from "../ports/SignInProvider.ts";
import { loadOnce } from "./loadOnce.ts";

export { loadOnce } from "./loadOnce.ts";
export { forMode, modeOfVersionAnswer, readServerMode, type ReadServerModeOptions, type ServerMode } from "./serverMode.ts";

/** The port from `load`, or `failed` when it cannot be loaded. */
const through = <P, E>(load: () => Promise<P>, failed: (cause: unknown) => E): Effect.Effect<P, E> =>
  Effect.tryPromise({ try: load, catch: failed });

const why = (cause: unknown): string => `the adapter could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`;

/** A load failure is LocationFailed "unavailable". */
export const lazyGeolocation = (load: () => Promise<Geolocation>): Geolocation => {
  const get = loadOnce(load);
  return { current: () => Effect.flatMap(through(get, () => locationFailed("unavailable")), (port) => port.current()) };
};

export const lazyGeocoder = (load: () => Promise<Geocoder>): Geocoder => {
  const get = loadOnce(load);
  return { cityOf: (position) => Effect.flatMap(through(get, (cause) => new GeocodeFailed({ detail: why(cause) })), (port) => port.cityOf(position)) };
};

export const lazyRoutePlanner = (load: () => Promise<RoutePlanner>): RoutePlanner => {
  const get = loadOnce(load);
  return { drive: (from, to) => Effect.flatMap(through(get, (cause) => new RouteFailed({ detail: why(cause) })), (port) => port.drive(from, to)) };
};

export const lazyNavigator = (load: () => Promise<Navigator>): Navigator => {
  const get = loadOnce(load);
  return { navigateTo: (destination) => Effect.flatMap(through(get, (cause) => new NavigationFailed({ detail: why(cause) })), (port) => port.navigateTo(destination)) };
};

/** A load failure is PaymentUnavailable "offline" (no pay sheet without a network). */
export const lazyPaymentBridge = (load: () => Promise<PaymentBridge>): PaymentBridge => {
  const get = loadOnce(load);
  return { pay: (request) => Effect.flatMap(through(get, () => new PaymentUnavailable({ reason: "offline" })), (port) => port.pay(request)) };
};

/** A load failure is SignInUnavailable, saying why for the log. */
export const lazySignIn = (load: () => Promise<SignInProvider>): SignInProvider => {
  const get = loadOnce(load);
  return {
    authorizeUrl: (input) => Effect.flatMap(through(get, (cause) => new SignInUnavailable({ detail: why(cause) })), (port) => port.authorizeUrl(input)),
  };
};
