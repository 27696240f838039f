import { Constants, Distance } from "@fuel/domain";
import { Effect } from "effect";
import { locationFailed, type Geolocation, type Position } from "../ports/Map.ts";

/**
 * The device's position from the browser (`navigator.geolocation`), converted from WGS-84 (what
 * GPS gives) to GCJ-02 (what Chinese maps and our stations use) with the domain's function.
 *
 * Spec §9: give up after 8-10 s. The browser's own `timeout` does not count the time a permission
 * prompt stays open, so a timer of ours bounds the whole wait as well.
 */
export class BrowserGeolocation implements Geolocation {
  constructor(
    private readonly geolocation: Pick<globalThis.Geolocation, "getCurrentPosition"> | undefined,
    private readonly options: { readonly timeoutMs?: number } = {},
  ) {}

  current(): Effect.Effect<Position, ReturnType<typeof locationFailed>> {
    const timeoutMs = this.options.timeoutMs ?? Constants.LOCATION_TIMEOUT_MS;
    const geolocation = this.geolocation;
    if (geolocation === undefined) return Effect.fail(locationFailed("unsupported"));
    return Effect.callback<Position, ReturnType<typeof locationFailed>>((resume) => {
      let settled = false;
      const finish = (effect: Effect.Effect<Position, ReturnType<typeof locationFailed>>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resume(effect);
      };
      const timer = setTimeout(() => finish(Effect.fail(locationFailed("timeout"))), timeoutMs);
      try {
        geolocation.getCurrentPosition(
          (p) => finish(Effect.succeed(Distance.wgs84ToGcj02({ longitude: p.coords.longitude, latitude: p.coords.latitude }))),
          (e) => finish(Effect.fail(locationFailed(e.code === 1 ? "denied" : e.code === 3 ? "timeout" : "unavailable"))),
          { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
        );
      } catch {
        finish(Effect.fail(locationFailed("unavailable")));
      }
      return Effect.sync(() => {
        settled = true;
        clearTimeout(timer);
      });
    });
  }
}
