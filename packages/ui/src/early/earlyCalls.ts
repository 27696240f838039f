import { STORAGE_KEYS } from "@fuel/adapters/storage";
import { queryOf } from "@fuel/adapters/http";
import { Constants, Distance, Order, QrCode, Refund, Routes, Time } from "@fuel/domain";
import { kindOf } from "../stores/orders/OrderEntry.ts";
import { CITY_KEY } from "../stores/cityKey.ts";
import type { Order as WireOrder } from "@fuel/domain/api";
import { requestKey, routeKey, type EarlyPosition, type EarlyRequest, type EarlyStore } from "./protocol.ts";

/**
 * The first API calls of a page, sent from the HTML while the app's scripts download (issue 23: on
 * weak 4G the scripts take ~3 s, and each call the app makes after them is a 400 ms round trip
 * more before the content). It sends exactly what the app will send first on that page; the app's
 * fetch takes the answer instead of asking again (earlyAnswers.ts). Anything the app would not ask
 * is not asked: the route guard decides as the app's does, and a request that differs from the
 * app's is simply not taken (the app asks itself; a test compares both with the HTTP client's).
 *
 * - /stationlist: the device's position, the city there (the sandbox geocoder, when the build has
 *   no map provider key; AMap's is asked by the app), and that city's stations; or, when a city
 *   was picked in /citylist, its stations at once.
 * - /orderDetail/:id: the order, then its QR code when the order shows one ({@link showsCode}).
 */
export interface EarlyHost {
  readonly pathname: string;
  readonly storage: Pick<Storage, "getItem"> | undefined;
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  readonly geolocation: Pick<Geolocation, "getCurrentPosition"> | undefined;
  readonly now: () => number;
}

export interface EarlyOptions {
  /** The app locates cities with the sandbox geocoder (`GET /api/sandbox/geocode`): no AMap key in the build. */
  readonly sandboxGeocoder: boolean;
}

export const STATION_LIST_PATH = "/stationlist";
const ORDER_DETAIL = /^\/orderDetail\/(\d{1,15})\/?$/;

export const startEarlyCalls = (host: EarlyHost, options: EarlyOptions): EarlyStore | undefined => {
  const read = (key: string): string | null => {
    try {
      return host.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const token = read(STORAGE_KEYS.token);
  const session: Routes.Session = { token, activated: read(STORAGE_KEYS.activated) === "1" };
  // The app on a page the guard sends away from asks nothing there (nor the device's position).
  if (Routes.guard(host.pathname, session)._tag === "Redirect") return undefined;

  const store: EarlyStore = { startedAt: host.now(), answers: new Map(), position: undefined, coming: new Map() };
  /** `follow` sends (or not) a request to `method path` after an answer: the app waits for it before asking that path itself. */
  const followUp = (method: "GET" | "POST", path: string, follow: Promise<unknown>): void => {
    store.coming.set(routeKey(method, path), follow.then(() => undefined, () => undefined));
  };
  const send = (method: "GET" | "POST", path: string, input: Readonly<Record<string, string | number>>): Promise<Response> => {
    const isGet = method === "GET";
    const request: EarlyRequest = { method, url: isGet ? `${path}${queryOf(input)}` : path, body: isGet ? undefined : JSON.stringify(input), token };
    const headers: Record<string, string> = { accept: "application/json" };
    if (token !== null) headers["authorization"] = `Bearer ${token}`;
    if (!isGet) headers["content-type"] = "application/json";
    const answer = host.fetch(request.url, { method, headers, ...(request.body === undefined ? {} : { body: request.body }) });
    answer.catch(() => undefined); // the app's own call reports a failure; an untaken one is nobody's
    store.answers.set(requestKey(request), answer);
    return answer;
  };

  const order = ORDER_DETAIL.exec(host.pathname);
  if (order?.[1] !== undefined) {
    const code = send("POST", "/api/order/detail", { order_id: Number(order[1]) })
      .then(dataOf)
      .then((detail) => {
        if (detail !== undefined && showsCode(detail as WireOrderLike, Date.now())) send("POST", "/api/kepai/getqrcode", { orderNumber: String((detail as WireOrderLike).mchnt_order_no) });
      });
    followUp("POST", "/api/kepai/getqrcode", code);
    return store;
  }
  if (host.pathname.replace(/\/$/, "") !== STATION_LIST_PATH) return undefined;

  const picked = read(CITY_KEY);
  if (picked !== null) send("POST", "/api/station/current_city_list", { city: picked });
  const position = locate(host.geolocation);
  store.position = position;
  if (options.sandboxGeocoder) {
    const located = position
      .then((p) => {
        if (!p.ok) return undefined;
        const gcj = Distance.wgs84ToGcj02({ longitude: p.longitude, latitude: p.latitude });
        return send("GET", "/api/sandbox/geocode", { longitude: gcj.longitude, latitude: gcj.latitude }).then(cityOfAnswer);
      })
      .then((city) => {
        if (city !== undefined && city !== picked) send("POST", "/api/station/current_city_list", { city });
      });
    followUp("POST", "/api/station/current_city_list", located);
  }
  return store;
};

/** The browser's position with the options BrowserGeolocation asks with (the app's timer still bounds its wait). */
const locate = (geolocation: EarlyHost["geolocation"]): Promise<EarlyPosition> =>
  new Promise((resolve) => {
    if (geolocation === undefined) return resolve({ ok: false, code: 2 });
    try {
      geolocation.getCurrentPosition(
        (p) => resolve({ ok: true, longitude: p.coords.longitude, latitude: p.coords.latitude, accuracy: p.coords.accuracy }),
        (e) => resolve({ ok: false, code: e.code }),
        { enableHighAccuracy: false, timeout: Constants.LOCATION_TIMEOUT_MS, maximumAge: 60_000 },
      );
    } catch {
      resolve({ ok: false, code: 2 });
    }
  });

/** The `data` of a successful answer (`{status: "success", message, data}`), read from a clone: the app reads the body itself. */
const dataOf = async (answer: Response): Promise<unknown> => {
  if (!answer.ok) return undefined;
  const body = (await answer.clone().json()) as { status?: unknown; data?: unknown } | null;
  return body?.status === "success" ? body.data : undefined;
};

const cityOfAnswer = async (answer: Response): Promise<string | undefined> => {
  const city = ((await dataOf(answer)) as { city?: unknown } | undefined)?.city;
  return typeof city === "string" && city !== "" ? city : undefined;
};

/** The fields of a wire order {@link showsCode} reads (the early script has no contract to decode with). */
export type WireOrderLike = Pick<WireOrder, "order_status" | "refund_status" | "payment_time" | "card_type" | "order_type" | "mchnt_order_no">;

/**
 * Whether the detail of `order` shows its cashier code at `now`: the app's rule (OrderDetailStore:
 * the order's facts at `now`, `Order.qrVisible`) for an order as the server sends it, made of the
 * same domain functions without the state machine (which brings effect and ts-pattern into the
 * HTML). A property test holds the two equal.
 */
export const showsCode = (order: WireOrderLike, now: number): boolean => {
  if (kindOf(order as WireOrder) !== "fuel" || order.refund_status !== Refund.REFUND_STATUS.none) return false;
  if (order.order_status !== Order.statusCode("unused") || order.payment_time === null) return false;
  const paidAt = Time.parseWireInstant(order.payment_time);
  return paidAt !== undefined && QrCode.fuelQrValid(paidAt, now);
};
