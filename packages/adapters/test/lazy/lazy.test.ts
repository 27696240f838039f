import { examplePayInfo } from "@fuel/domain/api";
import { Cause, Effect, Exit, Option } from "effect";
import { describe, expect, it } from "vitest";
import { lazyGeocoder, lazyGeolocation, lazyNavigator, lazyPaymentBridge, lazyRoutePlanner, loadOnce } from "../../src/lazy/index.ts";
import { LocationFailed, type Geolocation } from "../../src/ports/Map.ts";
import { PaymentUnavailable } from "../../src/ports/PaymentBridge.ts";
import { FakeGeocoder, FakeGeolocation, FakeNavigator, FakePaymentBridge, FakeRoutePlanner } from "../../src/testing/fakes.ts";

const errorOf = async <A, E>(effect: Effect.Effect<A, E>): Promise<E | undefined> => {
  const exit = await Effect.runPromiseExit(effect);
  return Exit.isFailure(exit) ? Option.getOrUndefined(Cause.findErrorOption(exit.cause)) : undefined;
};

/** A loader that counts its calls and fails the first `failures` of them (a chunk that could not be fetched). */
const counting = <A>(port: A, failures = 0) => {
  const loader = {
    calls: 0,
    load: async (): Promise<A> => {
      loader.calls += 1;
      if (loader.calls <= failures) throw new TypeError("Failed to fetch dynamically imported module");
      return port;
    },
  };
  return loader;
};

const SHENZHEN = { longitude: 114.0579, latitude: 22.5431 };
const GUANGZHOU = { longitude: 113.2644, latitude: 23.1291 };

describe("lazy ports: the implementation is loaded on first use", () => {
  it("nothing is loaded until a method is called", () => {
    const loader = counting<Geolocation>(new FakeGeolocation());
    lazyGeolocation(loader.load);
    expect(loader.calls).toBe(0);
  });

  it("each call answers what the loaded implementation answers, and it is loaded once", async () => {
    const loader = counting(new FakeGeocoder());
    const geocoder = lazyGeocoder(loader.load);
    expect(await Effect.runPromise(geocoder.cityOf(SHENZHEN))).toBe("深圳市");
    expect(await Effect.runPromise(geocoder.cityOf(SHENZHEN))).toBe("深圳市");
    expect(loader.calls).toBe(1);
  });

  it("the implementation's own failures pass through unchanged", async () => {
    const geolocation = new FakeGeolocation("denied");
    expect(await errorOf(lazyGeolocation(async () => geolocation).current())).toMatchObject({ _tag: "LocationFailed", reason: "denied" });
  });

  it("a route planner and a navigator delegate their arguments", async () => {
    const navigator = new FakeNavigator();
    await Effect.runPromise(lazyNavigator(async () => navigator).navigateTo({ ...GUANGZHOU, name: "Station 1" }));
    expect(navigator.destinations).toEqual([{ ...GUANGZHOU, name: "Station 1" }]);
    const route = await Effect.runPromise(lazyRoutePlanner(async () => new FakeRoutePlanner()).drive(SHENZHEN, GUANGZHOU));
    expect(route.path).toEqual([SHENZHEN, GUANGZHOU]);
  });

  it("a failed load fails the call with the port's own error", async () => {
    const fail = async (): Promise<never> => {
      throw new TypeError("offline");
    };
    expect(await errorOf(lazyGeolocation(fail).current())).toEqual(new LocationFailed({ reason: "unavailable" }));
    expect(await errorOf(lazyGeocoder(fail).cityOf(SHENZHEN))).toMatchObject({ _tag: "GeocodeFailed" });
    expect(await errorOf(lazyRoutePlanner(fail).drive(SHENZHEN, GUANGZHOU))).toMatchObject({ _tag: "RouteFailed" });
    expect(await errorOf(lazyNavigator(fail).navigateTo({ ...SHENZHEN, name: "x" }))).toMatchObject({ _tag: "NavigationFailed" });
  });

  it("a pay sheet that cannot be loaded is PaymentUnavailable 'offline'", async () => {
    const bridge = lazyPaymentBridge(async () => {
      throw new TypeError("offline");
    });
    const request = { orderId: 1, payInfo: examplePayInfo, amountCents: 100, oauthId: "openid" };
    expect(await errorOf(bridge.pay(request))).toEqual(new PaymentUnavailable({ reason: "offline" }));
  });

  it("after a failed load the next call loads again and succeeds", async () => {
    const loader = counting(new FakePaymentBridge("ok"), 1);
    const bridge = lazyPaymentBridge(loader.load);
    const request = { orderId: 1, payInfo: examplePayInfo, amountCents: 100, oauthId: "openid" };
    expect(await errorOf(bridge.pay(request))).toMatchObject({ _tag: "PaymentUnavailable" });
    expect(await Effect.runPromise(bridge.pay(request))).toBe("ok");
    expect(loader.calls).toBe(2);
  });
});

describe("loadOnce", () => {
  it("concurrent first uses share one load", async () => {
    const loader = counting("port");
    const get = loadOnce(loader.load);
    expect(await Promise.all([get(), get(), get()])).toEqual(["port", "port", "port"]);
    expect(loader.calls).toBe(1);
  });
});
