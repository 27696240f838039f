// @vitest-environment happy-dom
import { Messages, Money, Validation } from "@fuel/domain";
import { examplePayInfo } from "@fuel/domain/api";
import { Cause, Effect, Exit, Fiber, Option } from "effect";
import { afterEach, describe, expect, it } from "vitest";
import { SANDBOX_SHEET_ID, SandboxPayBridge } from "../../src/payment/SandboxPayBridge.ts";
import { Offline } from "../../src/ports/errors.ts";
import { PaymentFailed, PaymentUnavailable, type PayOutcome, type PayRequest } from "../../src/ports/PaymentBridge.ts";
import { ScriptedApi } from "../../src/testing/ScriptedApi.ts";

const errorOf = <A, E>(exit: Exit.Exit<A, E>): E | undefined => (Exit.isFailure(exit) ? Option.getOrUndefined(Cause.findErrorOption(exit.cause)) : undefined);

const request = (overrides: Partial<PayRequest> = {}): PayRequest => ({
  orderId: 5001,
  payInfo: examplePayInfo,
  amountCents: 9162,
  oauthId: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
  ...overrides,
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const sheet = () => document.getElementById(SANDBOX_SHEET_ID);
const sheets = () => document.querySelectorAll(`#${SANDBOX_SHEET_ID}`);

/** Starts a payment and waits until its sheet is on the page (the pending exit is wrapped, or awaiting this would await the payment). */
const startPaying = async (api: ScriptedApi, overrides: Partial<PayRequest> = {}) => {
  const paying = Effect.runPromiseExit(new SandboxPayBridge(document, api).pay(request(overrides)));
  await tick();
  return { paying };
};

const choose = (choice: "ok" | "fail" | "cancel") => {
  const button = sheet()?.querySelector<HTMLButtonElement>(`button[data-choice="${choice}"]`);
  if (button == null) throw new Error(`no ${choice} button on the page`);
  button.click();
};

afterEach(() => {
  document.body.innerHTML = "";
});

describe("SandboxPayBridge", () => {
  it("shows a sheet (role dialog) with the amount formatted by Money.formatYuan", async () => {
    const { paying } = await startPaying(new ScriptedApi(), { amountCents: 9162 });
    const shown = sheet();
    expect(shown).not.toBeNull();
    expect(shown?.getAttribute("role")).toBe("dialog");
    expect(shown?.textContent).toContain(Money.formatYuan(9162));
    expect(Money.formatYuan(9162)).toBe("¥91.62");
    choose("cancel");
    await paying;
  });

  it("offers the three answers ok, fail and cancel as buttons", async () => {
    const { paying } = await startPaying(new ScriptedApi());
    const choices = [...(sheet()?.querySelectorAll<HTMLButtonElement>("button[data-choice]") ?? [])].map((b) => b.dataset["choice"]);
    expect(choices.sort()).toEqual(["cancel", "fail", "ok"]);
    choose("cancel");
    await paying;
  });

  it("sandboxPay is not called before the customer answers", async () => {
    const api = new ScriptedApi();
    const { paying } = await startPaying(api);
    expect(api.calls).toHaveLength(0);
    choose("ok");
    await paying;
  });

  it("'ok' removes the sheet, tells sandboxPay {order_id, result: ok} and resolves \"ok\"", async () => {
    const api = new ScriptedApi();
    const { paying } = await startPaying(api, { orderId: 5001 });
    choose("ok");
    expect(sheet()).toBeNull();
    const exit = await paying;
    expect(Exit.isSuccess(exit) && exit.value).toBe<PayOutcome>("ok");
    expect(api.callsTo("sandboxPay").map((c) => c.input)).toEqual([{ order_id: 5001, result: "ok" }]);
  });

  it("'cancel' resolves \"cancel\" and tells sandboxPay cancel", async () => {
    const api = new ScriptedApi();
    const { paying } = await startPaying(api, { orderId: 77 });
    choose("cancel");
    expect(sheet()).toBeNull();
    const exit = await paying;
    expect(Exit.isSuccess(exit) && exit.value).toBe<PayOutcome>("cancel");
    expect(api.callsTo("sandboxPay").map((c) => c.input)).toEqual([{ order_id: 77, result: "cancel" }]);
  });

  it("'fail' is PaymentFailed, after telling sandboxPay fail", async () => {
    const api = new ScriptedApi();
    const { paying } = await startPaying(api);
    choose("fail");
    expect(sheet()).toBeNull();
    const error = errorOf(await paying);
    expect(error).toBeInstanceOf(PaymentFailed);
    // No English of ours: the UI words the failure in the customer's language (issue 25).
    expect(error?.message).toBe("");
    expect(api.callsTo("sandboxPay").map((c) => c.input)).toEqual([{ order_id: 5001, result: "fail" }]);
  });

  it("the sandbox endpoint failing is PaymentUnavailable 'server', carrying that call's error", async () => {
    const api = new ScriptedApi().fail("sandboxPay", new Offline({ path: "/api/sandbox/pay" }));
    const { paying } = await startPaying(api);
    choose("ok");
    const error = errorOf(await paying);
    expect(error).toEqual(new PaymentUnavailable({ reason: "server", failure: new Offline({ path: "/api/sandbox/pay" }) }));
  });

  it("without an oauth id it is OauthRequired and no sheet is shown", async () => {
    for (const oauthId of [null, undefined, "  "]) {
      const api = new ScriptedApi();
      const exit = await Effect.runPromiseExit(new SandboxPayBridge(document, api).pay(request({ oauthId })));
      const error = errorOf(exit);
      expect(error).toBeInstanceOf(Validation.OauthRequired);
      expect(error !== undefined && Messages.describe(error)).toBe("authorize via messaging app first");
      expect(sheet()).toBeNull();
      expect(api.calls).toHaveLength(0);
    }
  });

  it("a second pay replaces an abandoned sheet: only one sheet on the page", async () => {
    const api = new ScriptedApi();
    const bridge = new SandboxPayBridge(document, api);
    const abandoned = Effect.runFork(bridge.pay(request({ orderId: 1, amountCents: 100 })));
    await tick();
    expect(sheets()).toHaveLength(1);
    const paying = Effect.runPromiseExit(bridge.pay(request({ orderId: 2, amountCents: 250 })));
    await tick();
    expect(sheets()).toHaveLength(1);
    expect(sheet()?.textContent).toContain(Money.formatYuan(250));
    choose("ok");
    const exit = await paying;
    expect(Exit.isSuccess(exit) && exit.value).toBe("ok");
    expect(api.callsTo("sandboxPay").map((c) => c.input)).toEqual([{ order_id: 2, result: "ok" }]);
    expect(sheets()).toHaveLength(0);
    await Effect.runPromise(Fiber.interrupt(abandoned));
  });
});

describe("interruption", () => {
  it("a payment interrupted while its sheet is open takes the sheet away and calls nothing", async () => {
    const api = new ScriptedApi();
    const fiber = Effect.runFork(new SandboxPayBridge(document, api).pay(request()));
    await tick();
    expect(sheet()).not.toBeNull();
    await Effect.runPromise(Fiber.interrupt(fiber));
    expect(sheet()).toBeNull();
    expect(api.callsTo("sandboxPay")).toHaveLength(0);
  });
});
