import { Api, examples, type Endpoint } from "@fuel/domain/api";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableNames } from "../../src/db/client.ts";
import { users } from "../../src/db/schema.ts";
import type { Principal } from "../../src/http/auth.ts";
import { seedIfEmpty } from "../../src/seed/seed.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { edgeValue, edgeVariants, inBatches, type Variant } from "./edges.ts";

/**
 * Issue 3: random and hostile bodies to every endpoint of the contract never produce a 500, are
 * always answered in the envelope with a message, and a rejected request writes no row.
 *
 * Two apps: one where every caller is an activated customer (so bodies reach the handlers past
 * the access check), and one with the real authentication fed hostile Authorization headers.
 *
 * Issue 9: besides random bodies, every member of every endpoint's example is set, one at a time,
 * to each edge of ./edges.ts (integers around 2^31 and 2^53, -0, 1e308, every control character
 * and unpaired surrogates): the inputs that once reached SQL and answered 500.
 */

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.constantFrom("", " ", "0", "-1", "1e309", "NaN", "null", "undefined", "__proto__", "'; DROP TABLE users; --", "\u0000", "%00", "../../etc/passwd", "<script>alert(1)</script>", "😀".repeat(40), "9".repeat(400)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e21, 0.1 + 0.2),
    edgeValue,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "prototype")), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A valid example request with one field replaced, removed, or one added: gets past the shape check more often than noise does. */
const mutatedExample = (example: unknown): fc.Arbitrary<unknown> => {
  if (typeof example !== "object" || example === null || Array.isArray(example)) return hostileValue;
  const keys = Object.keys(example);
  if (keys.length === 0) return fc.dictionary(fc.string(), hostileValue, { maxKeys: 3 });
  return fc.oneof(
    fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => ({ ...example, [k]: v })),
    fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(example).filter(([key]) => key !== k))),
    fc.tuple(fc.string(), hostileValue).map(([k, v]) => ({ ...example, [k]: v })),
  );
};

const bodyFor = (endpoint: Endpoint, name: string): fc.Arbitrary<unknown> => {
  const example = (examples as Record<string, { request: unknown } | undefined>)[name]?.request;
  return fc.oneof(hostileValue, mutatedExample(example), fc.constant(example));
};

/** The contract keyed by name, so each endpoint finds its example. */
const named: ReadonlyArray<readonly [string, Endpoint]> = Object.entries(Api as Record<string, Endpoint>);

/**
 * Rows in every table but `rate_limit_events`: a refused guess (a wrong password, a wrong invite
 * code) is counted there on purpose, so that guessing runs out (src/limits/attempts.ts).
 */
const rowCounts = async (booted: BootedApp): Promise<string> => {
  const parts = tableNames()
    .filter((t) => t !== "rate_limit_events")
    .map((t) => `(SELECT count(*) FROM "${t}")::text`);
  const result = await booted.db.execute(sql.raw(`SELECT concat_ws(',', ${parts.join(", ")}) AS counts`));
  return String(result.rows[0]?.["counts"]);
};

const send = (booted: BootedApp, endpoint: Endpoint, body: unknown, authorization?: string) => {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  if (endpoint.method === "GET") {
    const query: Record<string, string> = {};
    if (typeof body === "object" && body !== null) for (const [k, v] of Object.entries(body)) query[k] = typeof v === "string" ? v : JSON.stringify(v) ?? "";
    return booted.app.inject({ method: "GET", url: endpoint.path, query, headers });
  }
  return booted.app.inject({
    method: endpoint.method,
    url: endpoint.path,
    headers: { ...headers, "content-type": "application/json" },
    payload: JSON.stringify(body) ?? "null",
  });
};

const sendVariant = (booted: BootedApp, endpoint: Endpoint, variant: Variant) =>
  endpoint.method === "GET"
    ? booted.app.inject({ method: "GET", url: endpoint.path, query: variant.query })
    : booted.app.inject({ method: endpoint.method, url: endpoint.path, headers: { "content-type": "application/json" }, payload: variant.json });

