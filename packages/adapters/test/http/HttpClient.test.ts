import { Constants } from "@fuel/domain";
import { Api, CustomerApiNames, examples, type ApiName, type ResponseOf } from "@fuel/domain/api";
import { Cause, Effect, Exit, Fiber, Option, Schema } from "effect";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newActionKey } from "../../src/http/actionKey.ts";
import { createHttpClient, type HttpClientOptions } from "../../src/http/HttpClient.ts";
import type { ApiCaller } from "../../src/ports/Api.ts";
import { Offline, TimedOut, type NotActivated, type SessionEnded } from "../../src/ports/errors.ts";
import type { TokenStore } from "../../src/ports/TokenStore.ts";
import { MemoryTokenStore } from "../../src/storage/TokenStores.ts";
import { failureOf, failureOfExit } from "../support/failures.ts";

// ----- a fake fetch that records every request and answers what the test says

interface Sent {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  readonly signal: AbortSignal | undefined;
}

type Answer = (sent: Sent) => Response | Promise<Response>;

const fakeFetch = (answer: Answer) => {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const request: Sent = {
      url: String(input),
      method: init?.method ?? "GET",
      headers,
      body: typeof init?.body === "string" ? init.body : undefined,
      signal: init?.signal ?? undefined,
    };
    sent.push(request);
    return answer(request);
  };
  return { fetch, sent };
};

const envelope = (data: unknown, status: "success" | "error" = "success", message = "ok"): string => JSON.stringify({ status, message, data });

