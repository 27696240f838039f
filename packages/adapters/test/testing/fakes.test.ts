import { Distance, Messages, Validation } from "@fuel/domain";
import { examplePayInfo } from "@fuel/domain/api";
import { lngLatInChina } from "@fuel/domain/testing";
import { Effect } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GeocodeFailed, LocationFailed, RouteFailed, type Position } from "../../src/ports/Map.ts";
import { PaymentFailed, PaymentUnavailable, type PayRequest } from "../../src/ports/PaymentBridge.ts";
import { FakeGeocoder, FakeGeolocation, FakeNavigator, FakePaymentBridge, FakeRoutePlanner } from "../../src/testing/fakes.ts";
import { failureOf } from "../support/failures.ts";

const FUTIAN: Position = { longitude: 114.0579, latitude: 22.5431 };
const TIANHE: Position = { longitude: 113.33, latitude: 23.12 };

describe("FakeGeolocation", () => {
  it("is in Shenzhen's Futian by default", async () => {
    expect(await Effect.runPromise(new FakeGeolocation().current())).toEqual(FUTIAN);
  });

  it("is wherever the test puts it, even after construction", async () => {
    const geo = new FakeGeolocation(TIANHE);
    expect(await Effect.runPromise(geo.current())).toEqual(TIANHE);
    geo.answer = FUTIAN;
    expect(await Effect.runPromise(geo.current())).toEqual(FUTIAN);
  });

  it("a reason instead of a position is LocationFailed with that reason and 'failed to get location'", async () => {
    for (const reason of ["denied", "unavailable", "timeout", "unsupported"] as const) {
      const error = await failureOf(new FakeGeolocation(reason).current());
      expect(error).toBeInstanceOf(LocationFailed);
      expect(error.reason).toBe(reason);
    }
  });

  it("counts the runs of current()", async () => {
    const geo = new FakeGeolocation();
    expect(geo.calls).toBe(0);
    await Effect.runPromise(geo.current());
    await Effect.runPromise(Effect.ignore(new FakeGeolocation("denied").current()));
    await Effect.runPromise(geo.current());
    expect(geo.calls).toBe(2);
  });
});

describe("FakeGeocoder", () => {
  it("names Shenzhen by default", async () => {
    expect(await Effect.runPromise(new FakeGeocoder().cityOf(TIANHE))).toBe("深圳市");
  });

  it("names the city of the nearest listed centre", async () => {
    const centres = [
      { city: "深圳市", ...FUTIAN },
      { city: "广州市", ...TIANHE },
    ];
    const geocoder = new FakeGeocoder(centres);
    await fc.assert(
      fc.asyncProperty(lngLatInChina, async (p) => {
        const nearest = (Distance.distanceMetres(p, FUTIAN) ?? 0) <= (Distance.distanceMetres(p, TIANHE) ?? 0) ? "深圳市" : "广州市";
        expect(await Effect.runPromise(geocoder.cityOf(p))).toBe(nearest);
      }),
      { numRuns: 100 },
    );
  });

  it("no listed centre is GeocodeFailed", async () => {
    expect(await failureOf(new FakeGeocoder([]).cityOf(FUTIAN))).toBeInstanceOf(GeocodeFailed);
  });
});

describe("FakeRoutePlanner", () => {
  it("drives a straight line at 30 km/h, estimated", async () => {
    const route = await Effect.runPromise(new FakeRoutePlanner().drive(FUTIAN, TIANHE));
    const metres = Math.round(Distance.distanceMetres(FUTIAN, TIANHE) ?? 0);
    expect(route.distanceMetres).toBe(metres);
    expect(route.durationSeconds).toBe(Math.round(metres / (30_000 / 3600)));
    expect(route.path).toEqual([FUTIAN, TIANHE]);
    expect(route.estimated).toBe(true);
  });

  it("fails with RouteFailed when told to", async () => {
    const planner = new FakeRoutePlanner();
    planner.failing = true;
    expect(await failureOf(planner.drive(FUTIAN, TIANHE))).toBeInstanceOf(RouteFailed);
  });
});

describe("FakeNavigator", () => {
  it("records every destination, in order", async () => {
    const navigator = new FakeNavigator();
    const a = { ...FUTIAN, name: "Futian Energy Station", address: "88 Shennan Avenue" };
    const b = { ...TIANHE, name: "Tianhe Station" };
    await Effect.runPromise(navigator.navigateTo(a));
    await Effect.runPromise(navigator.navigateTo(b));
    expect(navigator.destinations).toEqual([a, b]);
  });

  it("records nothing until the effect runs", () => {
    const navigator = new FakeNavigator();
    void navigator.navigateTo({ ...FUTIAN, name: "S" });
    expect(navigator.destinations).toHaveLength(0);
  });
});

const request = (overrides: Partial<PayRequest> = {}): PayRequest => ({
  orderId: 5001,
  payInfo: examplePayInfo,
  amountCents: 9162,
  oauthId: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
  ...overrides,
});

describe("FakePaymentBridge", () => {
  it("answers 'ok' by default", async () => {
    expect(await Effect.runPromise(new FakePaymentBridge().pay(request()))).toBe("ok");
  });

  it("answers the outcome it is given", async () => {
    const bridge = new FakePaymentBridge("cancel");
    expect(await Effect.runPromise(bridge.pay(request()))).toBe("cancel");
    bridge.outcome = "ok";
    expect(await Effect.runPromise(bridge.pay(request()))).toBe("ok");
  });

  it("fails with the error it is given", async () => {
    const failed = new PaymentFailed({ message: "declined" });
    expect(await failureOf(new FakePaymentBridge(failed).pay(request()))).toBe(failed);
    const unavailable = new PaymentUnavailable({ reason: "outsideMessagingApp" });
    expect(await failureOf(new FakePaymentBridge(unavailable).pay(request()))).toBe(unavailable);
  });

  it("records every request it answers", async () => {
    const bridge = new FakePaymentBridge();
    await Effect.runPromise(bridge.pay(request()));
    await Effect.runPromise(Effect.ignore(new FakePaymentBridge(new PaymentFailed({ message: "x" })).pay(request())));
    expect(bridge.requests).toEqual([request()]);
  });

  it("refuses without an oauth id (OauthRequired, 'authorize via messaging app first') and records nothing", async () => {
    for (const oauthId of [null, undefined, "", "   "]) {
      const bridge = new FakePaymentBridge("ok");
      const error = await failureOf(bridge.pay(request({ oauthId })));
      expect(error).toBeInstanceOf(Validation.OauthRequired);
      expect(Messages.describe(error)).toBe("authorize via messaging app first");
      expect(bridge.requests).toHaveLength(0);
    }
  });
});
