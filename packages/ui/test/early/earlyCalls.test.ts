import { createHttpClient, gatewaysOver } from "@fuel/adapters/http";
import { SandboxGeocoder } from "@fuel/adapters/map/sandbox";
import { MemoryTokenStore, STORAGE_KEYS } from "@fuel/adapters/storage";
import { Constants, Distance, Order, Time } from "@fuel/domain";
import { exampleOrder, type Order as WireOrder } from "@fuel/domain/api";
import { Effect } from "effect";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { showsCode, startEarlyCalls, type EarlyHost } from "../../src/early/earlyCalls.ts";
import { requestKey } from "../../src/early/protocol.ts";
import { CITY_KEY } from "../../src/stores/cityKey.ts";
import { entryOf, factsAt } from "../../src/stores/orders/OrderEntry.ts";

const TOKEN = "tok-1";
const GUANGZHOU_WGS = { longitude: 113.2644, latitude: 23.1291 };
const NOW = Date.parse("2026-11-27T10:00:00+08:00");

const envelope = (data: unknown) => new Response(JSON.stringify({ status: "success", message: "", data }), { status: 200, headers: { "content-type": "application/json" } });

interface Sent {
  readonly url: string;
  readonly init: RequestInit;
}

/** A host whose fetch records requests and answers from `answers` (by path). */
const hostFor = (pathname: string, storage: Record<string, string>, answers: Record<string, () => Response> = {}, position: "ok" | "denied" = "ok") => {
  const sent: Sent[] = [];
  const host: EarlyHost = {
    pathname,
    storage: { getItem: (k) => storage[k] ?? null },
    fetch: vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      const path = url.split("?")[0]!;
      return answers[path]?.() ?? new Response("{}", { status: 500 });
    }),
    geolocation: {
      getCurrentPosition: (ok, fail) =>
        position === "ok" ? ok({ coords: { ...GUANGZHOU_WGS, accuracy: 20 } } as GeolocationPosition) : fail?.({ code: 1 } as GeolocationPositionError),
    },
    now: () => 42,
  };
  return { host, sent };
};

const signedIn = { [STORAGE_KEYS.token]: TOKEN, [STORAGE_KEYS.activated]: "1" };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The keys of the requests the app's own HTTP client sends for `calls` (what the early answers must match). */
const appKeys = async (calls: (ports: ReturnType<typeof gatewaysOver>, geocoder: SandboxGeocoder) => ReadonlyArray<Effect.Effect<unknown, unknown>>): Promise<string[]> => {
  const keys: string[] = [];
  const api = createHttpClient({
    tokens: new MemoryTokenStore({ token: TOKEN, activated: true }),
    fetch: async (input, init) => {
      const token = /^Bearer (\S+)$/.exec(new Headers(init?.headers).get("authorization") ?? "")?.[1] ?? null;
      keys.push(requestKey({ method: init?.method ?? "GET", url: String(input), body: typeof init?.body === "string" ? init.body : undefined, token }));
      return new Response("{}", { status: 500 });
    },
  });
  for (const call of calls(gatewaysOver(api), new SandboxGeocoder(api))) await Effect.runPromise(Effect.exit(call));
  return keys;
};

