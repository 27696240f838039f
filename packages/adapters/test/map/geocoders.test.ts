import { lngLatInChina } from "@fuel/domain/testing";
import { Cause, Effect, Exit, Option } from "effect";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { AmapGeocoder } from "../../src/map/AmapGeocoder.ts";
import { SandboxGeocoder } from "../../src/map/SandboxGeocoder.ts";
import { Offline, ServerFailed, ServerRefused } from "../../src/ports/errors.ts";
import { GeocodeFailed, type Position } from "../../src/ports/Map.ts";
import { ScriptedApi } from "../../src/testing/ScriptedApi.ts";
import { failureOf } from "../support/failures.ts";

const shenzhenBay: Position = { longitude: 113.95, latitude: 22.52 };
const tianhe: Position = { longitude: 113.33, latitude: 23.12 };

/** A ScriptedApi standing in for the server: 深圳市 south of 22.8° N, 广州市 north of it (the geocoder only relays what the server names). */
const geocoding = (): ScriptedApi =>
  new ScriptedApi().on("sandboxGeocode", (input) => Effect.succeed({ city: Number(input.latitude) < 22.8 ? "深圳市" : "广州市" }));

describe("SandboxGeocoder", () => {
  it("answers the city the server's sandbox geocoder names", async () => {
    const geocoder = new SandboxGeocoder(geocoding());
    expect(await Effect.runPromise(geocoder.cityOf(shenzhenBay))).toBe("深圳市");
    expect(await Effect.runPromise(geocoder.cityOf(tianhe))).toBe("广州市");
  });

  it("asks once per lookup, with the position as given (GCJ-02), and reads no catalogue", async () => {
    const api = geocoding();
    await Effect.runPromise(new SandboxGeocoder(api).cityOf(shenzhenBay));
    expect(api.calls.map((c) => [c.name, c.input])).toEqual([["sandboxGeocode", { longitude: 113.95, latitude: 22.52 }]]);
  });

  it("for any position, sends exactly that position", async () => {
    const api = geocoding();
    const geocoder = new SandboxGeocoder(api);
    await fc.assert(
      fc.asyncProperty(lngLatInChina, async (p) => {
        api.calls.length = 0;
        await Effect.runPromise(geocoder.cityOf(p));
        expect(api.callsTo("sandboxGeocode").map((c) => c.input)).toEqual([{ longitude: p.longitude, latitude: p.latitude }]);
      }),
      { numRuns: 100 },
    );
  });

  it("does not ask before the first lookup", () => {
    const api = geocoding();
    const geocoder = new SandboxGeocoder(api);
    void geocoder.cityOf(shenzhenBay);
    expect(api.calls).toHaveLength(0);
  });

  it("a refusal (the empty catalogue's 404) is GeocodeFailed carrying the server's message", async () => {
    const api = new ScriptedApi().fail("sandboxGeocode", new ServerRefused({ message: "station not found", status: 404, tag: "StationNotFound" }));
    const error = await failureOf(new SandboxGeocoder(api).cityOf(shenzhenBay));
    expect(error).toBeInstanceOf(GeocodeFailed);
    expect(error._tag).toBe("GeocodeFailed");
    expect(error.detail).toContain("station not found");
  });

  it("offline is GeocodeFailed, and a later lookup asks again", async () => {
    const api = new ScriptedApi().fail("sandboxGeocode", new Offline({ path: "/api/sandbox/geocode" }));
    const geocoder = new SandboxGeocoder(api);
    const error = await failureOf(geocoder.cityOf(shenzhenBay));
    expect(error.detail).toContain("Offline");
    api.on("sandboxGeocode", { city: "深圳市" });
    expect(await Effect.runPromise(geocoder.cityOf(shenzhenBay))).toBe("深圳市");
    expect(api.callsTo("sandboxGeocode")).toHaveLength(2);
  });

  it("a server failure is GeocodeFailed", async () => {
    const api = new ScriptedApi().fail("sandboxGeocode", new ServerFailed({ message: "boom", status: 500 }));
    const error = await failureOf(new SandboxGeocoder(api).cityOf(shenzhenBay));
    expect(error._tag).toBe("GeocodeFailed");
    expect(error.detail).toContain("boom");
  });
});

/** A fake `fetch` answering one JSON body, recording the URLs asked. */
const fetchAnswering = (body: unknown) => {
  const urls: string[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  });
  return { fetch: fake as unknown as typeof fetch, urls, calls: fake };
};

const regeo = (addressComponent: Record<string, unknown>) => ({ status: "1", info: "OK", infocode: "10000", regeocode: { formatted_address: "somewhere", addressComponent } });

const futian: Position = { longitude: 114.0579123456, latitude: 22.5431987654 };

