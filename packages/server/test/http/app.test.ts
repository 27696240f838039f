import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { BadRequest, Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized } from "../../src/http/errors.ts";
import { ok } from "../../src/http/envelope.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let booted: BootedApp;
const logLines: string[] = [];

beforeAll(async () => {
  booted = await bootApp({ logger: { level: "info", stream: { write: (line) => void logLines.push(line) } } });
  const { app } = booted;
  // Routes that only exist in this test, to exercise the error mapping.
  app.post("/api/test/echo", async (request) => ok(request.body ?? null, "echoed"));
  app.get("/api/test/boom", async () => {
    throw new Error("database exploded at 10.0.0.7");
  });
  app.get("/api/test/bad-request", async () => {
    throw new BadRequest("amount cannot be empty", "AmountEmpty");
  });
  app.get("/api/test/unauthorized", async () => {
    throw new Unauthorized();
  });
  app.get("/api/test/forbidden", async () => {
    throw new Forbidden();
  });
  app.get("/api/test/not-found", async () => {
    throw new NotFound("order not found");
  });
  app.get("/api/test/conflict", async () => {
    throw new Conflict("this order cannot do that now", "IllegalTransition");
  });
  app.get("/api/test/too-many", async () => {
    throw new TooManyRequests("too many SMS, try again later", 42.2);
  });
  app.get("/api/test/extra", async () => ok({ id: 1 }, "created", { order_id: 7, status: "overwritten?" }));
});
afterAll(async () => booted.close());
beforeEach(() => {
  logLines.length = 0;
});

