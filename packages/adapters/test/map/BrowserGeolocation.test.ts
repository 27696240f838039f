import { Constants, Distance } from "@fuel/domain";
import { lngLat, lngLatInChina } from "@fuel/domain/testing";
import { Cause, Effect, Exit, Fiber, Option } from "effect";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BrowserGeolocation } from "../../src/map/BrowserGeolocation.ts";
import { LocationFailed, type Position } from "../../src/ports/Map.ts";
import { failureOf, failureOfExit } from "../support/failures.ts";

/** The error an effect fails with (the test fails if it succeeds or dies). */
type Success = (p: GeolocationPosition) => void;
type Failure = (e: GeolocationPositionError) => void;

/** A scriptable `navigator.geolocation`: records every ask and keeps the callbacks so the test answers when it likes. */
class FakeNavigatorGeolocation {
  readonly asks: Array<{ success: Success; failure: Failure | null | undefined; options: PositionOptions | undefined }> = [];
  constructor(private readonly answer?: (success: Success, failure: Failure) => void) {}
  getCurrentPosition(success: Success, failure?: Failure | null, options?: PositionOptions): void {
    this.asks.push({ success, failure, options });
    if (this.answer !== undefined && failure != null) this.answer(success, failure);
  }
}

const positionAt = (p: Position): GeolocationPosition =>
  ({
    coords: { longitude: p.longitude, latitude: p.latitude, accuracy: 20, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
    timestamp: 0,
  }) as unknown as GeolocationPosition;

const errorWithCode = (code: number): GeolocationPositionError =>
  ({ code, message: "scripted", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }) as GeolocationPositionError;

const answering = (p: Position) => new FakeNavigatorGeolocation((success) => success(positionAt(p)));
const refusing = (code: number) => new FakeNavigatorGeolocation((_, failure) => failure(errorWithCode(code)));
const silent = () => new FakeNavigatorGeolocation();

const futianWgs84: Position = { longitude: 114.0528, latitude: 22.5461 };

afterEach(() => {
  vi.useRealTimers();
});

describe("BrowserGeolocation", () => {
  it("converts the device's WGS-84 position to GCJ-02 exactly as Distance.wgs84ToGcj02 (any position in China)", async () => {
    await fc.assert(
      fc.asyncProperty(lngLatInChina, async (p) => {
        const got = await Effect.runPromise(new BrowserGeolocation(answering(p)).current());
        expect(got).toEqual(Distance.wgs84ToGcj02(p));
      }),
      { numRuns: 200 },
    );
  });

  it("gives any position on Earth as the domain function does (unchanged outside China)", async () => {
    await fc.assert(
      fc.asyncProperty(lngLat, async (p) => {
        const got = await Effect.runPromise(new BrowserGeolocation(answering(p)).current());
        expect(got).toEqual(Distance.wgs84ToGcj02(p));
      }),
      { numRuns: 100 },
    );
  });

  it("really shifts a position in China (the conversion is applied, not skipped)", async () => {
    const got = await Effect.runPromise(new BrowserGeolocation(answering(futianWgs84)).current());
    expect(got).not.toEqual(futianWgs84);
    expect(Distance.distanceMetres(got, futianWgs84)).toBeGreaterThan(100);
  });

  it("permission denied (code 1) is LocationFailed 'denied' with the message 'failed to get location'", async () => {
    const error = await failureOf(new BrowserGeolocation(refusing(1)).current());
    expect(error).toBeInstanceOf(LocationFailed);
    expect(error._tag).toBe("LocationFailed");
    expect(error.reason).toBe("denied");
  });

  it("position unavailable (code 2) is LocationFailed 'unavailable'", async () => {
    const error = await failureOf(new BrowserGeolocation(refusing(2)).current());
    expect(error.reason).toBe("unavailable");
  });

  it("the browser's own timeout (code 3) is LocationFailed 'timeout'", async () => {
    const error = await failureOf(new BrowserGeolocation(refusing(3)).current());
    expect(error.reason).toBe("timeout");
  });

  it("any other error code is LocationFailed 'unavailable'", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer().filter((c) => c !== 1 && c !== 3), async (code) => {
        const error = await failureOf(new BrowserGeolocation(refusing(code)).current());
        expect(error.reason).toBe("unavailable");
      }),
      { numRuns: 50 },
    );
  });

  it("the error is data: its reason, and no text in any language (the app words it)", async () => {
    const error = await failureOf(new BrowserGeolocation(refusing(1)).current());
    expect(error).toEqual(new LocationFailed({ reason: "denied" }));
    expect(error.message).toBe("");
  });

  it("a geolocation that never answers is LocationFailed 'timeout' after the timeoutMs given", async () => {
    const started = Date.now();
    const error = await failureOf(new BrowserGeolocation(silent(), { timeoutMs: 30 }).current());
    expect(error.reason).toBe("timeout");
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("the default location timeout is within the spec's 8-10 s", () => {
    expect(Constants.LOCATION_TIMEOUT_MS).toBeGreaterThanOrEqual(8_000);
    expect(Constants.LOCATION_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    expect(Constants.LOCATION_TIMEOUT_MS).toBeGreaterThanOrEqual(Constants.LOCATION_TIMEOUT_MIN_MS);
  });

  it("by default a geolocation that never answers times out at Constants.LOCATION_TIMEOUT_MS, not before", async () => {
    vi.useFakeTimers();
    let settled: Exit.Exit<Position, LocationFailed> | undefined;
    void Effect.runPromiseExit(new BrowserGeolocation(silent()).current()).then((exit) => (settled = exit));
    await vi.advanceTimersByTimeAsync(Constants.LOCATION_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    if (settled === undefined || !Exit.isFailure(settled)) throw new Error("expected the lookup to have failed by now");
    expect(Option.getOrUndefined(Cause.findErrorOption(settled.cause))?.reason).toBe("timeout");
  });

  it("no geolocation at all is LocationFailed 'unsupported'", async () => {
    const error = await failureOf(new BrowserGeolocation(undefined).current());
    expect(error.reason).toBe("unsupported");
  });

  it("getCurrentPosition throwing is LocationFailed 'unavailable'", async () => {
    const throwing = {
      getCurrentPosition: () => {
        throw new Error("insecure origin");
      },
    };
    const error = await failureOf(new BrowserGeolocation(throwing).current());
    expect(error.reason).toBe("unavailable");
  });

  it("an answer arriving after the timeout does not change the result", async () => {
    vi.useFakeTimers();
    const geolocation = silent();
    const lookup = Effect.runFork(new BrowserGeolocation(geolocation, { timeoutMs: 20 }).current());
    // The timer fires, and in the same turn, before anyone reads the result, the browser answers late:
    // first a position, then an error.
    vi.advanceTimersByTime(20);
    const [ask] = geolocation.asks;
    if (ask === undefined) throw new Error("the browser was never asked");
    expect(() => ask.success(positionAt(futianWgs84))).not.toThrow();
    expect(() => ask.failure?.(errorWithCode(1))).not.toThrow();
    // Read only now, after both late answers.
    const error = failureOfExit(await Effect.runPromise(Fiber.await(lookup)));
    expect(error.reason).toBe("timeout");
  });

  it("only the first answer counts: an error after a position is ignored", async () => {
    const twice = new FakeNavigatorGeolocation((success, failure) => {
      success(positionAt(futianWgs84));
      failure(errorWithCode(1));
    });
    const got = await Effect.runPromise(new BrowserGeolocation(twice).current());
    expect(got).toEqual(Distance.wgs84ToGcj02(futianWgs84));
  });

  it("an answer in time cancels the timer (nothing fails afterwards)", async () => {
    vi.useFakeTimers();
    const got = await Effect.runPromise(new BrowserGeolocation(answering(futianWgs84), { timeoutMs: 50 }).current());
    expect(got).toEqual(Distance.wgs84ToGcj02(futianWgs84));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("the options passed to the browser include the timeout given", async () => {
    const geolocation = answering(futianWgs84);
    await Effect.runPromise(new BrowserGeolocation(geolocation, { timeoutMs: 8_500 }).current());
    expect(geolocation.asks).toHaveLength(1);
    expect(geolocation.asks[0]?.options?.timeout).toBe(8_500);
  });

  it("the options passed to the browser carry the default location timeout when none is given", async () => {
    const geolocation = answering(futianWgs84);
    await Effect.runPromise(new BrowserGeolocation(geolocation).current());
    expect(geolocation.asks[0]?.options?.timeout).toBe(Constants.LOCATION_TIMEOUT_MS);
  });

  it("asks the browser again on every run (a new fix each time)", async () => {
    const geolocation = answering(futianWgs84);
    const locate = new BrowserGeolocation(geolocation).current();
    await Effect.runPromise(locate);
    await Effect.runPromise(locate);
    expect(geolocation.asks).toHaveLength(2);
  });
});
