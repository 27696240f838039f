import { Distance } from "@fuel/domain";
import { Effect } from "effect";
import {
  GeocodeFailed,
  locationFailed,
  RouteFailed,
  type Destination,
  type Geocoder,
  type Geolocation,
  type LocationFailed,
  type Navigator,
  type Position,
  type Route,
  type RoutePlanner,
} from "../ports/Map.ts";
import type { PayError, PaymentBridge, PayOutcome, PayRequest } from "../ports/PaymentBridge.ts";
import { requireOauth } from "../payment/authorize.ts";
import type { Browser } from "../ports/Browser.ts";
import type { SignInProvider } from "../ports/SignInProvider.ts";
import type { Documents } from "../ports/Documents.ts";
import type { ApiError } from "../ports/errors.ts";

/** In-memory fakes of the device ports, scriptable and recording, for store tests. */

/** A device that is wherever the test puts it (Shenzhen's Futian by default), or cannot locate. */
export class FakeGeolocation implements Geolocation {
  constructor(public answer: Position | LocationFailed["reason"] = { longitude: 114.0579, latitude: 22.5431 }) {}
  calls = 0;
  current(): Effect.Effect<Position, LocationFailed> {
    this.calls++;
    const a = this.answer;
    return typeof a === "string" ? Effect.fail(locationFailed(a)) : Effect.succeed(a);
  }
}

/** Names the city of the nearest listed centre. */
export class FakeGeocoder implements Geocoder {
  constructor(public cities: ReadonlyArray<Position & { readonly city: string }> = [{ city: "深圳市", longitude: 114.0579, latitude: 22.5431 }]) {}
  cityOf(position: Position): Effect.Effect<string, GeocodeFailed> {
    const [nearest] = Distance.sortByDistance(this.cities, position);
    return nearest === undefined ? Effect.fail(new GeocodeFailed({ detail: "no cities" })) : Effect.succeed(nearest.city);
  }
}

/** A straight line at 30 km/h, or a scripted failure. */
export class FakeRoutePlanner implements RoutePlanner {
  failing = false;
  drive(from: Position, to: Position): Effect.Effect<Route, RouteFailed> {
    if (this.failing) return Effect.fail(new RouteFailed({ detail: "scripted failure" }));
    const metres = Math.round(Distance.distanceMetres(from, to) ?? 0);
    return Effect.succeed({ distanceMetres: metres, durationSeconds: Math.round(metres / (30_000 / 3600)), path: [from, to], estimated: true });
  }
}

/** Records where it was asked to navigate. */
export class FakeNavigator implements Navigator {
  readonly destinations: Destination[] = [];
  navigateTo(destination: Destination): Effect.Effect<void> {
    return Effect.sync(() => void this.destinations.push(destination));
  }
}

/** Answers every pay sheet with `outcome` (or a failure), after the same oauth check as the real bridges. */
export class FakePaymentBridge implements PaymentBridge {
  readonly requests: PayRequest[] = [];
  constructor(public outcome: PayOutcome | Exclude<PayError, { readonly _tag: "OauthRequired" }> = "ok") {}
  pay(request: PayRequest): Effect.Effect<PayOutcome, PayError> {
    return Effect.flatMap(requireOauth(request.oauthId), () => {
      this.requests.push(request);
      const o = this.outcome;
      return typeof o === "string" ? Effect.succeed(o) : Effect.fail(o);
    });
  }
}

/** A page that records where the app sent the customer, with predictable random ids. */
export class FakeBrowser implements Browser {
  readonly visited: string[] = [];
  #next = 0;
  constructor(private readonly appOrigin = "https://fuel.test") {}
  origin = (): string => this.appOrigin;
  assign = (url: string): void => void this.visited.push(url);
  randomId = (): string => `state-${++this.#next}`;
  /** How many screen-on requests are held right now (a test asks whether the page let go). */
  screenOnHolds = 0;
  keepScreenOn = (): (() => void) => {
    this.screenOnHolds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.screenOnHolds--;
    };
  };
  /** What `closeWindow` answers: true inside the messaging app, false (the default) in a plain browser. */
  closesWindow = false;
  /** How many times the page asked to close. */
  closeWindowCalls = 0;
  closeWindow = (): boolean => {
    this.closeWindowCalls++;
    return this.closesWindow;
  };
}

/** An authorization provider whose URL shows what it was given. */
export class FakeSignIn implements SignInProvider {
  authorizeUrl({ redirectUri, state }: { readonly redirectUri: string; readonly state: string }): Effect.Effect<string> {
    return Effect.succeed(`https://auth.test/authorize?redirect_uri=${encodeURIComponent(redirectUri)}&state=${encodeURIComponent(state)}`);
  }
}

/** Shows nothing: records what was opened, or fails with `failure` when a test sets one. */
export class FakeDocuments implements Documents {
  readonly opened: string[] = [];
  failure: ApiError | undefined = undefined;
  open(url: string): Effect.Effect<void, ApiError> {
    if (this.failure !== undefined) return Effect.fail(this.failure);
    this.opened.push(url);
    return Effect.void;
  }
}
