import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { benchCustomer, type BenchCustomer } from "./session.ts";
import { firstLoadFiles, kb, pageChunksOf, sizesOf, type Manifest } from "./firstLoad.ts";
import { startServer } from "./server.ts";
import { CPU_SLOWDOWN, formatWeakResult, measureWeakNetwork, metTarget, WEAK_NETWORK } from "./weakNetwork.ts";

/**
 * `npm run bench:web`: issue 11's performance budget. Builds the UI as production does, serves it
 * from the real server (in-memory PGlite, sandbox), runs Lighthouse 12 with its mobile preset
 * (simulated slow 4G and a 4x slower CPU) RUNS times on each route with Debian's Chromium, and
 * prints the medians and the first-load JavaScript computed from the build's manifest and index.html.
 * Then issue 23's weak-network cold loads (./weakNetwork.ts): the time to each route's first useful
 * content on a 400 ms, 400 kbit/s network with a 4x slower CPU, against its target, with the
 * request waterfall of the median run.
 * BENCH_RUNS (default 3), BENCH_ROUTES (default: every route below), BENCH_PORT (default 0: a
 * free port), BENCH_SKIP_BUILD=1 (measure the build already there), BENCH_DIST_DIR (default
 * packages/ui/dist: where the build goes and what the server serves, so a trial build elsewhere
 * leaves dist alone), BENCH_WEAK_ONLY=1 (no Lighthouse), BENCH_SKIP_WEAK=1 (Lighthouse only),
 * CHROMIUM_PATH tune it.
 */

const uiDir = fileURLToPath(new URL("..", import.meta.url));
const repoDir = fileURLToPath(new URL("../../..", import.meta.url));
const distDir = resolve(process.env["BENCH_DIST_DIR"] ?? join(uiDir, "dist"));
const weakOnly = process.env["BENCH_WEAK_ONLY"] === "1";
const skipWeak = process.env["BENCH_SKIP_WEAK"] === "1";
const chromiumPath = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
const runs = Number(process.env["BENCH_RUNS"] ?? 3);
const routes = (process.env["BENCH_ROUTES"] ?? "/login,/stationlist,/oneKeyGas,/orderlist,/orderDetail/:id,/recharge2,/recharge/2").split(",").map((r) => r.trim()).filter((r) => r !== "");

/** Routes behind the guard are loaded as a signed-in customer, at addresses made from the bench's own order. */
const SIGNED_IN = new Set(["/oneKeyGas", "/orderlist", "/orderDetail/:id", "/recharge2", "/recharge/2"]);
/** The weak-network loads also list stations as the signed-in customer, who is the one that goes on to fuel. */
const WEAK_SIGNED_IN = new Set([...SIGNED_IN, "/stationlist"]);
const addressOf = (route: string, customer: BenchCustomer): string =>
  route === "/oneKeyGas" ? `/oneKeyGas?station_id=${customer.stationId}` : route.replace(":id", String(customer.orderId));

/** Budget of issue 11: first-load JavaScript per route (KB gzip); others fall back to the larger. */
const FIRST_LOAD_BUDGET_KB: Readonly<Record<string, number>> = { "/login": 130, "/stationlist": 150 };
const ROUTE_CHUNK_BUDGET_KB = 40;
const SCORE_BUDGET = { performance: 95, accessibility: 95 };
const CLS_BUDGET = 0.02;

/** Flags that work on these machines (as the browser tests use): no sandbox as root, no network beyond loopback. */
const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

interface Run {
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly fcp: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly cls: number;
  /** Bytes of JavaScript on the wire (brotli as served), from Lighthouse's network records. */
  readonly scriptWire: number;
  readonly failedAudits: ReadonlyArray<string>;
}