describe("startEarlyCalls: the HTML asks what the page will ask first, exactly as the app asks it", () => {
  it("/stationlist: position, the city there (sandbox geocoder), that city's stations; the same requests the app's client sends", async () => {
    const { host } = hostFor("/stationlist", signedIn, {
      "/api/sandbox/geocode": () => envelope({ city: "广州市" }),
      "/api/station/current_city_list": () => envelope([]),
    });
    const store = startEarlyCalls(host, { sandboxGeocoder: true })!;
    await settle();
    await settle();
    const gcj = Distance.wgs84ToGcj02(GUANGZHOU_WGS);
    const expected = await appKeys((ports, geocoder) => [geocoder.cityOf(gcj), ports.stations.stationsOfCity("广州市")]);
    expect([...store.answers.keys()]).toEqual(expected);
    expect(await store.position).toEqual({ ok: true, ...GUANGZHOU_WGS, accuracy: 20 });
  });

  it("/stationlist with a city picked in /citylist: its stations at once, and not again when the device is in it", async () => {
    const { host, sent } = hostFor("/stationlist", { ...signedIn, [CITY_KEY]: "广州市" }, { "/api/sandbox/geocode": () => envelope({ city: "广州市" }) });
    const store = startEarlyCalls(host, { sandboxGeocoder: true })!;
    expect(sent.map((s) => s.url)).toEqual(["/api/station/current_city_list"]);
    await settle();
    await settle();
    expect(sent.map((s) => s.url.split("?")[0])).toEqual(["/api/station/current_city_list", "/api/sandbox/geocode"]);
    expect([...store.answers.keys()][0]).toEqual((await appKeys((ports) => [ports.stations.stationsOfCity("广州市")]))[0]);
  });

  it("/stationlist signed out (a public page): the same calls without a token", async () => {
    const { host, sent } = hostFor("/stationlist", {}, { "/api/sandbox/geocode": () => envelope({ city: "广州市" }) });
    startEarlyCalls(host, { sandboxGeocoder: true });
    await settle();
    await settle();
    expect(sent.length).toBe(2);
    for (const s of sent) expect(new Headers(s.init.headers).get("authorization")).toBeNull();
  });

  it("/stationlist with a map provider key: only the position (the app asks AMap itself)", async () => {
    const { host, sent } = hostFor("/stationlist", signedIn);
    const store = startEarlyCalls(host, { sandboxGeocoder: false })!;
    await settle();
    expect(sent).toEqual([]);
    expect(store.position).toBeDefined();
  });

  it("/stationlist with the position refused: nothing asked (the app shows the city list's first city)", async () => {
    const { host, sent } = hostFor("/stationlist", signedIn, {}, "denied");
    const store = startEarlyCalls(host, { sandboxGeocoder: true })!;
    await settle();
    expect(sent).toEqual([]);
    expect(await store.position).toEqual({ ok: false, code: 1 });
  });

  it("/orderDetail/:id of a paid, unused order: the order, then its code, as the app's client asks them", async () => {
    const paid: WireOrder = { ...exampleOrder, order_id: 77, order_status: Order.statusCode("unused"), payment_time: Time.formatChinaIso(Date.now() - 60_000) };
    const { host } = hostFor("/orderDetail/77", signedIn, { "/api/order/detail": () => envelope(paid) });
    const store = startEarlyCalls(host, { sandboxGeocoder: true })!;
    await settle();
    await settle();
    await settle();
    const expected = await appKeys((ports) => [ports.orders.detail(77), ports.orders.qrCode(paid.mchnt_order_no)]);
    expect([...store.answers.keys()]).toEqual(expected);
    // The app's own code request waits for this rather than racing the script's (both read the same order).
    await expect(store.coming.get("POST /api/kepai/getqrcode")).resolves.toBeUndefined();
  });

  it("/orderDetail/:id of an unpaid order: the order only", async () => {
    const { host, sent } = hostFor("/orderDetail/5001", signedIn, { "/api/order/detail": () => envelope(exampleOrder) });
    startEarlyCalls(host, { sandboxGeocoder: true });
    await settle();
    await settle();
    expect(sent.map((s) => s.url)).toEqual(["/api/order/detail"]);
  });

  it.each([
    ["signed out", "/orderDetail/1", {}],
    ["not activated", "/orderDetail/1", { [STORAGE_KEYS.token]: TOKEN }],
    ["another page", "/orderlist", signedIn],
    ["a recharge order's detail (its own page and calls)", "/orderDetail/2/9", signedIn],
  ])("%s: nothing asked, nothing left for the app", async (_what, pathname, storage) => {
    const { host, sent } = hostFor(pathname, storage);
    expect(startEarlyCalls(host, { sandboxGeocoder: true })).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it("storage that throws reads as signed out (the browser refused storage)", () => {
    const { host, sent } = hostFor("/orderDetail/1", {});
    const refusing: EarlyHost = { ...host, storage: { getItem: () => { throw new Error("SecurityError"); } } };
    expect(startEarlyCalls(refusing, { sandboxGeocoder: true })).toBeUndefined();
    expect(sent).toEqual([]);
  });
});

describe("showsCode: the early script's reading of a wire order is the detail page's", () => {
  it("agrees with the order's facts and Order.qrVisible for any order at any moment", () => {
    const order = fc.record({
      order_status: fc.constantFrom(...Order.STATUS_CODES),
      refund_status: fc.constantFrom(0, 1, 2, 3),
      card_type: fc.constantFrom(null, 1, 2),
      order_type: fc.constantFrom(1, 2),
      paidAgoMs: fc.option(fc.integer({ min: -60_000, max: Constants.FUEL_QR_VALIDITY_MS * 2 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(order, fc.integer({ min: NOW - 1_000, max: NOW + 1_000 }), (o, now) => {
        const wire = {
          ...exampleOrder,
          order_status: o.order_status,
          refund_status: o.refund_status,
          card_type: o.card_type,
          order_type: o.order_type,
          payment_time: o.paidAgoMs === undefined ? null : Time.formatChinaIso(NOW - o.paidAgoMs),
        } as WireOrder;
        const facts = factsAt(entryOf(wire, now), now);
        // An unused order without a payment time is not one the server sends; the app's facts need one.
        fc.pre(!(o.order_status === Order.statusCode("unused") && wire.payment_time === null));
        const app = facts.kind === "fuel" && Order.qrVisible(facts, wire.refund_status, now);
        expect(showsCode(wire, now)).toBe(app);
      }),
      { numRuns: 2_000 },
    );
  });
});
