import { Effect } from "effect";
import { RouteFailed, type Position, type Route, type RoutePlanner } from "../ports/Map.ts";

/**
 * Production driving routes through the AMap JS API's `AMap.Driving` service. The JS API (a few
 * hundred KB) is loaded the first time a route is asked for, never on the first screen; the key
 * (and the security code AMap 2.0 requires) come from configuration.
 */

/** The slice of the AMap JS API this planner uses. */
export interface AmapGlobal {
  readonly LngLat: new (lng: number, lat: number) => unknown;
  readonly Driving: new (options: { readonly policy?: number }) => {
    search(
      from: unknown,
      to: unknown,
      callback: (status: "complete" | "error" | "no_data", result: AmapDrivingResult | string) => void,
    ): void;
  };
}

export interface AmapDrivingResult {
  readonly routes?: ReadonlyArray<{
    readonly distance: number;
    readonly time: number;
    readonly steps?: ReadonlyArray<{ readonly path?: ReadonlyArray<{ readonly lng: number; readonly lat: number }> }>;
  }>;
}

/** Loads the JS API once and resolves its `AMap` global. */
export type AmapLoader = () => Promise<AmapGlobal>;

/** The real loader: a `<script>` tag with the key and the driving plugin, once per page. */
export const scriptAmapLoader = (options: { readonly key: string; readonly securityCode?: string; readonly document?: Document }): AmapLoader => {
  let loading: Promise<AmapGlobal> | undefined;
  return () => {
    loading ??= new Promise<AmapGlobal>((resolve, reject) => {
      const doc = options.document ?? globalThis.document;
      const win = doc.defaultView as (Window & { AMap?: AmapGlobal; _AMapSecurityConfig?: unknown }) | null;
      if (win?.AMap !== undefined) return resolve(win.AMap);
      if (win !== null && options.securityCode !== undefined) win._AMapSecurityConfig = { securityJsCode: options.securityCode };
      const script = doc.createElement("script");
      script.src = `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(options.key)}&plugin=AMap.Driving`;
      script.async = true;
      script.onload = () => (win?.AMap !== undefined ? resolve(win.AMap) : reject(new Error("AMap did not load")));
      script.onerror = () => reject(new Error("AMap could not be loaded"));
      doc.head.appendChild(script);
    });
    loading.catch(() => (loading = undefined));
    return loading;
  };
};

export class AmapRoutePlanner implements RoutePlanner {
  constructor(private readonly load: AmapLoader) {}

  drive(from: Position, to: Position): Effect.Effect<Route, RouteFailed> {
    return Effect.tryPromise({ try: () => this.load(), catch: (e) => new RouteFailed({ detail: String(e) }) }).pipe(
      Effect.flatMap((AMap) =>
        Effect.callback<Route, RouteFailed>((resume) => {
          try {
            new AMap.Driving({ policy: 0 }).search(new AMap.LngLat(from.longitude, from.latitude), new AMap.LngLat(to.longitude, to.latitude), (status, result) => {
              const route = status === "complete" && typeof result === "object" ? result.routes?.[0] : undefined;
              if (route === undefined) return resume(Effect.fail(new RouteFailed({ detail: typeof result === "string" ? result : `driving search: ${status}` })));
              const path = (route.steps ?? []).flatMap((s) => (s.path ?? []).map((p) => ({ longitude: p.lng, latitude: p.lat })));
              resume(Effect.succeed({ distanceMetres: route.distance, durationSeconds: route.time, path: path.length > 0 ? path : [from, to], estimated: false }));
            });
          } catch (e) {
            resume(Effect.fail(new RouteFailed({ detail: String(e) })));
          }
        }),
      ),
    );
  }
}
