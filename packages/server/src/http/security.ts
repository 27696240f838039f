import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { Config } from "../config.ts";

/**
 * Security headers for every answer (helmet's defaults plus our CSP). The CSP allows the app's
 * own scripts and styles, inline styles (antd-mobile sets `style` attributes and injects CSS
 * variables), images from anywhere over HTTPS (station photos, avatars, map tiles) and data: URLs
 * (QR codes). Other origins are allowed only where the configuration makes the app use them:
 *
 * - production mode: the messaging app's JS-SDK (`wx.openLocation` hands navigation to its map);
 * - production mode with `MAP_PROVIDER=amap`: AMap's JS API (driving routes), its web service
 *   (reverse geocoding, and the JS API's own calls) and its tile/data hosts. The app uses AMap
 *   only when a production server serves it (packages/ui/src/main.tsx), so a sandbox never
 *   allows it.
 */

/** The messaging app's JS-SDK (`jweixin`), served from its two CDN hosts. */
export const MESSAGING_APP_SDK_HOSTS: readonly string[] = ["https://res.wx.qq.com", "https://res2.wx.qq.com"];

/**
 * AMap (packages/adapters/src/map): the JS API loads from webapi.amap.com and pulls its modules
 * and JSONP service answers from other amap.com hosts; the geocoder fetches restapi.amap.com; map
 * data and tiles come from amap.com and autonavi.com hosts; the JS API renders in Web Workers it
 * creates from blob: URLs.
 */
export const AMAP_SOURCES = {
  script: ["https://webapi.amap.com", "https://restapi.amap.com", "https://*.amap.com"],
  connect: ["https://restapi.amap.com", "https://*.amap.com", "https://*.autonavi.com"],
  worker: ["'self'", "blob:"],
} as const;

/** What the page policy depends on. */
export type PagePolicyConfig = Pick<Config, "mode" | "mapProvider">;

/** `inlineScripts`: the policy's sources (hashes) for the built UI's own inline scripts (./inlineScripts.ts). */
export const helmetOptionsFor = (config: PagePolicyConfig, inlineScripts: readonly string[] = []): FastifyHelmetOptions => {
  const production = config.mode === "production";
  const amap = production && config.mapProvider === "amap";
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, ...(production ? MESSAGING_APP_SDK_HOSTS : []), ...(amap ? AMAP_SOURCES.script : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(amap ? AMAP_SOURCES.connect : [])],
        ...(amap ? { workerSrc: [...AMAP_SOURCES.worker] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // TLS ends at the load balancer in production; on a plain-HTTP laptop or LAN address
        // upgrading would break every asset.
        upgradeInsecureRequests: null,
      },
    },
  };
};
