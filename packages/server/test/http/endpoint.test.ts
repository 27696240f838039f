import { endpoint } from "@fuel/domain/api";
import { Schema } from "effect";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Principal } from "../../src/http/auth.ts";
import { bearerToken } from "../../src/http/auth.ts";
import { registerEndpoint, type RequestContext } from "../../src/http/endpoint.ts";
import { ok } from "../../src/http/envelope.ts";
import { Conflict } from "../../src/http/errors.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";

// A small contract, shaped like the spec's one-key fuel draft.
const Draft = endpoint({
  method: "POST",
  path: "/api/test/draft",
  access: "none",
  request: Schema.Struct({
    order_amount: Schema.String.check(Schema.isPattern(/^\d+$/)),
    phone: Schema.String.check(Schema.isMinLength(11, { message: "enter a correct phone number" })),
    station_id: Schema.Number,
    remark: Schema.optional(Schema.String),
    paytype: Schema.optional(Schema.Literals(["wx", "fy"])),
    items: Schema.optional(Schema.Array(Schema.Struct({ litres: Schema.Number }))),
  }),
  response: Schema.Struct({ accepted_cents: Schema.Number }),
  summary: "test",
  refusals: [],
});

const Search = endpoint({
  method: "GET",
  path: "/api/test/search",
  access: "none",
  request: Schema.Struct({ city: Schema.String }),
  response: Schema.Struct({ city: Schema.String }),
  summary: "test",
  refusals: [],
});

const Me = endpoint({
  method: "GET",
  path: "/api/test/me",
  access: "token",
  request: Schema.Struct({}),
  response: Schema.Struct({ user_id: Schema.Number }),
  summary: "test",
  refusals: [],
});

const Orders = endpoint({
  method: "POST",
  path: "/api/test/orders",
  access: "activated",
  request: Schema.Struct({ page: Schema.Number }),
  response: Schema.Struct({ page: Schema.Number, user_id: Schema.Number }),
  summary: "test",
  refusals: [],
});

const Broken = endpoint({
  method: "GET",
  path: "/api/test/broken",
  access: "none",
  request: Schema.Struct({}),
  response: Schema.Struct({ total: Schema.Number }),
  summary: "test",
  refusals: [],
});

const Dates = endpoint({
  method: "GET",
  path: "/api/test/dates",
  access: "none",
  request: Schema.Struct({}),
  // The wire form (encoded) differs from the handler's value (decoded): proves encoding happens.
  response: Schema.Struct({ at: Schema.NumberFromString }),
  summary: "test",
  refusals: [],
});

const Refuses = endpoint({
  method: "POST",
  path: "/api/test/refuses",
  access: "none",
  request: Schema.Struct({}),
  response: Schema.Null,
  summary: "test",
  refusals: [],
});

// Tokens of this test: "alice" is activated, "bob" is not, "carol" gets a refreshed token.
const principals: Record<string, Principal> = {
  alice: { userId: 1, activated: true },
  bob: { userId: 2, activated: false },
  carol: { userId: 3, activated: true, refreshedToken: "carol-2" },
};
const authenticate = async (request: FastifyRequest): Promise<Principal | null> => principals[bearerToken(request) ?? ""] ?? null;

let booted: BootedApp;
const calls: Array<{ input: unknown; ctx: RequestContext }> = [];

beforeAll(async () => {
  booted = await bootApp({ authenticate });
  const { app } = booted;
  registerEndpoint(app, Draft, (input, ctx) => {
    calls.push({ input, ctx });
    return { accepted_cents: Number(input.order_amount) };
  });
  registerEndpoint(app, Search, (input) => ({ city: input.city }));
  registerEndpoint(app, Me, (_input, ctx) => ({ user_id: ctx.user().userId }));
  registerEndpoint(app, Orders, (input, ctx) => ok({ page: input.page, user_id: ctx.user().userId }, "orders"));
  registerEndpoint(app, Broken, () => ({ total: "12" }) as unknown as { total: number });
  registerEndpoint(app, Dates, () => ({ at: 1700 }));
  registerEndpoint(app, Refuses, () => {
    throw new Conflict("this order cannot do that now");
  });
});
afterAll(async () => booted.close());
beforeEach(() => {
  calls.length = 0;
});

