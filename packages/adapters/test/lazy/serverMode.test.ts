import { examplePayInfo, examples } from "@fuel/domain/api";
import { Cause, Effect, Exit, Option } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forMode, lazyPaymentBridge, lazySignIn, modeOfVersionAnswer, readServerMode, type ServerMode } from "../../src/lazy/index.ts";
import { FakePaymentBridge, FakeSignIn } from "../../src/testing/fakes.ts";

const errorOf = async <A, E>(effect: Effect.Effect<A, E>): Promise<E | undefined> => {
  const exit = await Effect.runPromiseExit(effect);
  return Exit.isFailure(exit) ? Option.getOrUndefined(Cause.findErrorOption(exit.cause)) : undefined;
};

const answer = (data: unknown) => ({ status: "success", message: "ok", data });
const version = examples.version.response;

/** A `fetch` that answers every request with `status` and `body`, and records the URLs asked. */
const answering = (status: number, body: unknown) => {
  const asked: string[] = [];
  const doFetch = (async (input: string | URL | Request) => {
    asked.push(String(input));
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { asked, doFetch };
};

const request = { orderId: 1, payInfo: examplePayInfo, amountCents: 100, oauthId: "openid" };

describe("modeOfVersionAnswer: the mode read without the contract", () => {
  it("a version answer gives its mode", () => {
    expect(modeOfVersionAnswer(answer({ ...version, mode: "production" }))).toBe("production");
    expect(modeOfVersionAnswer(answer({ ...version, mode: "sandbox" }))).toBe("sandbox");
  });

  it("a version answer without a mode is a sandbox one, as the contract reads it", () => {
    expect(modeOfVersionAnswer(answer({ version: "v1", label: "fuel app production v1" }))).toBe("sandbox");
  });

  it("a refusal, another shape or an unknown mode is no mode", () => {
    expect(modeOfVersionAnswer({ status: "error", message: "no", data: { ...version, mode: "production" } })).toBeUndefined();
    expect(modeOfVersionAnswer(answer({ ...version, mode: "staging" }))).toBeUndefined();
    expect(modeOfVersionAnswer(answer({ label: "x", mode: "production" }))).toBeUndefined();
    expect(modeOfVersionAnswer(answer(null))).toBeUndefined();
    expect(modeOfVersionAnswer("production")).toBeUndefined();
  });

  it("anything that is not a version answer is never read as a mode", () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        const looksLikeOne =
          typeof body === "object" && body !== null && (body as { status?: unknown }).status === "success" && typeof (body as { data?: unknown }).data === "object";
        if (!looksLikeOne) expect(modeOfVersionAnswer(body)).toBeUndefined();
      }),
    );
  });
});

describe("readServerMode", () => {
  it("asks GET /api/version and resolves with the mode", async () => {
    const server = answering(200, answer({ ...version, mode: "production" }));
    expect(await readServerMode({ fetch: server.doFetch, baseUrl: "https://fuel.test" })).toBe("production");
    expect(server.asked).toEqual(["https://fuel.test/api/version"]);
  });

  it("rejects on a failed status, a body that is not a version answer, or no answer", async () => {
    await expect(readServerMode({ fetch: answering(503, answer(version)).doFetch })).rejects.toThrow("503");
    await expect(readServerMode({ fetch: answering(200, "<html>").doFetch })).rejects.toThrow();
    await expect(readServerMode({ fetch: answering(200, answer({ mode: "production" })).doFetch })).rejects.toThrow("did not answer a version");
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    await expect(readServerMode({ fetch: offline })).rejects.toThrow("Failed to fetch");
  });

  it("gives up after the timeout, aborting the request", async () => {
    const hanging = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))))) as typeof fetch;
    await expect(readServerMode({ fetch: hanging, timeoutMs: 10 })).rejects.toThrow("aborted");
  });
});

describe("forMode: ports that depend on the server's mode wait for it", () => {
  const bridges = () => {
    const loaded: ServerMode[] = [];
    return {
      loaded,
      loaders: {
        sandbox: async () => (loaded.push("sandbox"), new FakePaymentBridge("ok")),
        production: async () => (loaded.push("production"), new FakePaymentBridge("ok")),
      },
    };
  };

  it("loads the implementation of the mode the server names", async () => {
    const { loaded, loaders } = bridges();
    await Effect.runPromise(lazyPaymentBridge(forMode(Promise.resolve("production"), loaders)).pay(request));
    expect(loaded).toEqual(["production"]);
  });

  it("a call made before the mode is known waits for it", async () => {
    const { loaded, loaders } = bridges();
    let tell: (mode: ServerMode) => void = () => undefined;
    const paying = Effect.runPromise(lazyPaymentBridge(forMode(new Promise<ServerMode>((resolve) => (tell = resolve)), loaders)).pay(request));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(loaded).toEqual([]);
    tell("sandbox");
    expect(await paying).toBe("ok");
    expect(loaded).toEqual(["sandbox"]);
  });

  it("when the mode cannot be read, paying fails with PaymentUnavailable and no pay sheet is loaded", async () => {
    const { loaded, loaders } = bridges();
    const unknown = Promise.reject(new Error("GET /api/version answered 503"));
    unknown.catch(() => undefined);
    expect(await errorOf(lazyPaymentBridge(forMode(unknown, loaders)).pay(request))).toMatchObject({ _tag: "PaymentUnavailable", reason: "offline" });
    expect(loaded).toEqual([]);
  });

  it("when the mode cannot be read, the sign-in fails with SignInUnavailable; once known it gives the provider's URL", async () => {
    const unknown = Promise.reject(new Error("offline"));
    unknown.catch(() => undefined);
    const input = { redirectUri: "https://fuel.test/wechatlogin", state: "s1" };
    const fake = async () => new FakeSignIn();
    expect(await errorOf(lazySignIn(forMode(unknown, { sandbox: fake, production: fake })).authorizeUrl(input))).toMatchObject({
      _tag: "SignInUnavailable",
      detail: "the adapter could not be loaded: offline",
    });
    const url = await Effect.runPromise(lazySignIn(forMode(Promise.resolve("sandbox"), { sandbox: fake, production: fake })).authorizeUrl(input));
    expect(url).toContain("state=s1");
  });
});
