import { existsSync } from "node:fs";
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

/** A source map (`/assets/index-AbC123.js.map`): the app's full sources. The path arrives decoded (`.m%61p` is `.map`). */
export const isSourceMapPath = (pathname: string): boolean => /\.map$/i.test(pathname);

export interface UiOptions {
  /** Serve the build's source maps (sandbox: debugging); otherwise they answer 404. */
  readonly sourceMaps: boolean;
}

/**
 * Serves the built UI (`packages/ui/dist`) when it exists, with the SPA fallback, and the 404
 * envelope for everything else. Vite's `/assets/*` names carry a content hash, so they are cached
 * for a year; `index.html` is revalidated every time so a deploy is picked up at once. Files go
 * compressed as the build made them (brotli, else gzip, else raw). Source maps
 * (megabytes, with the full sources) are served only when `options.sourceMaps` says so.
 */
export const registerUi = async (app: FastifyInstance, distDir: string, options: UiOptions): Promise<void> => {
  const hasIndex = existsSync(join(distDir, "index.html"));
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

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (hasIndex && isSpaRoute(request.method, path)) {
      return reply.code(200).sendFile("index.html");
    }
    return reply.code(404).type("application/json; charset=utf-8").send(errorEnvelope("not found"));
  });
};