const post = (url: string, payload: unknown, token?: string) =>
  booted.app.inject({ method: "POST", url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const get = (url: string, token?: string) => booted.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("request decoding", () => {
  const good = { order_amount: "10040", phone: "13800138000", station_id: 3 };

  it("a good body reaches the handler decoded, and the answer is the envelope", async () => {
    const res = await post("/api/test/draft", { ...good, extra_field: "ignored" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "success", message: "success", data: { accepted_cents: 10040 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.input).toEqual(good);
  });

  it("the handler gets the clock's now, read once", async () => {
    booted.clock.advance(3600);
    const before = booted.clock.now();
    await post("/api/test/draft", good);
    const now = calls[0]?.ctx.now ?? 0;
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now - Date.now()).toBeGreaterThan(3_500_000);
    booted.clock.reset();
  });

  it("a missing field answers 400 naming it, and the handler is not called", async () => {
    const { station_id: _omit, ...rest } = good;
    const res = await post("/api/test/draft", rest);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", message: "missing field: station_id", data: null });
    expect(calls).toHaveLength(0);
  });

  it("a field of the wrong type answers 400 naming it", async () => {
    const res = await post("/api/test/draft", { ...good, order_amount: 10040 });
    expect(res.json()).toEqual({ status: "error", message: "invalid field: order_amount", data: null });
  });

  it("a failed check without a message names the field", async () => {
    const res = await post("/api/test/draft", { ...good, order_amount: "12.5x" });
    expect(res.json().message).toBe("invalid field: order_amount");
  });

  it("a failed check with a message answers that message (the spec's words)", async () => {
    const res = await post("/api/test/draft", { ...good, phone: "1380013" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("enter a correct phone number");
  });

  it("a value outside a set of literals names the field", async () => {
    const res = await post("/api/test/draft", { ...good, paytype: "cash" });
    expect(res.json().message).toBe("invalid field: paytype");
  });

  it("a nested field is named by its path", async () => {
    const res = await post("/api/test/draft", { ...good, items: [{ litres: 1 }, { litres: "many" }] });
    expect(res.json().message).toBe("invalid field: items.1.litres");
  });

  it("a body that is not an object answers 400", async () => {
    const res = await post("/api/test/draft", [1, 2]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("invalid request body");
  });

  it("no body at all decodes as {} (and here misses fields)", async () => {
    const res = await booted.app.inject({ method: "POST", url: "/api/test/draft" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^missing field: /);
  });

  it("GET endpoints decode the query string", async () => {
    const ok1 = await get("/api/test/search?city=%E5%B9%BF%E5%B7%9E%E5%B8%82");
    expect(ok1.json().data).toEqual({ city: "广州市" });
    const bad = await get("/api/test/search");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("missing field: city");
  });
});

describe("access", () => {
  it("a token endpoint without a token answers 401", async () => {
    const res = await get("/api/test/me");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: "error", message: "please sign in again", data: null });
  });

  it("a token endpoint with an unknown token answers 401", async () => {
    expect((await get("/api/test/me", "mallory")).statusCode).toBe(401);
  });

  it("a token endpoint accepts a signed-in user who is not activated", async () => {
    const res = await get("/api/test/me", "bob");
    expect(res.json().data).toEqual({ user_id: 2 });
  });

  it("an activated endpoint refuses a user who is not activated with 400 'account not activated' (not 401/403: the client would log them out)", async () => {
    const res = await post("/api/test/orders", { page: 1 }, "bob");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", message: "account not activated", data: null });
    expect(res.headers["x-error-tag"]).toBe("NotActivated");
  });

  it("access is checked before the body: no token and a bad body is still 401", async () => {
    expect((await post("/api/test/orders", { page: "one" })).statusCode).toBe(401);
  });

  it("an activated user gets through, with the handler's message", async () => {
    const res = await post("/api/test/orders", { page: 2 }, "alice");
    expect(res.json()).toEqual({ status: "success", message: "orders", data: { page: 2, user_id: 1 } });
  });

  it("a refreshed token comes back in the Authorization header", async () => {
    const res = await post("/api/test/orders", { page: 1 }, "carol");
    expect(res.headers["authorization"]).toBe("Bearer carol-2");
    expect((await post("/api/test/orders", { page: 1 }, "alice")).headers["authorization"]).toBeUndefined();
  });
});

describe("response encoding", () => {
  it("the answer is encoded with the response schema", async () => {
    const res = await get("/api/test/dates");
    expect(res.json().data).toEqual({ at: "1700" });
  });

  it("an answer that breaks the contract is a server bug: 500 'server error'", async () => {
    const res = await get("/api/test/broken");
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: "error", message: "server error", data: null });
  });

  it("an HttpError thrown by the handler maps to its status", async () => {
    const res = await post("/api/test/refuses", {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("this order cannot do that now");
  });
});