const build = (): void => {
  const built = spawnSync(process.execPath, [join(repoDir, "node_modules/vite/bin/vite.js"), "build", "--manifest", "--outDir", distDir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: uiDir,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (built.status !== 0) throw new Error("the UI build failed");
};

const firstLoad = (manifest: Manifest, pages: ReadonlyMap<string, string>, route: string) => {
  const pageKey = pages.get(route);
  const files = sizesOf(distDir, firstLoadFiles(manifest, pageKey, readFileSync(join(distDir, "index.html"), "utf8")));
  return { pageKey, files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
};

const score = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);

/**
 * Puts the customer's session in the browser's storage for the app's origin (the app's token store
 * keys) and empties the HTTP cache, the service worker and its caches: Lighthouse keeps storage for
 * these runs (`disableStorageReset`), which would otherwise also keep them and measure a warm load.
 */
const signIn = async (port: number, origin: string, token: string): Promise<void> => {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/robots.txt`);
    const cdp = await page.createCDPSession();
    await cdp.send("Network.clearBrowserCache");
    // An earlier run's service worker would answer every asset from its precache: a warm load.
    await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "service_workers,cache_storage" });
    await page.evaluate((t) => {
      localStorage.setItem("fuel.token", t);
      localStorage.setItem("fuel.activated", "1");
    }, token);
    await page.close();
  } finally {
    await browser.disconnect();
  }
};

const lighthouseRun = async (url: string, port: number, keepStorage: boolean): Promise<Run> => {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices"], disableStorageReset: keepStorage });
  if (result === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (lhr.audits["network-requests"]?.details as { items?: ReadonlyArray<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  const failedAudits = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.scoreDisplayMode === "binary" && audit.score === 0)
    .map((audit) => {
      const items = (audit?.details as { items?: ReadonlyArray<{ description?: string; source?: string; url?: string; node?: { snippet?: string } }> } | undefined)?.items ?? [];
      const first = items[0];
      const what = first?.description ?? first?.node?.snippet ?? first?.url ?? "";
      return `${audit?.id ?? ""}${what === "" ? "" : ` (${what.slice(0, 120)})`}`;
    });
  return {
    performance: score(lhr.categories["performance"]?.score),
    accessibility: score(lhr.categories["accessibility"]?.score),
    bestPractices: score(lhr.categories["best-practices"]?.score),
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    scriptWire: requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    failedAudits,
  };
};

/** On a loaded machine Lighthouse sometimes loses its trace (NO_NAVSTART, NO_FCP): such a run is run again, twice at most. */
const withRetries = async <A>(run: () => Promise<A>, left = 2): Promise<A> => {
  try {
    return await run();
  } catch (error) {
    if (left === 0) throw error;
    console.log(`  (a run failed, running it again: ${error instanceof Error ? error.message : String(error)})`);
    return withRetries(run, left - 1);
  }
};

const verdict = (ok: boolean): string => (ok ? "met" : "NOT MET");

/** Lighthouse RUNS times on each route, its medians against issue 11's budgets; whether all were met. */
const lighthouseRoutes = async (origin: string, customer: BenchCustomer | undefined, manifest: Manifest, pages: ReadonlyMap<string, string>): Promise<boolean> => {
  let allMet = true;
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: CHROMIUM_FLAGS });
  try {
    for (const route of routes) {
      const signedIn = SIGNED_IN.has(route) && customer !== undefined;
      const address = customer === undefined ? route : addressOf(route, customer);
      const load = firstLoad(manifest, pages, route);
      const budget = FIRST_LOAD_BUDGET_KB[route] ?? 150;
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) results.push(
          await withRetries(async () => {
            if (signedIn) await signIn(chrome.port, origin, customer.token);
            return lighthouseRun(`${origin}${address}`, chrome.port, signedIn);
          }),
        );
      const m = (pick: (r: Run) => number) => median(results.map(pick));
      const perf = m((r) => r.performance);
      const a11y = m((r) => r.accessibility);
      const cls = m((r) => r.cls);
      console.log(`\n${address} (median of ${runs}; each run: perf ${results.map((r) => r.performance).join("/")}, FCP ${results.map((r) => Math.round(r.fcp)).join("/")} ms)`);
      console.log(`  performance ${perf} (>= ${SCORE_BUDGET.performance}: ${verdict(perf >= SCORE_BUDGET.performance)})   accessibility ${a11y} (>= ${SCORE_BUDGET.accessibility}: ${verdict(a11y >= SCORE_BUDGET.accessibility)})   best practices ${m((r) => r.bestPractices)}`);
      console.log(`  FCP ${(m((r) => r.fcp) / 1000).toFixed(2)} s   LCP ${(m((r) => r.lcp) / 1000).toFixed(2)} s   TBT ${Math.round(m((r) => r.tbt))} ms   CLS ${cls.toFixed(3)} (<= ${CLS_BUDGET}: ${verdict(cls <= CLS_BUDGET)})`);
      console.log(`  first-load JS ${kb(load.total)} KB gzip (<= ${budget}: ${verdict(load.total <= budget * 1024)}) in ${load.files.length} files, page chunk ${load.pageKey ?? "(none: in the entry)"}; JS on the wire (brotli, Lighthouse) ${kb(m((r) => r.scriptWire))} KB`);
      console.log(`  files: ${load.files.map((f) => `${f.file.replace(/^assets\//, "")} ${kb(f.gzip)}`).join(", ")}`);
      const failed = [...new Set(results.flatMap((r) => r.failedAudits))];
      if (failed.length > 0) console.log(`  failed audits (any run): ${failed.join(", ")}`);
      allMet &&= perf >= SCORE_BUDGET.performance && a11y >= SCORE_BUDGET.accessibility && cls <= CLS_BUDGET && load.total <= budget * 1024;
    }
  } finally {
    chrome.kill();
  }
  return allMet;
};

const main = async (): Promise<number> => {
  console.log(`bench:web ${new Date().toISOString()} load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}, Node ${process.version}`);
  if (process.env["BENCH_SKIP_BUILD"] !== "1") build();
  const manifestPath = join(distDir, ".vite/manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with \`vite build --manifest\` (the bench does unless BENCH_SKIP_BUILD=1)`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const pages = pageChunksOf(readFileSync(join(uiDir, "src/app/pages.tsx"), "utf8"));

  let allMet = true;
  const routeChunks = sizesOf(distDir, Object.values(manifest).filter((c) => c.isDynamicEntry === true && c.file.endsWith(".js")).map((c) => c.file));
  const largest = routeChunks[0];
  console.log(`\nlazy chunks: ${routeChunks.length}; largest ${largest === undefined ? "none" : `${largest.file} ${kb(largest.gzip)} KB gzip`} (budget ${ROUTE_CHUNK_BUDGET_KB} KB: ${verdict((largest?.gzip ?? 0) <= ROUTE_CHUNK_BUDGET_KB * 1024)})`);
  allMet &&= (largest?.gzip ?? 0) <= ROUTE_CHUNK_BUDGET_KB * 1024;
  const all = sizesOf(distDir, Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith(".js")));
  console.log(`all JS chunks (gzip KB): ${all.map((c) => `${c.file.replace(/^assets\//, "")} ${kb(c.gzip)}`).join(", ")}`);

  const server = await startServer(repoDir, process.env["BENCH_PORT"] ?? "0", distDir);
  try {
    const customer = routes.some((r) => WEAK_SIGNED_IN.has(r)) ? await benchCustomer(server.baseUrl) : undefined;
    if (!weakOnly) allMet = (await lighthouseRoutes(server.baseUrl, customer, manifest, pages)) && allMet;
    if (!skipWeak) {
      console.log(`\nweak network cold loads: latency ${WEAK_NETWORK.latency} ms, ${(WEAK_NETWORK.downloadThroughput * 8) / 1024}/${(WEAK_NETWORK.uploadThroughput * 8) / 1024} kbit/s, CPU ${CPU_SLOWDOWN}x slower, 360x640, zh-CN, fresh context per run`);
      const started = Date.now();
      const weak = await measureWeakNetwork({
        origin: server.baseUrl,
        routes: routes.map((route) => ({
          route,
          address: customer === undefined ? route : addressOf(route, customer),
          token: WEAK_SIGNED_IN.has(route) ? customer?.token : undefined,
        })),
        runs,
        chromiumPath,
        chromiumFlags: CHROMIUM_FLAGS,
        onResult: (result) => console.log(formatWeakResult(result, server.baseUrl).join("\n")),
      });
      console.log(`\nweak network part: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      allMet = weak.every(metTarget) && allMet;
    }
  } finally {
    await server.stop();
  }
  console.log(`\nbudget: ${allMet ? "met" : "NOT MET"}`);
  return allMet ? 0 : 1;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
