import { Effect, Exit } from "effect";
import { describe, expect, it } from "vitest";
import { createDocuments } from "../../src/http/documents.ts";
import { MemoryTokenStore } from "../../src/storage/TokenStores.ts";

const ORIGIN = "https://fuel.example";

const documentsWith = (answer: (url: string, init: RequestInit) => Promise<Response>, token: string | null = "tok-1") => {
  const shown: string[] = [];
  const requests: Array<{ url: string; authorization: string | undefined }> = [];
  const tokens = new MemoryTokenStore();
  if (token !== null) Effect.runSync(tokens.setToken(token));
  const documents = createDocuments({
    tokens,
    origin: ORIGIN,
    fetch: (input, init = {}) => {
      requests.push({ url: String(input), authorization: (init.headers as Record<string, string> | undefined)?.["authorization"] });
      return answer(String(input), init);
    },
    objectUrl: (blob) => `blob:${ORIGIN}/${blob.size}`,
    show: (url) => shown.push(url),
    timeoutMs: 50,
  });
  return { documents, shown, requests };
};

describe("createDocuments (issue 35: an invoice's PDF behind the customer's token)", () => {
  it("fetches our document with the bearer token and shows its bytes", async () => {
    const { documents, shown, requests } = documentsWith(async () => new Response(new Uint8Array([37, 80, 68, 70, 45]), { status: 200, headers: { "content-type": "application/pdf" } }));
    await Effect.runPromise(documents.open("/api/invoice/pdf?invoice_id=41"));
    expect(requests).toEqual([{ url: `${ORIGIN}/api/invoice/pdf?invoice_id=41`, authorization: "Bearer tok-1" }]);
    expect(shown).toEqual([`blob:${ORIGIN}/5`]);
  });

  it("opens another site's link as it is, without sending the token there", async () => {
    const { documents, shown, requests } = documentsWith(async () => new Response(""));
    await Effect.runPromise(documents.open("https://fapiao.example.com/v/abc.pdf"));
    expect(requests).toEqual([]);
    expect(shown).toEqual(["https://fapiao.example.com/v/abc.pdf"]);
  });

  it("a refusal comes back as the API client's: its tag, to be worded in the customer's language", async () => {
    const { documents, shown } = documentsWith(async () => new Response(JSON.stringify({ status: "error", message: "this invoice has no PDF yet", data: null }), { status: 404, headers: { "x-error-tag": "InvoicePdfMissing" } }));
    const exit = await Effect.runPromiseExit(documents.open("/api/invoice/pdf?invoice_id=41"));
    expect(Exit.isFailure(exit) && exit.cause.reasons[0]?._tag === "Fail" ? exit.cause.reasons[0].error : undefined).toMatchObject({ _tag: "ServerRefused", status: 404, tag: "InvoicePdfMissing" });
    expect(shown).toEqual([]);
  });

  it("no network is Offline; no answer in time is TimedOut", async () => {
    const down = documentsWith(() => Promise.reject(new TypeError("Failed to fetch")));
    const exit = await Effect.runPromiseExit(down.documents.open("/api/invoice/pdf?invoice_id=41"));
    expect(Exit.isFailure(exit) && exit.cause.reasons[0]?._tag === "Fail" ? exit.cause.reasons[0].error._tag : undefined).toBe("Offline");
    const slow = documentsWith(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const late = await Effect.runPromiseExit(slow.documents.open("/api/invoice/pdf?invoice_id=41"));
    expect(Exit.isFailure(late) && late.cause.reasons[0]?._tag === "Fail" ? late.cause.reasons[0].error._tag : undefined).toBe("TimedOut");
  });
});
