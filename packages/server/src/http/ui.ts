import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorEnvelope } from "./envelope.ts";

const LONG_CACHE = "public, max-age=31536000, immutable";

/** The path of a URL without its query string. */
const pathOf = (url: string): string => {
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
};

const isApiPath = (path: string): boolean => path === "/api" || path.startsWith("/api/");

/**
 * A browser route of the single-page app (`/orderDetail/2/17`): a GET outside `/api` and
 * `/sandbox`, whose last segment has no file extension (a missing `/assets/x.js` must be a 404,
 * not HTML served as JavaScript).
 */
const isSpaRoute = (method: string, path: string): boolean =>
  (method === "GET" || method === "HEAD") &&
  !isApiPath(path) &&
  !path.startsWith("/sandbox/") &&
  !(path.split("/").pop() ?? "").includes(".");

/** A page of the staff desk (issue 26): `/desk` and any route under it; its own build in `desk/`. */
export const isDeskRoute = (path: string): boolean => path === "/desk" || path.startsWith("/desk/");

/** The desk's page, in the UI build's `desk/` folder (packages/ui/vite.desk.config.ts). */
export const DESK_PAGE = "desk/desk.html";

/** A source map (`/assets/index-AbC123.js.map`): the app's full sources. The path arrives decoded (`.m%61p` is `.map`). */
export const isSourceMapPath = (pathname: string): boolean => /\.map$/i.test(pathname);

/**
 * The public first screens the UI build prerenders (packages/ui/build/prerender.ts SCREENS): route
 * path to the stem of its files, `<stem>.<locale>.html`. / is the sign-in page, as /login.
 */
const PRERENDERED: Readonly<Record<string, string>> = { "/": "login", "/login": "login", "/stationlist": "stationlist", "/testStationlist": "testStationlist" };

/**
 * The app's language for a request's Accept-Language, by the app's own rule (packages/ui I18nStore
 * `localeForBrowser`, which reads the same list as `navigator.languages`): zh-CN when any language
 * the browser accepts is Chinese, English otherwise (and without the header).
 */
export const localeOfAcceptLanguage = (header: string | undefined): "zh-CN" | "en" => {
  const accepted = (header ?? "").split(",").filter((part) => {
    const [tag = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    // q=0 means "not acceptable"; a malformed q counts as accepted, as browsers send none.
    return tag.toLowerCase().startsWith("zh") && (q === undefined || Number(q.slice(2)) !== 0);
  });
  return accepted.length > 0 ? "zh-CN" : "en";
};

/**
 * The prerendered file for a request, when the build wrote one for its path and language (`files`:
 * the names in the build folder); otherwise undefined (the app's index.html is sent). A trailing
 * slash names the same page, as in the app's router.
 */
export const prerenderedFile = (path: string, acceptLanguage: string | undefined, files: ReadonlySet<string>): string | undefined => {
  const stem = PRERENDERED[path.length > 1 ? path.replace(/\/+$/, "") : path];
  if (stem === undefined) return undefined;
  const file = `${stem}.${localeOfAcceptLanguage(acceptLanguage)}.html`;
  return files.has(file) ? file : undefined;
};

export interface UiOptions {
  /** Serve the build's source maps (sandbox: debugging); otherwise they answer 404. */
  readonly sourceMaps: boolean;
}

/**
 * Serves the built UI (`packages/ui/dist`) when it exists, with the SPA fallback, and the 404
 * envelope for everything else. Vite's `/assets/*` names carry a content hash, so they are cached
 * for a year; `index.html` is revalidated every time so a deploy is picked up at once. Files go
 * compressed as the build made them (brotli, else gzip, else raw). The public first screens go
 * as the build prerendered them in the browser's language (`prerenderedFile`): their HTML already
 * paints the page while the app's script downloads. Source maps
 * (megabytes, with the full sources) are served only when `options.sourceMaps` says so.
 */
export const registerUi = async (app: FastifyInstance, distDir: string, options: UiOptions): Promise<void> => {
  const hasIndex = existsSync(join(distDir, "index.html"));
  const hasDesk = existsSync(join(distDir, DESK_PAGE));
  const files = new Set(existsSync(distDir) ? readdirSync(distDir) : []);
  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      cacheControl: false,
      // The build writes `.br` and `.gz` beside every text asset (packages/ui/build/precompress.ts):
      // sent as they are, by the browser's Accept-Encoding, with no compression work per request.
      preCompressed: true,
      // A refused path goes to the not-found handler below: the 404 envelope.
      ...(options.sourceMaps ? {} : { allowedPath: (pathname: string) => !isSourceMapPath(pathname) }),
      setHeaders: (res, path) => {
        res.setHeader("cache-control", /[\\/]assets[\\/]/.test(path) ? LONG_CACHE : "no-cache");
      },
    });
  }

  if (hasIndex) {
    // Their own routes, found before the static files' wildcard (which would send index.html for /).
    for (const url of Object.keys(PRERENDERED)) {
      app.route({
        method: ["GET", "HEAD"],
        url,
        handler: (request, reply) => {
          const file = prerenderedFile(url, request.headers["accept-language"], files);
          if (file === undefined) return reply.sendFile("index.html");
          // The same URL answers in another language for another browser: a shared cache must keep both.
          return reply.header("vary", "accept-encoding, accept-language").sendFile(file);
        },
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    // The desk's routes get the desk's page, never the customer's app (nor its prerendered screens).
    if (isSpaRoute(request.method, path) && isDeskRoute(path)) {
      if (hasDesk) return reply.code(200).sendFile(DESK_PAGE);
    } else if (hasIndex && isSpaRoute(request.method, path)) {
      return reply.code(200).sendFile("index.html");
    }
    return reply.code(404).type("application/json; charset=utf-8").send(errorEnvelope("not found"));
  });
};
