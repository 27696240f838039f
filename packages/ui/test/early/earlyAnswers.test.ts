import { describe, expect, it, vi } from "vitest";
import { withEarlyAnswers, withEarlyPosition } from "../../src/early/earlyAnswers.ts";
import { EARLY_FRESH_MS, FOLLOW_UP_WAIT_MS, requestKey, routeKey, type EarlyPosition, type EarlyStore } from "../../src/early/protocol.ts";

const LIST = { method: "POST", url: "/api/station/current_city_list", body: '{"city":"广州市"}', token: "t1" } as const;
const initOf = (token: string | null, extra: RequestInit = {}): RequestInit => ({
  method: LIST.method,
  body: LIST.body,
  headers: { accept: "application/json", "content-type": "application/json", ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
  ...extra,
});

const storeWith = (answer: Promise<Response>, startedAt = 0): EarlyStore => ({ startedAt, answers: new Map([[requestKey(LIST), answer]]), position: undefined, coming: new Map() });
const answer = (text: string) => new Response(text, { status: 200 });

describe("withEarlyAnswers: the app's fetch takes what the HTML already asked", () => {
  it("answers the same request (method, address, body, token) with the early answer, once", async () => {
    const network = vi.fn(async () => answer("network"));
    const fetch = withEarlyAnswers(network, storeWith(Promise.resolve(answer("early"))), () => 1_000);
    expect(await (await fetch(LIST.url, initOf("t1"))).text()).toBe("early");
    expect(network).not.toHaveBeenCalled();
    // A refresh asks again: the early answer is the first screen's only.
    expect(await (await fetch(LIST.url, initOf("t1"))).text()).toBe("network");
    expect(network).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["another customer's token", LIST.url, initOf("t2")],
    ["no token", LIST.url, initOf(null)],
    ["another body", LIST.url, { ...initOf("t1"), body: '{"city":"深圳市"}' }],
    ["another address", "/api/station/citylist", initOf("t1")],
    ["another method", LIST.url, { ...initOf("t1"), method: "GET", body: null }],
  ])("asks the network for %s", async (_what, url, init: RequestInit) => {
    const network = vi.fn(async () => answer("network"));
    const fetch = withEarlyAnswers(network, storeWith(Promise.resolve(answer("early"))), () => 1_000);
    expect(await (await fetch(url, init)).text()).toBe("network");
  });

  it("asks the network once the early answer is older than the app's start allows", async () => {
    const network = vi.fn(async () => answer("network"));
    const fetch = withEarlyAnswers(network, storeWith(Promise.resolve(answer("early")), 500), () => 500 + EARLY_FRESH_MS + 1);
    expect(await (await fetch(LIST.url, initOf("t1"))).text()).toBe("network");
  });

  it("asks the network when the early request failed (no network yet when the HTML ran)", async () => {
    const network = vi.fn(async () => answer("network"));
    const fetch = withEarlyAnswers(network, storeWith(Promise.reject(new TypeError("Failed to fetch"))), () => 1_000);
    expect(await (await fetch(LIST.url, initOf("t1"))).text()).toBe("network");
  });

  it("rejects as an abort when the app gives up on the call (its timer, or the screen left)", async () => {
    const network = vi.fn(async () => answer("network"));
    const fetch = withEarlyAnswers(network, storeWith(new Promise<Response>(() => undefined)), () => 1_000);
    const controller = new AbortController();
    const call = fetch(LIST.url, initOf("t1", { signal: controller.signal }));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(network).not.toHaveBeenCalled();
  });

  it("is the browser's fetch itself when the HTML sent nothing", () => {
    const network = vi.fn(async () => answer("network"));
    expect(withEarlyAnswers(network, undefined, () => 0)).toBe(network);
  });
});

describe("withEarlyPosition: the first question for the position gets the one the HTML asked for", () => {
  const device = () => ({ getCurrentPosition: vi.fn((ok: PositionCallback) => ok({ coords: { longitude: 1, latitude: 2, accuracy: 3 } } as GeolocationPosition)) });
  const store = (position: EarlyPosition): EarlyStore => ({ startedAt: 0, answers: new Map(), position: Promise.resolve(position), coming: new Map() });

  it("answers the first question with the early position, and asks the device after that", async () => {
    const real = device();
    const geolocation = withEarlyPosition(real, store({ ok: true, longitude: 113.26, latitude: 23.12, accuracy: 30 }), () => 100)!;
    const first = await new Promise<GeolocationPosition>((resolve) => geolocation.getCurrentPosition(resolve));
    expect(first.coords).toMatchObject({ longitude: 113.26, latitude: 23.12, accuracy: 30 });
    expect(real.getCurrentPosition).not.toHaveBeenCalled();
    const second = await new Promise<GeolocationPosition>((resolve) => geolocation.getCurrentPosition(resolve));
    expect(second.coords).toMatchObject({ longitude: 1, latitude: 2 });
  });

  it("passes the early refusal on with its code (a denied permission reads as denied)", async () => {
    const geolocation = withEarlyPosition(device(), store({ ok: false, code: 1 }), () => 100)!;
    const error = await new Promise<GeolocationPositionError>((resolve) => geolocation.getCurrentPosition(() => undefined, resolve));
    expect(error.code).toBe(1);
  });

  it("asks the device when the early position is stale", async () => {
    const real = device();
    const geolocation = withEarlyPosition(real, store({ ok: true, longitude: 9, latitude: 9, accuracy: 1 }), () => EARLY_FRESH_MS + 1)!;
    const first = await new Promise<GeolocationPosition>((resolve) => geolocation.getCurrentPosition(resolve));
    expect(first.coords.longitude).toBe(1);
  });
});

describe("withEarlyAnswers: a request the HTML is about to send", () => {
  const CODE = { method: "POST", url: "/api/kepai/getqrcode", body: '{"orderNumber":"FO1"}', token: "t1" } as const;
  const codeInit: RequestInit = { method: "POST", body: CODE.body, headers: { authorization: "Bearer t1" } };

  it("waits for the script's follow-up to the answer both read, and takes it (one request, not two)", async () => {
    const network = vi.fn(async () => answer("network"));
    let sendCode!: () => void;
    const store: EarlyStore = { startedAt: 0, answers: new Map(), position: undefined, coming: new Map() };
    store.coming.set(routeKey("POST", CODE.url), new Promise<void>((resolve) => (sendCode = () => {
      store.answers.set(requestKey(CODE), Promise.resolve(answer("early code")));
      resolve();
    })));
    const fetch = withEarlyAnswers(network, store, () => 1_000);
    const call = fetch(CODE.url, codeInit);
    sendCode();
    expect(await (await call).text()).toBe("early code");
    expect(network).not.toHaveBeenCalled();
  });

  it("asks the network when the follow-up decided against it, or is not settled within the wait", async () => {
    vi.useFakeTimers();
    try {
      const network = vi.fn(async () => answer("network"));
      const store: EarlyStore = { startedAt: 0, answers: new Map(), position: undefined, coming: new Map([[routeKey("POST", CODE.url), new Promise<void>(() => undefined)]]) };
      const call = withEarlyAnswers(network, store, () => 1_000)(CODE.url, codeInit);
      await vi.advanceTimersByTimeAsync(FOLLOW_UP_WAIT_MS);
      expect(await (await call).text()).toBe("network");
    } finally {
      vi.useRealTimers();
    }
  });
});
