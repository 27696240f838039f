import { Effect } from "effect";
import { GeocodeFailed, type Geocoder, type Position } from "../ports/Map.ts";

/**
 * Production geocoding through AMap's web service (reverse geocoding, `v3/geocode/regeo`), which
 * takes GCJ-02 as our positions are. A municipality (Beijing, Shanghai...) has no separate city:
 * AMap then answers an empty `city` and the province is the city.
 */
export interface AmapGeocoderOptions {
  readonly key: string;
  readonly fetch?: typeof fetch;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
}

interface RegeoAnswer {
  readonly status?: string;
  readonly info?: string;
  readonly regeocode?: { readonly addressComponent?: { readonly city?: unknown; readonly province?: unknown } };
}

const nonEmpty = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

export class AmapGeocoder implements Geocoder {
  constructor(private readonly options: AmapGeocoderOptions) {}

  cityOf(position: Position): Effect.Effect<string, GeocodeFailed> {
    const { key, baseUrl = "https://restapi.amap.com", timeoutMs = 10_000 } = this.options;
    const doFetch = this.options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    const url = `${baseUrl}/v3/geocode/regeo?key=${encodeURIComponent(key)}&location=${position.longitude.toFixed(6)},${position.latitude.toFixed(6)}`;
    return Effect.tryPromise({
      try: async (signal) => {
        // A timer of our own rather than `AbortSignal.any([signal, AbortSignal.timeout(ms)])`: Node
        // (20) may garbage-collect a timeout signal only held by `any` before it fires, and then the
        // request is never bounded.
        const controller = new AbortController();
        const abort = () => controller.abort(signal.reason);
        signal.addEventListener("abort", abort, { once: true });
        const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError")), timeoutMs);
        try {
          const res = await doFetch(url, { signal: controller.signal });
          return (await res.json()) as RegeoAnswer | null;
        } finally {
          clearTimeout(timer);
          signal.removeEventListener("abort", abort);
        }
      },
      catch: (e) => new GeocodeFailed({ detail: `reverse geocoding unreachable: ${String(e)}` }),
    }).pipe(
      Effect.flatMap((answer) => {
        if (answer?.status !== "1") return Effect.fail(new GeocodeFailed({ detail: `AMap refused: ${answer?.info ?? "unknown"}` }));
        const parts = answer.regeocode?.addressComponent;
        const city = nonEmpty(parts?.city) ?? nonEmpty(parts?.province);
        return city === undefined ? Effect.fail(new GeocodeFailed({ detail: "no city at that position" })) : Effect.succeed(city);
      }),
    );
  }
}