describe("the envelope", () => {
  it("wraps success as {status: 'success', message, data}", async () => {
    const res = await booted.app.inject({ method: "POST", url: "/api/test/echo", payload: { a: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "success", message: "echoed", data: { a: 1 } });
  });

  it("ok() may add top-level fields but never overrides status/message/data", async () => {
    const res = await booted.app.inject({ method: "GET", url: "/api/test/extra" });
    expect(res.json()).toEqual({ status: "success", message: "created", data: { id: 1 }, order_id: 7 });
  });

  it("an empty JSON body is no payload, not an error", async () => {
    const res = await booted.app.inject({ method: "POST", url: "/api/test/echo", headers: { "content-type": "application/json" }, payload: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "success", message: "echoed", data: null });
  });

  it("GET /api/version answers the production label", async () => {
    const res = await booted.app.inject({ method: "GET", url: "/api/version" });
    expect(res.json()).toEqual({ status: "success", message: "success", data: { version: "v1", label: "fuel app production v1", mode: "sandbox" } });
  });
});

describe("error mapping", () => {
  it.each([
    ["/api/test/bad-request", 400, "amount cannot be empty", "AmountEmpty"],
    ["/api/test/unauthorized", 401, "please sign in again", "Unauthorized"],
    ["/api/test/forbidden", 403, "server busy, cannot use", "Blacklisted"],
    ["/api/test/not-found", 404, "order not found", undefined],
    ["/api/test/conflict", 409, "this order cannot do that now", "IllegalTransition"],
    ["/api/test/too-many", 429, "too many SMS, try again later", undefined],
  ])("%s answers %i with the error envelope", async (url, status, message, tag) => {
    const res = await booted.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: "error", message, data: null });
    expect(res.headers["x-error-tag"]).toBe(tag);
  });

  it("429 carries retry-after in whole seconds", async () => {
    const res = await booted.app.inject({ method: "GET", url: "/api/test/too-many" });
    expect(res.headers["retry-after"]).toBe("43");
  });

  it("malformed JSON answers 400, not 500", async () => {
    const res = await booted.app.inject({ method: "POST", url: "/api/test/echo", headers: { "content-type": "application/json" }, payload: '{"phone": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", message: "malformed JSON body", data: null });
  });

  it("a prototype-poisoning body answers 400", async () => {
    const res = await booted.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe("error");
  });

  it("a body over 64 KB answers 413", async () => {
    const res = await booted.app.inject({ method: "POST", url: "/api/test/echo", payload: { blob: "x".repeat(65 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: "error", message: "request body too large (limit 64 KB)", data: null });
  });

  it("a body just under 64 KB is accepted", async () => {
    const res = await booted.app.inject({ method: "POST", url: "/api/test/echo", payload: { blob: "x".repeat(60 * 1024) } });
    expect(res.statusCode).toBe(200);
  });

  it("an unsupported content type answers 415", async () => {
    const res = await booted.app.inject({ method: "POST", url: "/api/test/echo", headers: { "content-type": "application/xml" }, payload: "<a/>" });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: "error", message: "unsupported content type: send application/json", data: null });
  });

  it.each([
    ["/api/test/echo", '{"a": 1}'],
    ["/api/logout", ""],
    ["/api/sendsms", '{"phone": "13800138000"}'],
    ["/api/wechatauth", "abc"],
  ])("a text/plain body answers 415 like any other unsupported type (%s)", async (url, payload) => {
    const res = await booted.app.inject({ method: "POST", url, headers: { "content-type": "text/plain; charset=utf-8" }, payload });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: "error", message: "unsupported content type: send application/json", data: null });
  });

  it("a malformed URL answers 400 in the envelope", async () => {
    const res = await booted.app.inject({ method: "GET", url: "/api/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", message: "malformed URL", data: null });
    expect(res.headers["x-request-id"]).toMatch(UUID);
  });

  it("an unexpected error answers 500 'server error' without details and is logged with the request id", async () => {
    const res = await booted.app.inject({ method: "GET", url: "/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: "error", message: "server error", data: null });
    expect(res.body).not.toContain("exploded");
    const requestId = res.headers["x-request-id"];
    const logged = logLines.map((l) => JSON.parse(l) as { level: number; reqId?: string; err?: { message: string } });
    const entry = logged.find((l) => l.level === 50);
    expect(entry?.reqId).toBe(requestId);
    expect(entry?.err?.message).toBe("database exploded at 10.0.0.7");
  });
});

describe("unknown paths", () => {
  it.each(["GET", "POST", "DELETE"] as const)("%s on an unknown /api path answers the 404 envelope", async (method) => {
    const res = await booted.app.inject({ method, url: "/api/no/such/thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: "error", message: "not found", data: null });
  });

  it("without a built UI, a browser route answers the 404 envelope too", async () => {
    const res = await booted.app.inject({ method: "GET", url: "/orderlist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: "error", message: "not found", data: null });
  });
});

describe("headers on every answer", () => {
  it.each(["/api/version", "/api/no/such/thing", "/api/test/boom"])("%s has a request id and security headers", async (url) => {
    const res = await booted.app.inject({ method: "GET", url });
    expect(res.headers["x-request-id"]).toMatch(UUID);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("each request gets its own id, and a client cannot choose it", async () => {
    const a = await booted.app.inject({ method: "GET", url: "/api/version", headers: { "x-request-id": "mine" } });
    const b = await booted.app.inject({ method: "GET", url: "/api/version" });
    expect(a.headers["x-request-id"]).not.toBe("mine");
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });
});

describe("logs", () => {
  it("never contain the bearer token or secret query values", async () => {
    await booted.app.inject({
      method: "GET",
      url: "/wechatlogin?code=SECRETCODE&state=x",
      headers: { authorization: "Bearer SECRETTOKEN" },
    });
    const all = logLines.join("\n");
    expect(all).toContain("/wechatlogin?code=%5Bredacted%5D&state=x");
    expect(all).not.toContain("SECRETCODE");
    expect(all).not.toContain("SECRETTOKEN");
  });

  it("never contain a redemption code from /paycallback's check_code (issue 22), whatever its case", async () => {
    await booted.app.inject({ method: "GET", url: "/paycallback?sub_mch_id=1900000109&out_trade_no=FO2026112300000001&check_code=KPLIVEREDEMPTION81726354" });
    await booted.app.inject({ method: "GET", url: "/paycallback?Check_Code=KPOTHERCASE55501&out_trade_no=FO2" });
    const all = logLines.join("\n");
    expect(all).toContain("/paycallback?sub_mch_id=1900000109&out_trade_no=FO2026112300000001&check_code=%5Bredacted%5D");
    expect(all).not.toContain("KPLIVEREDEMPTION81726354");
    expect(all).not.toContain("KPOTHERCASE55501");
  });
});

describe("the built UI (SPA)", () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "fuel-ui-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Fuel</title><div id=root></div>");
    writeFileSync(join(dist, "assets", "index-AbC123.js"), "console.log('app')");
    // What the UI build writes beside each asset (packages/ui/build/precompress.ts).
    writeFileSync(join(dist, "assets", "index-AbC123.js.br"), brotliCompressSync("console.log('app')"));
    writeFileSync(join(dist, "assets", "index-AbC123.js.gz"), gzipSync("console.log('app')"));
    writeFileSync(join(dist, "index.html.gz"), gzipSync("<!doctype html><title>Fuel</title><div id=root></div>"));
    writeFileSync(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
    app = await buildApp({ config: { ...booted.config, uiDistDir: dist }, db: booted.db, clock: booted.clock });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(["/", "/orderlist", "/orderDetail/2/17", "/recharge2/", "/wechatlogin?code=abc"])("GET %s serves index.html, revalidated each time", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("<div id=root>");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("the service worker (/sw.js) is JavaScript revalidated each time, so a deploy's new worker is picked up", async () => {
    const res = await app.inject({ method: "GET", url: "/sw.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.body).toContain("addEventListener");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("hashed assets are cached for a year", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/index-AbC123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("console.log('app')");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("an asset goes compressed as the build made it, brotli first, gzip next, raw last", async () => {
    const br = await app.inject({ method: "GET", url: "/assets/index-AbC123.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe("console.log('app')");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gz = await app.inject({ method: "GET", url: "/assets/index-AbC123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe("console.log('app')");
    const raw = await app.inject({ method: "GET", url: "/assets/index-AbC123.js", headers: { "accept-encoding": "identity" } });
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect(raw.body).toBe("console.log('app')");
  });

  it("a browser route's index.html goes compressed too", async () => {
    const res = await app.inject({ method: "GET", url: "/orderlist", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.rawPayload).toString()).toContain("<div id=root>");
  });

  it("a missing asset is a 404, not index.html served as JavaScript", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/gone-123.js" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: "error", message: "not found", data: null });
  });

  it("unknown /api and /sandbox paths stay 404 envelopes", async () => {
    for (const url of ["/api/nope", "/sandbox/nope"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("not found");
    }
  });

  it("a POST to a browser route is a 404 envelope", async () => {
    const res = await app.inject({ method: "POST", url: "/orderlist", payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it("the API still answers beside the UI", async () => {
    const res = await app.inject({ method: "GET", url: "/api/version" });
    expect(res.json().data.version).toBe("v1");
  });
});
