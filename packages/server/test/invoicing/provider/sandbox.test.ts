import { describe, expect, it } from "vitest";
import { SANDBOX_PLATFORM_SERIAL, signedHeaders } from "../../../src/payments/sandbox/notifications.ts";
import { fapiaoCallbackBody } from "../../../src/invoicing/provider/callbacks.ts";
import type { IssueState } from "../../../src/invoicing/provider/InvoiceProvider.ts";
import { SANDBOX_FAIL_MARK, SANDBOX_ISSUE_DELAY_MS, SandboxInvoiceProvider } from "../../../src/invoicing/provider/Sandbox.ts";
import { API_V3_KEY, fakeClock, merchantKey, platformKey, platformPub, request } from "./fixtures.ts";

const keys = { platformPrivateKey: platformKey, platformPublicKey: platformPub, apiV3Key: API_V3_KEY };
const sandbox = () => {
  const clock = fakeClock();
  return { clock, provider: new SandboxInvoiceProvider(clock, { keys }) };
};
const ref = { invoiceId: 35, applyId: "35-1", stationId: 7 };

const issued = (state: IssueState) => {
  if (state.state !== "issued") throw new Error(`expected issued, got ${JSON.stringify(state)}`);
  return state;
};

describe("SandboxInvoiceProvider", () => {
  it("answers issuing, stays issuing until the delay has passed on its clock, then is issued", async () => {
    const { clock, provider } = sandbox();
    expect(await provider.issue(request())).toEqual({ state: "issuing" });
    expect(await provider.query(ref)).toEqual({ state: "issuing" });
    clock.advance(SANDBOX_ISSUE_DELAY_MS - 1);
    expect(await provider.query(ref)).toEqual({ state: "issuing" });
    clock.advance(1);
    const done = issued(await provider.query(ref));
    expect(done.number).toMatch(/^00000000\d{12}$/);
    expect(done.issuedAt.getTime()).toBe(clock.now());
    expect(done.inWallet).toBe(false);
    expect(Buffer.from(done.pdf ?? []).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("the same attempt asked twice is one attempt: the same number", async () => {
    const { clock, provider } = sandbox();
    await provider.issue(request());
    clock.advance(SANDBOX_ISSUE_DELAY_MS);
    const first = issued(await provider.issue(request()));
    expect(issued(await provider.query(ref)).number).toBe(first.number);
  });

  it("an apply id reused for another invoice is refused, not retryable", async () => {
    const { provider } = sandbox();
    await provider.issue(request());
    expect(await provider.issue(request({ invoiceId: 36 }))).toMatchObject({ state: "failed", retryable: false });
  });

  it(`a buyer name containing ${SANDBOX_FAIL_MARK} fails after the delay, retryable, with the sandbox's reason`, async () => {
    const { clock, provider } = sandbox();
    const r = request();
    expect(await provider.issue({ ...r, buyer: { ...r.buyer, name: `测试 ${SANDBOX_FAIL_MARK}` } })).toEqual({ state: "issuing" });
    clock.advance(SANDBOX_ISSUE_DELAY_MS);
    expect(await provider.query(ref)).toEqual({ state: "failed", reason: expect.stringContaining(SANDBOX_FAIL_MARK) as string, retryable: true });
  });

  it("failNext fails the next attempt only, with the given reason and retryability", async () => {
    const { clock, provider } = sandbox();
    provider.failNext("tax bureau offline", false);
    await provider.issue(request());
    await provider.issue(request({ applyId: "35-2", attempt: 2 }));
    clock.advance(SANDBOX_ISSUE_DELAY_MS);
    expect(await provider.query(ref)).toEqual({ state: "failed", reason: "tax bureau offline", retryable: false });
    expect((await provider.query({ ...ref, applyId: "35-2" })).state).toBe("issued");
  });

  it("refuses lines that do not add up to the total, and a company without a taxpayer id: not retryable", async () => {
    const { clock, provider } = sandbox();
    const r = request();
    await provider.issue({ ...r, totalCents: r.totalCents + 1 });
    await provider.issue({ ...r, applyId: "35-2", buyer: { ...r.buyer, taxId: null } });
    clock.advance(SANDBOX_ISSUE_DELAY_MS);
    expect(await provider.query(ref)).toMatchObject({ state: "failed", retryable: false });
    expect(await provider.query({ ...ref, applyId: "35-2" })).toMatchObject({ state: "failed", retryable: false });
  });

  it("an unknown attempt is failed and retryable (the sandbox forgets on restart)", async () => {
    const { provider } = sandbox();
    expect(await provider.query(ref)).toMatchObject({ state: "failed", retryable: true });
  });

  it("the title link is valid 30 minutes", async () => {
    const { clock, provider } = sandbox();
    const link = await provider.titleUrl({ invoiceId: 35, stationId: 7, openid: "o1", totalCents: 100 });
    expect(link.url).toMatch(/^\/sandbox\/invoice\/title\?invoice_id=35&/);
    expect(link.expiresAt.getTime()).toBe(clock.now() + 30 * 60_000);
  });

  describe("callbacks", () => {
    it("none while issuing; once issued, a signed callback that readCallback accepts with the attempt's result", async () => {
      const { clock, provider } = sandbox();
      await provider.issue(request());
      expect(await provider.callbackFor(ref)).toBeUndefined();
      clock.advance(SANDBOX_ISSUE_DELAY_MS);
      const callback = await provider.callbackFor(ref);
      if (callback === undefined) throw new Error("expected a callback");
      expect(callback.headers["wechatpay-serial"]).toBe(SANDBOX_PLATFORM_SERIAL);
      const outcome = await provider.readCallback(callback.headers, callback.body);
      expect(outcome).toMatchObject({ kind: "result", invoiceId: 35, applyId: "35-1", result: { state: "issued" } });
    });

    it("a failed attempt's callback says failed", async () => {
      const { clock, provider } = sandbox();
      provider.failNext("no quota");
      await provider.issue(request());
      clock.advance(SANDBOX_ISSUE_DELAY_MS);
      const callback = await provider.callbackFor(ref);
      expect(await provider.readCallback(callback?.headers ?? {}, callback?.body ?? "")).toMatchObject({ kind: "result", result: { state: "failed", reason: "no quota" } });
    });

    it("refuses an altered body, another signer, and a stale timestamp", async () => {
      const { clock, provider } = sandbox();
      await provider.issue(request());
      clock.advance(SANDBOX_ISSUE_DELAY_MS);
      const callback = await provider.callbackFor(ref);
      if (callback === undefined) throw new Error("expected a callback");
      expect(await provider.readCallback(callback.headers, callback.body.replace("FAPIAO.ISSUED", "FAPIAO.ISSUEX"))).toEqual({ kind: "refused", reason: "bad-signature" });
      expect(await provider.readCallback(signedHeaders(merchantKey, callback.body, clock.now()), callback.body)).toEqual({ kind: "refused", reason: "bad-signature" });
      clock.advance(301_000);
      expect(await provider.readCallback(callback.headers, callback.body)).toEqual({ kind: "refused", reason: "stale-timestamp" });
    });

    it("refuses a well-signed callback about another merchant", async () => {
      const { clock, provider } = sandbox();
      const body = fapiaoCallbackBody(API_V3_KEY, "FAPIAO.ISSUED", { mchid: "1900000999", fapiao_apply_id: "SANDBOX35", fapiao_information: [{ fapiao_id: "SANDBOX35-1" }] }, clock.now());
      expect(await provider.readCallback(signedHeaders(platformKey, body, clock.now()), body)).toEqual({ kind: "refused", reason: "other-merchant" });
    });
  });
});