const expectEnvelope = (statusCode: number, raw: string): void => {
  expect(statusCode, raw).toBeLessThan(500);
  const body = JSON.parse(raw) as { status?: unknown; message?: unknown };
  expect(["success", "error"]).toContain(body.status);
  expect(typeof body.message).toBe("string");
  if (statusCode >= 400) expect((body.message as string).length).toBeGreaterThan(0);
};

describe("every endpoint, random and hostile bodies, signed in and activated", () => {
  let booted: BootedApp;
  let principal: Principal = { userId: 0, activated: true };

  beforeAll(async () => {
    booted = await bootApp({ authenticate: async () => principal });
    // Real demo data, so bodies that name a city or a station reach the queries.
    await seedIfEmpty(booted.db, new Date());
    const [user] = await booted.db
      .insert(users)
      .values({ openid: "fuzz-openid", phone: "13800138000", activatedAt: new Date(), createdAt: new Date() })
      .returning({ id: users.id });
    principal = { userId: user!.id, activated: true };
  });
  afterAll(async () => booted.close());

  // Most valid bodies of these hash a password (scrypt, ~100 ms of CPU each): fewer random bodies,
  // and their storable control characters go in one edge variant per member, so the file stays
  // within seconds (and within its timeouts on a loaded machine).
  const hashing = new Set(["setPassword", "resetPassword"]);

  for (const [name, endpoint] of named) {
    it(`${endpoint.method} ${endpoint.path}: never 500, always the envelope, no row from a rejected request`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint, name), async (body) => {
          const before = await rowCounts(booted);
          const res = await send(booted, endpoint, body);
          expectEnvelope(res.statusCode, res.body);
          if (res.statusCode >= 400) expect(await rowCounts(booted)).toBe(before);
        }),
        { numRuns: hashing.has(name) ? 15 : 40 },
      );
    }, 60_000);
  }

  for (const [name, endpoint] of named) {
    const example = (examples as Record<string, { request: unknown } | undefined>)[name]?.request;
    const variants = edgeVariants(example, { groupStorableCharacters: hashing.has(name) });
    if (variants.length === 0) continue;
    it(`${endpoint.method} ${endpoint.path}: each member at each edge (int4, 2^53, -0, 1e308, control characters, lone surrogates) never answers 500`, async () => {
      const before = await rowCounts(booted);
      let refusedOnly = true;
      await inBatches(variants, 4, async (variant) => {
        const res = await sendVariant(booted, endpoint, variant);
        expect(res.statusCode, `${variant.label}: ${res.body}`).toBeLessThan(500);
        expectEnvelope(res.statusCode, res.body);
        if (res.statusCode < 400) refusedOnly = false;
      });
      if (refusedOnly) expect(await rowCounts(booted)).toBe(before);
    }, 60_000);
  }
});

describe("every protected endpoint, hostile Authorization headers", () => {
  let booted: BootedApp;
  beforeAll(async () => {
    booted = await bootApp();
  });
  afterAll(async () => booted.close());

  const authorization = fc.oneof(
    hostileString.map((s) => `Bearer ${s}`),
    hostileString,
    fc.constantFrom("Bearer", "Bearer ", "Basic dXNlcjpwYXNz", `Bearer ${"a".repeat(5000)}`),
  );

  it("answers 401 in the envelope, never 500, and writes nothing", async () => {
    const protectedEndpoints = named.filter(([, e]) => e.access !== "none");
    expect(protectedEndpoints.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...protectedEndpoints), authorization, async ([name, endpoint], header) => {
        const before = await rowCounts(booted);
        const example = (examples as Record<string, { request: unknown } | undefined>)[name]?.request ?? {};
        const res = await send(booted, endpoint, example, header);
        expectEnvelope(res.statusCode, res.body);
        expect(res.statusCode).toBe(401);
        expect(await rowCounts(booted)).toBe(before);
      }),
      { numRuns: 150 },
    );
  });
});
