import { Distance } from "@fuel/domain";
import { exampleStation, type Station } from "@fuel/domain/api";
import { lngLatInChina } from "@fuel/domain/testing";
import { Cause, Effect, Exit, Option } from "effect";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { gatewaysOver } from "../../src/http/gateways.ts";
import { AmapGeocoder } from "../../src/map/AmapGeocoder.ts";
import { SandboxGeocoder } from "../../src/map/SandboxGeocoder.ts";
import { Offline, ServerFailed } from "../../src/ports/errors.ts";
import { GeocodeFailed, type Position } from "../../src/ports/Map.ts";
import { ScriptedApi } from "../../src/testing/ScriptedApi.ts";
import { failureOf } from "../support/failures.ts";

const station = (id: number, city: string, longitude: number, latitude: number): Station => ({
  ...exampleStation,
  id,
  city,
  title: `${city} station ${id}`,
  longitude,
  latitude,
});

const SHENZHEN = [station(1, "深圳市", 114.0579, 22.5431), station(2, "深圳市", 113.9305, 22.5333)];
const GUANGZHOU = [station(3, "广州市", 113.2644, 23.1291), station(4, "广州市", 113.3245, 23.1064)];
const CATALOGUE: Record<string, readonly Station[]> = { 深圳市: SHENZHEN, 广州市: GUANGZHOU };

/** A ScriptedApi answering two cities and their stations. */
const twoCities = (): ScriptedApi =>
  new ScriptedApi()
    .on("cityList", [
      { city: "深圳市", count: SHENZHEN.length },
      { city: "广州市", count: GUANGZHOU.length },
    ])
    .on("cityStations", (input) => Effect.succeed([...(CATALOGUE[input.city] ?? [])]));

const sandboxOver = (api: ScriptedApi) => new SandboxGeocoder(gatewaysOver(api).stations);

const shenzhenBay: Position = { longitude: 113.95, latitude: 22.52 };
const tianhe: Position = { longitude: 113.33, latitude: 23.12 };

describe("SandboxGeocoder", () => {
  it("names the city of the nearest catalogue station", async () => {
    const geocoder = sandboxOver(twoCities());
    expect(await Effect.runPromise(geocoder.cityOf(shenzhenBay))).toBe("深圳市");
    expect(await Effect.runPromise(geocoder.cityOf(tianhe))).toBe("广州市");
  });

  it("for any position, answers the city of the station nearest to it", async () => {
    const geocoder = sandboxOver(twoCities());
    const all = [...SHENZHEN, ...GUANGZHOU];
    await fc.assert(
      fc.asyncProperty(lngLatInChina, async (p) => {
        const nearest = all.reduce((best, s) => ((Distance.distanceMetres(p, s) ?? Infinity) < (Distance.distanceMetres(p, best) ?? Infinity) ? s : best));
        expect(await Effect.runPromise(geocoder.cityOf(p))).toBe(nearest.city);
      }),
      { numRuns: 100 },
    );
  });

  it("reads the catalogue once for several lookups", async () => {
    const api = twoCities();
    const geocoder = sandboxOver(api);
    await Effect.runPromise(geocoder.cityOf(shenzhenBay));
    await Effect.runPromise(geocoder.cityOf(tianhe));
    await Effect.runPromise(geocoder.cityOf(shenzhenBay));
    expect(api.callsTo("cityList")).toHaveLength(1);
    expect(api.callsTo("cityStations").map((c) => c.input)).toEqual([{ city: "深圳市" }, { city: "广州市" }]);
  });

  it("reads the catalogue once even for concurrent lookups", async () => {
    const api = twoCities();
    const geocoder = sandboxOver(api);
    const cities = await Effect.runPromise(Effect.all([geocoder.cityOf(shenzhenBay), geocoder.cityOf(tianhe), geocoder.cityOf(shenzhenBay)], { concurrency: "unbounded" }));
    expect(cities).toEqual(["深圳市", "广州市", "深圳市"]);
    expect(api.callsTo("cityList")).toHaveLength(1);
    expect(api.callsTo("cityStations")).toHaveLength(2);
  });

  it("does not read the catalogue before the first lookup", () => {
    const api = twoCities();
    const geocoder = sandboxOver(api);
    void geocoder.cityOf(shenzhenBay);
    expect(api.calls).toHaveLength(0);
  });

  it("an empty catalogue (no cities) is GeocodeFailed", async () => {
    const api = new ScriptedApi().on("cityList", []);
    const error = await failureOf(sandboxOver(api).cityOf(shenzhenBay));
    expect(error).toBeInstanceOf(GeocodeFailed);
    expect(error._tag).toBe("GeocodeFailed");
  });

  it("cities without any station are GeocodeFailed", async () => {
    const api = new ScriptedApi().on("cityList", [{ city: "深圳市", count: 0 }]).on("cityStations", []);
    const error = await failureOf(sandboxOver(api).cityOf(shenzhenBay));
    expect(error._tag).toBe("GeocodeFailed");
  });

  it("a failing catalogue is GeocodeFailed carrying the API's message", async () => {
    const api = new ScriptedApi().fail("cityList", new Offline({ message: "network unavailable" }));
    const error = await failureOf(sandboxOver(api).cityOf(shenzhenBay));
    expect(error._tag).toBe("GeocodeFailed");
    expect(error.detail).toContain("network unavailable");
  });

  it("a failing station list is GeocodeFailed", async () => {
    const api = twoCities().fail("cityStations", new ServerFailed({ message: "boom", status: 500 }));
    const error = await failureOf(sandboxOver(api).cityOf(shenzhenBay));
    expect(error._tag).toBe("GeocodeFailed");
    expect(error.detail).toContain("boom");
  });

  it("after a failed catalogue read, a later lookup reads it again", async () => {
    const api = new ScriptedApi().fail("cityList", new Offline({ message: "network unavailable" }));
    const geocoder = sandboxOver(api);
    await failureOf(geocoder.cityOf(shenzhenBay));
    api.on("cityList", [{ city: "深圳市", count: 2 }]).on("cityStations", SHENZHEN);
    expect(await Effect.runPromise(geocoder.cityOf(shenzhenBay))).toBe("深圳市");
    expect(api.callsTo("cityList")).toHaveLength(2);
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