const answer = (body: string, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(body, { status, headers: { "content-type": "application/json", ...headers } });

const success = (name: ApiName, headers: Record<string, string> = {}): Response => answer(envelope(examples[name].response), 200, headers);

const refusal = (status: number, message: string, headers: Record<string, string> = {}): Response => answer(envelope(null, "error", message), status, headers);

const decodedExample = <K extends ApiName>(name: K): ResponseOf<K> =>
  Schema.decodeUnknownSync(Api[name].response as Schema.Codec<unknown, unknown>)(examples[name].response) as ResponseOf<K>;

const TOKEN = "token-of-li-wei";

interface Harness {
  readonly client: ApiCaller;
  readonly sent: Sent[];
  readonly tokens: MemoryTokenStore;
  readonly sessionEnded: SessionEnded[];
  readonly notActivated: NotActivated[];
}

const harness = (
  reply: Answer,
  options: { readonly token?: string | null; readonly activated?: boolean } & Partial<Omit<HttpClientOptions, "tokens" | "fetch">> = {},
): Harness => {
  const { token = TOKEN, activated = true, ...rest } = options;
  const { fetch, sent } = fakeFetch(reply);
  const tokens = new MemoryTokenStore({ token, activated });
  const sessionEnded: SessionEnded[] = [];
  const notActivated: NotActivated[] = [];
  const client = createHttpClient({
    tokens,
    fetch,
    onSessionEnded: (e) => sessionEnded.push(e),
    onNotActivated: (e) => notActivated.push(e),
    ...rest,
  });
  return { client, sent, tokens, sessionEnded, notActivated };
};

const API_ERROR_TAGS = ["ServerRefused", "SessionEnded", "NotActivated", "ServerFailed", "Offline", "TimedOut", "BadAnswer"];

afterEach(() => {
  vi.useRealTimers();
});

describe("createHttpClient: answers", () => {
  it("a success answer is the envelope's data decoded with the contract schema", async () => {
    for (const name of ["version", "webInfo", "orderCreate"] as const) {
      const h = harness(() => success(name));
      const data = await Effect.runPromise(h.client.call(name, examples[name].request));
      expect(data).toEqual(decodedExample(name));
    }
  });

  it("the order created answer keeps its channel's shape (respCode '00', the pay sheet, the order id)", async () => {
    const h = harness(() => success("orderCreate"));
    const created = await Effect.runPromise(h.client.call("orderCreate", examples.orderCreate.request));
    expect("respCode" in created && created.respCode).toBe("00");
    expect(created.order_id).toBe(examples.orderCreate.response.order_id);
  });

  it("a request goes to the base URL followed by the endpoint's path", async () => {
    const h = harness(() => success("version"), { baseUrl: "http://api.example.com" });
    await Effect.runPromise(h.client.call("version", {}));
    expect(h.sent[0]?.url).toBe("http://api.example.com/api/version");
  });
});

describe("createHttpClient: the bearer token", () => {
  it("every call carries 'authorization: Bearer <token>' when the store has a token", async () => {
    const h = harness(() => success("userInfo"));
    await Effect.runPromise(h.client.call("userInfo", {}));
    await Effect.runPromise(h.client.call("orderList", examples.orderList.request).pipe(Effect.ignore));
    expect(h.sent.map((s) => s.headers["authorization"])).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it("a call made signed out carries no authorization header", async () => {
    const h = harness(() => success("webInfo"), { token: null });
    await Effect.runPromise(h.client.call("webInfo", {}));
    expect(h.sent[0]?.headers).not.toHaveProperty("authorization");
  });

  it("a refreshed token in the answer's 'authorization: Bearer X' header replaces the stored one, and the next call carries it", async () => {
    const h = harness(() => success("userInfo", { authorization: "Bearer fresh-token-2" }));
    await Effect.runPromise(h.client.call("userInfo", {}));
    expect(await Effect.runPromise(h.tokens.token())).toBe("fresh-token-2");
    await Effect.runPromise(h.client.call("userInfo", {}));
    expect(h.sent[1]?.headers["authorization"]).toBe("Bearer fresh-token-2");
  });

  it("an answer repeating the token the call carried changes nothing in the store", async () => {
    const memory = new MemoryTokenStore({ token: TOKEN, activated: true });
    const writes: string[] = [];
    const tokens: TokenStore = {
      token: memory.token,
      activated: memory.activated,
      setActivated: memory.setActivated,
      clear: memory.clear,
      setToken: (t) => Effect.flatMap(Effect.sync(() => writes.push(t)), () => memory.setToken(t)),
    };
    const { fetch } = fakeFetch(() => success("userInfo", { authorization: `Bearer ${TOKEN}` }));
    await Effect.runPromise(createHttpClient({ tokens, fetch }).call("userInfo", {}));
    expect(writes).toEqual([]);
    expect(await Effect.runPromise(memory.token())).toBe(TOKEN);
  });

  it("an authorization answer header that is not a bearer token is ignored", async () => {
    const h = harness(() => success("userInfo", { authorization: "Basic dXNlcjpwYXNz" }));
    await Effect.runPromise(h.client.call("userInfo", {}));
    expect(await Effect.runPromise(h.tokens.token())).toBe(TOKEN);
  });
});

describe("createHttpClient: the request", () => {
  it("a GET endpoint sends its input in the query string and no body (the sandbox SMS box reads ?phone=)", async () => {
    const h = harness(() => success("sandboxSms"));
    const code = await Effect.runPromise(h.client.call("sandboxSms", { phone: "13800138000" }));
    expect(code).toEqual(decodedExample("sandboxSms"));
    expect(h.sent[0]).toMatchObject({ url: "/api/sandbox/sms?phone=13800138000", method: "GET", body: undefined });
    expect(h.sent[0]?.headers).not.toHaveProperty("content-type");
  });

  it("a GET endpoint without input has no query string", async () => {
    const h = harness(() => success("cityList"));
    await Effect.runPromise(h.client.call("cityList", {}));
    expect(h.sent[0]).toMatchObject({ url: "/api/station/citylist", method: "GET", body: undefined });
  });

  it("a POST endpoint sends its input as a JSON body", async () => {
    const h = harness(() => success("cityStations"));
    await Effect.runPromise(h.client.call("cityStations", { city: "广州市" }));
    expect(h.sent[0]).toMatchObject({ url: "/api/station/current_city_list", method: "POST" });
    expect(h.sent[0]?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(h.sent[0]?.body ?? "null")).toEqual({ city: "广州市" });
  });

  it("the idempotency-key header carries CallOptions.idempotencyKey", async () => {
    const h = harness(() => success("orderCreate"));
    const key = newActionKey();
    await Effect.runPromise(h.client.call("orderCreate", examples.orderCreate.request, { idempotencyKey: key }));
    expect(h.sent[0]?.headers["idempotency-key"]).toBe(key);
  });

  it("without an idempotency key there is no idempotency-key header", async () => {
    const h = harness(() => success("orderCreate"));
    await Effect.runPromise(h.client.call("orderCreate", examples.orderCreate.request));
    await Effect.runPromise(h.client.call("orderCreate", examples.orderCreate.request, {}));
    expect(h.sent.map((s) => "idempotency-key" in s.headers)).toEqual([false, false]);
  });

  it("newActionKey gives a distinct UUID for every action", () => {
    const keys = Array.from({ length: 200 }, () => newActionKey());
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("createHttpClient: the session ends on 401, 403 and 422", () => {
  it.each([401, 403, 422] as const)("%i is SessionEnded with the server's message; token and activation flag are cleared; onSessionEnded is called once", async (status) => {
    const h = harness(() => refusal(status, "please sign in again"));
    const error = await failureOf(h.client.call("orderList", examples.orderList.request));
    expect(error).toMatchObject({ _tag: "SessionEnded", message: "please sign in again", status });
    expect(await Effect.runPromise(h.tokens.token())).toBeNull();
    expect(await Effect.runPromise(h.tokens.activated())).toBe(false);
    expect(h.sessionEnded).toEqual([error]);
    expect(h.notActivated).toEqual([]);
  });

  it("the desk's client (issue 26) ends the session on 401 only: its 403 is a refusal for the role, the session lives on", async () => {
    const desk = createHttpClient<ApiName>({ tokens: new MemoryTokenStore(), fetch: fakeFetch(() => refusal(403, "not for your role", { "x-error-tag": "StaffActionForbidden" })).fetch, sessionEndedStatuses: [401], contract: () => import("../../src/http/deskContract.ts") });
    const error = await failureOf(desk.call("deskRedeem", examples.deskRedeem.request));
    expect(error).toMatchObject({ _tag: "ServerRefused", status: 403, tag: "StaffActionForbidden" });
    const ended: SessionEnded[] = [];
    const signedOut = createHttpClient<ApiName>({ tokens: new MemoryTokenStore(), fetch: fakeFetch(() => refusal(401, "")).fetch, sessionEndedStatuses: [401], onSessionEnded: (e) => ended.push(e), contract: () => import("../../src/http/deskContract.ts") });
    expect(await failureOf(signedOut.call("deskMe", {}))).toMatchObject({ _tag: "SessionEnded", status: 401 });
    expect(ended).toHaveLength(1);
  });

  it("a session end without a readable message carries no text of its own (the app words it)", async () => {
    const h = harness(() => answer("", 401));
    const error = await failureOf(h.client.call("userInfo", {}));
    expect(error).toMatchObject({ _tag: "SessionEnded", message: "", status: 401 });
  });
});

describe("createHttpClient: refusals and failures (spec §8)", () => {
  it("400 with x-error-tag NotActivated is NotActivated: the token is kept and onNotActivated is called", async () => {
    const h = harness(() => refusal(400, "account not activated", { "x-error-tag": "NotActivated" }), { activated: false });
    const error = await failureOf(h.client.call("orderList", examples.orderList.request));
    expect(error).toMatchObject({ _tag: "NotActivated", message: "account not activated" });
    expect(await Effect.runPromise(h.tokens.token())).toBe(TOKEN);
    expect(h.notActivated).toEqual([error]);
    expect(h.sessionEnded).toEqual([]);
  });

  it.each([
    [400, "PhoneInvalid"],
    [404, undefined],
    [409, "OrderNotPayable"],
    [429, "SmsRateLimited"],
  ] as const)("%i is ServerRefused with the server's message, the status and the tag (%s)", async (status, tag) => {
    const h = harness(() => refusal(status, `refused with ${status}`, tag === undefined ? {} : { "x-error-tag": tag }));
    const error = await failureOf(h.client.call("sendSms", { phone: "13800138000" }));
    expect(error).toEqual(expect.objectContaining({ _tag: "ServerRefused", message: `refused with ${status}`, status, tag }));
    expect(await Effect.runPromise(h.tokens.token())).toBe(TOKEN);
    expect(h.sessionEnded).toEqual([]);
    expect(h.notActivated).toEqual([]);
  });

  it("a refusal carries the values its text names, from x-error-params (issue 22)", async () => {
    const params = encodeURIComponent(JSON.stringify({ minutes: 7 }));
    const h = harness(() => refusal(429, "too many orders in a short time, please try again in 7 minutes", { "x-error-tag": "OrderCreationsLimited", "x-error-params": params }));
    const error = await failureOf(h.client.call("sendSms", { phone: "13800138000" }));
    expect(error).toEqual(expect.objectContaining({ _tag: "ServerRefused", tag: "OrderCreationsLimited", params: { minutes: 7 } }));
  });

  it.each([500, 503])("%i is ServerFailed with the server's message", async (status) => {
    const h = harness(() => refusal(status, "database unavailable"));
    const error = await failureOf(h.client.call("webInfo", {}));
    expect(error).toMatchObject({ _tag: "ServerFailed", message: "database unavailable", status });
  });

  it("502 with an HTML body is ServerFailed with no server text (the app words it as the catalogue's ServerError)", async () => {
    const h = harness(() => new Response("<html><body><h1>502 Bad Gateway</h1></body></html>", { status: 502, headers: { "content-type": "text/html" } }));
    const error = await failureOf(h.client.call("webInfo", {}));
    expect(error).toMatchObject({ _tag: "ServerFailed", message: "", status: 502 });
  });

  it("a 200 whose envelope says status 'error' is ServerRefused with the server's message", async () => {
    const h = harness(() => refusal(200, "the station is closed"));
    const error = await failureOf(h.client.call("orderCreate", examples.orderCreate.request));
    expect(error).toMatchObject({ _tag: "ServerRefused", message: "the station is closed", status: 200 });
  });

  it("a 200 that is not JSON is BadAnswer", async () => {
    const h = harness(() => new Response("<html>maintenance</html>", { status: 200, headers: { "content-type": "text/html" } }));
    const error = await failureOf(h.client.call("version", {}));
    expect(error).toMatchObject({ _tag: "BadAnswer", path: "/api/version" });
  });

  it.each([
    ["an array", "[1,2,3]"],
    ["a bare data object", JSON.stringify(examples.version.response)],
    ["null", "null"],
    ["an empty body", ""],
  ])("a 200 that is JSON but not the envelope (%s) is BadAnswer", async (_what, body) => {
    const h = harness(() => answer(body));
    const error = await failureOf(h.client.call("version", {}));
    expect(error).toMatchObject({ _tag: "BadAnswer", path: "/api/version" });
  });

  it("a 200 whose data breaks the contract (a version with a number label) is BadAnswer, never a crash", async () => {
    const h = harness(() => answer(envelope({ version: "v1", label: 42 })));
    const error = await failureOf(h.client.call("version", {}));
    expect(error).toMatchObject({ _tag: "BadAnswer", path: "/api/version" });
    expect(error._tag === "BadAnswer" && error.detail.length).toBeGreaterThan(0);
  });

  it("a fetch that rejects (no network) is Offline, naming the endpoint's path", async () => {
    const h = harness(() => Promise.reject(new TypeError("fetch failed")));
    const error = await failureOf(h.client.call("webInfo", {}));
    expect(error).toEqual(new Offline({ path: "/api/webinfo/read" }));
  });

  it("the client's errors carry data, no text in any language (the app words them)", async () => {
    const offlineError = await failureOf(harness(() => Promise.reject(new TypeError("fetch failed"))).client.call("webInfo", {}));
    const badError = await failureOf(harness(() => answer("[1]")).client.call("version", {}));
    for (const error of [offlineError, badError]) expect(error.message).toBe("");
  });
});

describe("createHttpClient: the contract loads on demand", () => {
  it("the contract module starts loading when the client is made, once for every call", async () => {
    let loads = 0;
    const h = harness(() => success("version"), { contract: () => { loads += 1; return import("../../src/http/contract.ts"); } });
    expect(loads).toBe(1);
    await Effect.runPromise(h.client.call("version", {}));
    await Effect.runPromise(h.client.call("version", {}));
    expect(loads).toBe(1);
  });

  it("a contract that cannot be fetched (no network) fails the call as Offline before any request", async () => {
    const h = harness(() => success("version"), { contract: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")) });
    const error = await failureOf(h.client.call("version", {}));
    expect(error._tag).toBe("Offline");
    expect(h.sent).toEqual([]);
  });

  it("after a failed load the next call loads the contract again", async () => {
    let loads = 0;
    const contract = () => (++loads === 1 ? Promise.reject(new TypeError("offline")) : import("../../src/http/contract.ts"));
    const h = harness(() => success("version"), { contract });
    await failureOf(h.client.call("version", {}));
    expect(await Effect.runPromise(h.client.call("version", {}))).toEqual(decodedExample("version"));
    expect(loads).toBe(2);
  });
});

/** A fetch that never answers, but rejects as the platform does when its signal aborts. */
const hangingUntilAborted: Answer = (sent) =>
  new Promise<Response>((_resolve, reject) => {
    sent.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
  });

/** Lets queued callbacks (the effect runtime's, the fake fetch's) run without moving fake time. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("createHttpClient: the timeout", () => {
  it("a call with no answer within timeoutMs is aborted and fails with TimedOut, naming the wait and the path", async () => {
    const h = harness(hangingUntilAborted, { timeoutMs: 50 });
    const error = await failureOf(h.client.call("webInfo", {}));
    expect(error).toEqual(new TimedOut({ afterMs: 50, path: "/api/webinfo/read" }));
    expect(h.sent[0]?.signal?.aborted).toBe(true);
  });

  it("the default timeout is 10 s (Constants.REQUEST_TIMEOUT_MS): still waiting just before, TimedOut at it", async () => {
    expect(Constants.REQUEST_TIMEOUT_MS).toBe(10_000);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const h = harness(hangingUntilAborted);
    let settled = false;
    const running = Effect.runPromiseExit(h.client.call("webInfo", {})).finally(() => {
      settled = true;
    });
    while (h.sent.length === 0) await settle();
    await vi.advanceTimersByTimeAsync(Constants.REQUEST_TIMEOUT_MS - 1);
    await settle();
    expect(settled).toBe(false);
    expect(h.sent[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = failureOfExit(await running);
    expect(error).toMatchObject({ _tag: "TimedOut", afterMs: Constants.REQUEST_TIMEOUT_MS });
    expect(h.sent[0]?.signal?.aborted).toBe(true);
  });

  it("an answer arriving after 9.9 s (inside the default timeout) succeeds", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const h = harness(() => new Promise<Response>((resolve) => setTimeout(() => resolve(success("version")), 9_900)));
    const running = Effect.runPromiseExit(h.client.call("version", {}));
    while (h.sent.length === 0) await settle();
    await vi.advanceTimersByTimeAsync(9_900);
    const exit = await running;
    expect(Exit.isSuccess(exit) && exit.value).toEqual(decodedExample("version"));
    // The timer was cleared with the answer: moving past 10 s changes nothing.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.sent[0]?.signal?.aborted).toBe(false);
  });
});

describe("createHttpClient: interruption", () => {
  it("interrupting a call in flight aborts its fetch's signal", async () => {
    const h = harness(hangingUntilAborted);
    const fiber = Effect.runFork(h.client.call("webInfo", {}));
    while (h.sent.length === 0) await settle();
    expect(h.sent[0]?.signal?.aborted).toBe(false);
    const exit = await Effect.runPromise(Fiber.interrupt(fiber).pipe(Effect.andThen(Fiber.await(fiber))));
    expect(Exit.hasInterrupts(exit)).toBe(true);
    expect(h.sent[0]?.signal?.aborted).toBe(true);
  });

  it("a call that loses a race is aborted: the fetch of the slower request is cancelled", async () => {
    const h = harness((sent) => (sent.url.endsWith("/api/version") ? success("version") : hangingUntilAborted(sent)));
    const winner = await Effect.runPromise(Effect.race(h.client.call("webInfo", {}), h.client.call("version", {})));
    expect(winner).toEqual(decodedExample("version"));
    const slow = h.sent.find((s) => s.url.endsWith("/api/webinfo/read"));
    expect(slow?.signal?.aborted).toBe(true);
  });

  it("an interrupted call's timeout timer is cleared: nothing fires when its 10 s pass", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const h = harness(hangingUntilAborted);
    const fiber = Effect.runFork(h.client.call("webInfo", {}));
    while (h.sent.length === 0) await settle();
    await Effect.runPromise(Fiber.interrupt(fiber));
    expect(vi.getTimerCount()).toBe(0);
  });
});

// ----- any answer at all: success or a tagged ApiError, never a throw or a defect

/** A Response-like answer: `new Response` refuses 1xx statuses and bodies on 204/304, real servers do not care. */
const rawAnswer = (status: number, body: string, headers: Record<string, string>): Response =>
  ({ status, ok: status >= 200 && status < 300, headers: new Headers(headers), text: () => Promise.resolve(body) }) as unknown as Response;

const headerValue = fc.oneof(
  fc.constantFrom("Bearer refreshed", "Bearer ", "bearer x y", "Basic abc", "NotActivated", "PhoneInvalid", ""),
  fc.stringMatching(/^[\x21-\x7e]{0,24}$/),
);

const bodyArb = fc.oneof(
  fc.string(),
  fc.json(),
  fc.record({
    status: fc.oneof(fc.constantFrom("success", "error"), fc.jsonValue()),
    message: fc.oneof(fc.string(), fc.jsonValue()),
    data: fc.jsonValue(),
  }).map((e) => JSON.stringify(e)),
  fc.constantFrom(...CustomerApiNames).map((name) => envelope(examples[name].response)),
);

describe("createHttpClient: any answer", () => {
  it("any status 100..599 with any body and headers ends in success or a tagged ApiError, never a throw", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CustomerApiNames),
        fc.integer({ min: 100, max: 599 }),
        bodyArb,
        fc.option(headerValue, { nil: undefined }),
        fc.option(headerValue, { nil: undefined }),
        async (name, status, body, authorization, tag) => {
          const headers: Record<string, string> = {};
          if (authorization !== undefined) headers["authorization"] = authorization;
          if (tag !== undefined) headers["x-error-tag"] = tag;
          const h = harness(() => rawAnswer(status, body, headers));
          const exit = await Effect.runPromiseExit(h.client.call(name, examples[name].request as never));
          if (Exit.isSuccess(exit)) {
            expect(status).toBeGreaterThanOrEqual(200);
            expect(status).toBeLessThan(300);
            return;
          }
          const error = Option.getOrUndefined(Cause.findErrorOption(exit.cause));
          expect(error?._tag).toBeOneOf(API_ERROR_TAGS);
          // Words are the app's (ui describeError): a server answer keeps only the server's own text.
          expect(typeof error?.message).toBe("string");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("any 4xx but 401, 403, 422 and a NotActivated 400 is ServerRefused with that status", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 400, max: 499 }).filter((s) => s !== 401 && s !== 403 && s !== 422),
        fc.string(),
        async (status, message) => {
          const h = harness(() => rawAnswer(status, envelope(null, "error", message), {}));
          const error = await failureOf(h.client.call("webInfo", {}));
          expect(error).toMatchObject({ _tag: "ServerRefused", status, message });
        },
      ),
    );
  });

  it("any status outside 2xx and 4xx is ServerFailed with that status", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Not 503: a read answered 503 is retried once after its Retry-After (1 s without one), which
        // "a 503 is retried once (issue 22)" covers with fake timers; drawn here, it made this test slow enough to time out.
        fc.oneof(fc.integer({ min: 100, max: 199 }), fc.integer({ min: 300, max: 399 }), fc.integer({ min: 500, max: 599 }).filter((s) => s !== 503)),
        fc.string({ minLength: 1 }),
        async (status, message) => {
          const h = harness(() => rawAnswer(status, envelope(null, "error", message), {}));
          const error = await failureOf(h.client.call("webInfo", {}));
          expect(error).toMatchObject({ _tag: "ServerFailed", status, message });
        },
      ),
    );
  });

  it("a fetch that rejects with anything is Offline", async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (reason) => {
        const h = harness(() => Promise.reject(reason));
        const error = await failureOf(h.client.call("webInfo", {}));
        expect(error._tag).toBe("Offline");
      }),
      { numRuns: 50 },
    );
  });
});

