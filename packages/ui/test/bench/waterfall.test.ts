import { describe, expect, it } from "vitest";
import { doneBy, formatWaterfall, median, medianIndex, seconds, shortUrl, type NetRequest } from "../../bench/waterfall.ts";

const origin = "http://127.0.0.1:4000";
const requests: ReadonlyArray<NetRequest> = [
  { url: `${origin}/assets/index-ucub7eJp.js`, type: "script", startMs: 546, sentMs: 1000, endMs: 3151, bytes: 51_917, initiator: `${origin}/login` },
  { url: `${origin}/login`, type: "document", startMs: 1, endMs: 457, bytes: 1_741 },
  { url: `${origin}/api/order/detail?id=1`, type: "fetch", startMs: 3300, endMs: undefined, bytes: 0, initiator: `${origin}/assets/index-ucub7eJp.js` },
  { url: `${origin}/assets/LoginPage-CBGUIpQ1.js`, type: "script", startMs: 2749, sentMs: 2800, endMs: 3184, bytes: 1_434, status: 404, initiator: "module import" },
  { url: `${origin}/api/version`, type: "fetch", startMs: 546, endMs: 600, bytes: 0, failed: "net::ERR_ABORTED" },
];

describe("the weak-network bench's waterfall", () => {
  it("shortens a URL to its path with Vite's content hash dropped", () => {
    expect(shortUrl(`${origin}/assets/index-ucub7eJp.js`, origin)).toBe("index.js");
    expect(shortUrl(`${origin}/assets/use-isomorphic-update-layout-effect-C3UsiGcR.js`, origin)).toBe("use-isomorphic-update-layout-effect.js");
    expect(shortUrl(`${origin}/api/order/detail?id=1`, origin)).toBe("/api/order/detail?id=1");
    expect(shortUrl(origin, origin)).toBe("/");
  });

  it("cuts a long URL to the width asked for, with an ellipsis", () => {
    expect(shortUrl(`${origin}/api/${"x".repeat(60)}`, origin, 20)).toBe(`/api/${"x".repeat(14)}…`);
  });

  it("counts the requests finished by a moment and their bytes, not those still running", () => {
    expect(doneBy(requests, 3184)).toEqual({ count: 4, bytes: 1_741 + 51_917 + 1_434 });
  });

  it("lists one line per request in start order with start, end, type, KB, URL, a wait for a connection of 100 ms or more, and what asked for it", () => {
    const lines = formatWaterfall(requests, origin, undefined, "");
    expect(lines).toEqual([
      "    1-457   document      1.7 KB  /login",
      "  546-3151  script       50.7 KB  index.js (queued 454)  <- /login",
      "  546-600   fetch         0.0 KB  /api/version FAILED net::ERR_ABORTED",
      " 2749-3184  script        1.4 KB  LoginPage.js HTTP 404  <- module import",
      " 3300-…     fetch         0.0 KB  /api/order/detail?id=1  <- index.js",
    ]);
  });

  it("marks the first useful content between the last request started before it and the first after", () => {
    const lines = formatWaterfall(requests, origin, 3250, "");
    expect(lines[4]).toBe(" 3250  ---- first useful content ----");
    expect(lines).toHaveLength(6);
  });

  it("marks the first useful content last when every request started before it", () => {
    expect(formatWaterfall(requests, origin, 9000, "").at(-1)).toBe(" 9000  ---- first useful content ----");
  });

  it("takes the median of the runs and names the run it came from; a timed-out run sorts last", () => {
    expect(median([3.8, Infinity, 3.7])).toBe(3.8);
    expect(medianIndex([3.8, Infinity, 3.7])).toBe(0);
    expect(median([2, 4])).toBe(3);
    expect(seconds(3732)).toBe("3.73 s");
    expect(seconds(Infinity)).toBe("timeout");
  });
});