describe("AmapGeocoder", () => {
  it("asks AMap's regeo service with the key and location lng,lat to 6 decimals", async () => {
    const f = fetchAnswering(regeo({ city: "深圳市", province: "广东省" }));
    await Effect.runPromise(new AmapGeocoder({ key: "amap-key-1", fetch: f.fetch }).cityOf(futian));
    expect(f.urls).toHaveLength(1);
    const url = new URL(f.urls[0] as string);
    expect(`${url.origin}${url.pathname}`).toBe("https://restapi.amap.com/v3/geocode/regeo");
    expect(url.searchParams.get("key")).toBe("amap-key-1");
    expect(url.searchParams.get("location")).toBe("114.057912,22.543199");
  });

  it("sends any position as given (GCJ-02, no conversion), to 6 decimals", async () => {
    const f = fetchAnswering(regeo({ city: "深圳市" }));
    const geocoder = new AmapGeocoder({ key: "k", fetch: f.fetch });
    await fc.assert(
      fc.asyncProperty(lngLatInChina, async (p) => {
        f.urls.length = 0;
        await Effect.runPromise(geocoder.cityOf(p));
        expect(new URL(f.urls[0] as string).searchParams.get("location")).toBe(`${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`);
      }),
      { numRuns: 100 },
    );
  });

  it("encodes the key in the URL", async () => {
    const f = fetchAnswering(regeo({ city: "深圳市" }));
    await Effect.runPromise(new AmapGeocoder({ key: "a b&c=d", fetch: f.fetch }).cityOf(futian));
    expect(new URL(f.urls[0] as string).searchParams.get("key")).toBe("a b&c=d");
  });

  it("uses the base URL given", async () => {
    const f = fetchAnswering(regeo({ city: "深圳市" }));
    await Effect.runPromise(new AmapGeocoder({ key: "k", fetch: f.fetch, baseUrl: "http://amap.test" }).cityOf(futian));
    expect(f.urls[0]).toMatch(/^http:\/\/amap\.test\/v3\/geocode\/regeo\?/u);
  });

  it("answers regeocode.addressComponent.city", async () => {
    const f = fetchAnswering(regeo({ city: "深圳市", province: "广东省" }));
    expect(await Effect.runPromise(new AmapGeocoder({ key: "k", fetch: f.fetch }).cityOf(futian))).toBe("深圳市");
  });

  it("a municipality (city [] and province 北京市) is 北京市", async () => {
    const f = fetchAnswering(regeo({ city: [], province: "北京市" }));
    expect(await Effect.runPromise(new AmapGeocoder({ key: "k", fetch: f.fetch }).cityOf({ longitude: 116.397, latitude: 39.909 }))).toBe("北京市");
  });

  it("an empty city string also falls back to the province", async () => {
    const f = fetchAnswering(regeo({ city: "  ", province: "上海市" }));
    expect(await Effect.runPromise(new AmapGeocoder({ key: "k", fetch: f.fetch }).cityOf({ longitude: 121.47, latitude: 31.23 }))).toBe("上海市");
  });

  it("no city and no province is GeocodeFailed", async () => {
    const f = fetchAnswering(regeo({ city: [], province: [] }));
    const error = await failureOf(new AmapGeocoder({ key: "k", fetch: f.fetch }).cityOf(futian));
    expect(error._tag).toBe("GeocodeFailed");
  });

  it("status '0' is GeocodeFailed carrying AMap's info", async () => {
    const f = fetchAnswering({ status: "0", info: "INVALID_USER_KEY", infocode: "10001" });
    const error = await failureOf(new AmapGeocoder({ key: "k", fetch: f.fetch }).cityOf(futian));
    expect(error).toBeInstanceOf(GeocodeFailed);
    expect(error.detail).toContain("INVALID_USER_KEY");
  });

  it("fetch rejecting is GeocodeFailed", async () => {
    const rejecting = (() => Promise.reject(new TypeError("fetch failed"))) as unknown as typeof fetch;
    const error = await failureOf(new AmapGeocoder({ key: "k", fetch: rejecting }).cityOf(futian));
    expect(error._tag).toBe("GeocodeFailed");
    expect(error.detail).toContain("fetch failed");
  });

  it("an answer that is not JSON is GeocodeFailed", async () => {
    const html = (async () => new Response("<html>502 Bad Gateway</html>", { status: 502 })) as unknown as typeof fetch;
    const error = await failureOf(new AmapGeocoder({ key: "k", fetch: html }).cityOf(futian));
    expect(error._tag).toBe("GeocodeFailed");
  });

  it("any JSON answer gives a city or GeocodeFailed, never a crash", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const exit = await Effect.runPromiseExit(new AmapGeocoder({ key: "k", fetch: fetchAnswering(body).fetch }).cityOf(futian));
        if (Exit.isSuccess(exit)) expect(typeof exit.value).toBe("string");
        else expect(Option.getOrUndefined(Cause.findErrorOption(exit.cause))).toBeInstanceOf(GeocodeFailed);
      }),
      { numRuns: 200 },
    );
  });

  it("a service that never answers is GeocodeFailed after timeoutMs", async () => {
    const hanging = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      })) as unknown as typeof fetch;
    const error = await failureOf(new AmapGeocoder({ key: "k", fetch: hanging, timeoutMs: 20 }).cityOf(futian));
    expect(error._tag).toBe("GeocodeFailed");
  });
});