// ----- issue 22: a 503 is sent once more when sending twice is harmless

/** A 503 as the server sends it; `retryAfter: null` sends no Retry-After. */
const unavailable = (retryAfter: string | null = "0", message = "payment service unavailable, try again later"): Response =>
  refusal(503, message, { "x-error-tag": "PaymentServiceUnavailable", ...(retryAfter === null ? {} : { "retry-after": retryAfter }) });

/** Answers the scripted responses in turn (the last one again once they run out). */
const inTurn = (...answers: ReadonlyArray<() => Response | Promise<Response>>): Answer => {
  let i = 0;
  return () => (answers[Math.min(i++, answers.length - 1)] ?? (() => Promise.reject(new Error("no answer"))))();
};

describe("createHttpClient: a 503 is retried once (issue 22)", () => {
  it("a read (GET) answered 503 is sent once more and its second answer is the result", async () => {
    const h = harness(inTurn(() => unavailable(), () => success("webInfo")));
    expect(await Effect.runPromise(h.client.call("webInfo", {}))).toEqual(decodedExample("webInfo"));
    expect(h.sent.map((s) => `${s.method} ${s.url}`)).toEqual(["GET /api/webinfo/read", "GET /api/webinfo/read"]);
  });

  it("a read POST (the order list) answered 503 twice fails with the server's message and tag, after exactly one retry", async () => {
    const h = harness(() => unavailable());
    const error = await failureOf(h.client.call("orderList", examples.orderList.request));
    expect(error).toMatchObject({ _tag: "ServerFailed", status: 503, message: "payment service unavailable, try again later", tag: "PaymentServiceUnavailable" });
    expect(h.sent.map((s) => s.body)).toEqual([JSON.stringify(examples.orderList.request), JSON.stringify(examples.orderList.request)]);
  });

  it("a write carrying an Idempotency-Key (order creation) is resent once with the same key", async () => {
    const h = harness(inTurn(() => unavailable(), () => success("orderCreate")));
    const created = await Effect.runPromise(h.client.call("orderCreate", examples.orderCreate.request, { idempotencyKey: "tap-1" }));
    expect(created).toEqual(decodedExample("orderCreate"));
    expect(h.sent.map((s) => s.headers["idempotency-key"])).toEqual(["tap-1", "tap-1"]);
  });

  it.each([
    ["orderCancel", examples.orderCancel.request],
    ["orderCreate without an Idempotency-Key", examples.orderCreate.request],
    ["orderRefund", examples.orderRefund.request],
  ] as const)("a write without an Idempotency-Key (%s) answered 503 is never resent", async (label, request) => {
    const name = label.split(" ")[0] as "orderCancel" | "orderCreate" | "orderRefund";
    const h = harness(inTurn(() => unavailable(), () => success(name)));
    const error = await failureOf(h.client.call(name, request as never));
    expect(error).toMatchObject({ _tag: "ServerFailed", status: 503 });
    expect(h.sent).toHaveLength(1);
  });

  it("a 500 is not retried, even for a read", async () => {
    const h = harness(inTurn(() => refusal(500, "boom"), () => success("webInfo")));
    expect(await failureOf(h.client.call("webInfo", {}))).toMatchObject({ _tag: "ServerFailed", status: 500 });
    expect(h.sent).toHaveLength(1);
  });

  it.each([
    ["2", 2_000],
    ["60", 3_000],
    [null, 1_000],
  ] as const)("Retry-After %s: the retry is sent after %i ms, not before", async (retryAfter, waitMs) => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const h = harness(inTurn(() => unavailable(retryAfter), () => success("webInfo")));
    const running = Effect.runPromiseExit(h.client.call("webInfo", {}));
    while (h.sent.length === 0) await settle();
    await vi.advanceTimersByTimeAsync(waitMs - 1);
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const exit = await running;
    expect(Exit.isSuccess(exit)).toBe(true);
    expect(h.sent).toHaveLength(2);
  });

  it("the 10 s timeout covers the whole call: a retry that hangs is aborted 10 s after the first request, as TimedOut", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const h = harness(inTurn(() => new Promise<Response>((resolve) => setTimeout(() => resolve(unavailable("3")), 5_000)), () => new Promise<Response>(() => undefined)));
    let settled = false;
    const running = Effect.runPromiseExit(h.client.call("webInfo", {})).finally(() => {
      settled = true;
    });
    while (h.sent.length === 0) await settle();
    await vi.advanceTimersByTimeAsync(8_000);
    expect(h.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    await settle();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(failureOfExit(await running)).toMatchObject({ _tag: "TimedOut", afterMs: Constants.REQUEST_TIMEOUT_MS });
    expect(h.sent[1]?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a 503 whose wait would pass the 10 s ends at 10 s with the server's message, not 'timed out', and is not resent", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const h = harness(inTurn(() => new Promise<Response>((resolve) => setTimeout(() => resolve(unavailable("3")), 9_000)), () => success("webInfo")));
    const running = Effect.runPromiseExit(h.client.call("webInfo", {}));
    while (h.sent.length === 0) await settle();
    await vi.advanceTimersByTimeAsync(Constants.REQUEST_TIMEOUT_MS);
    expect(failureOfExit(await running)).toMatchObject({ _tag: "ServerFailed", status: 503, message: "payment service unavailable, try again later" });
    expect(h.sent).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("interrupting a call while it waits to retry sends nothing more and leaves no timer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const h = harness(inTurn(() => unavailable("2"), () => success("webInfo")));
    const fiber = Effect.runFork(h.client.call("webInfo", {}));
    while (h.sent.length === 0) await settle();
    await vi.advanceTimersByTimeAsync(500);
    await Effect.runPromise(Fiber.interrupt(fiber));
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.sent).toHaveLength(1);
  });
});
