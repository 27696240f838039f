import { Offline, ServerRefused, timedOut } from "@fuel/adapters/ports";
import type { DeskLookupResponse } from "@fuel/domain/api";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { RedeemStore } from "../../../src/desk/stores/cashier/RedeemStore.ts";
import { describeDeskError } from "../../../src/desk/stores/deskMessages.ts";
import { typedCode } from "../../../src/desk/stores/cashier/typedCode.ts";
import { deskStores } from "../support/renderDesk.tsx";

const CODE = "KPq3Zx8LmN0pR5tVwY2aBcDeFgHiJkLmNo";

/** The contract example's order (may be redeemed), changed where a case says so. */
const order = (changes: Partial<DeskLookupResponse> = {}): DeskLookupResponse => ({
  order_id: 5001,
  order_status: 2,
  station_title: "Futian Energy Station",
  order_amount: 20000 as DeskLookupResponse["order_amount"],
  gas_original_price: 751,
  litres: "26.631",
  amount: 18855 as DeskLookupResponse["amount"],
  paid_at: "2024-11-26T09:16:05+08:00",
  valid_until: "2024-11-28T09:16:05+08:00",
  redeemed_at: null,
  redeemed_by: null,
  may_redeem: true,
  refusal: null,
  ...changes,
});

const refused = (tag: string, params: Record<string, string> = {}) => new ServerRefused({ message: "refused", status: 409, tag, params });

const storeWith = (locale: "en" | "zh-CN" = "en") => {
  const stores = deskStores({ role: "cashier", stations: [12], locale });
  return { stores, store: new RedeemStore(stores.ports), words: (problem: Parameters<typeof describeDeskError>[0]) => describeDeskError(problem, stores.i18n) };
};

describe("the cashier's redeem (issue 26)", () => {
  it("a code typed with the gaps of the customer's screen is looked up without them", async () => {
    const { stores, store } = storeWith();
    store.setInput(" KPq3 Zx8L\u00a0mN0p R5tV\u200bwY2a BcDe FgHi JkLm No ");
    await store.lookUpTyped();
    expect(stores.api.callsTo("deskLookup")[0]?.input).toEqual({ code: CODE, entry: "typed" });
    expect(typedCode("KP ab\ncd")).toBe("KPabcd");
  });

  it("an empty code is refused before any call", async () => {
    const { stores, store, words } = storeWith();
    store.setInput("   ");
    await store.lookUpTyped();
    expect(store.inputProblem === undefined ? "" : words(store.inputProblem)).toBe("type or scan a code first");
    expect(stores.api.callsTo("deskLookup")).toHaveLength(0);
  });

  it("a code that may be redeemed shows its order, and only the server's success makes it 'Redeemed'", async () => {
    const { stores, store } = storeWith();
    stores.api.on("deskLookup", order());
    await store.lookUp(CODE);
    expect(store.step._tag).toBe("Found");
    expect(store.found?.order.litres).toBe("26.631");
    await store.redeem();
    expect(stores.api.callsTo("deskRedeem")[0]?.input).toEqual({ code: CODE, entry: "typed" });
    expect(store.step._tag).toBe("Redeemed");
  });

  it("issue 34: a code of today's format typed in lower case with gaps goes to the server as typed, less its blanks, saying it was typed", async () => {
    const { stores, store } = storeWith();
    store.setInput(" 7k3m 9qxr-2d4f\u3000hj8t ");
    await store.lookUpTyped();
    expect(stores.api.callsTo("deskLookup")[0]?.input).toEqual({ code: "7k3m9qxr-2d4fhj8t", entry: "typed" });
  });

  it("issue 34: a scanned code says it was scanned, and its redeem and a retry keep saying so", async () => {
    const { stores, store } = storeWith();
    stores.api.fail("deskLookup", timedOut(10_000, "/api/desk/lookup"));
    await store.scanned("7K3M 9QXR 2D4F HJ8T");
    expect(store.step._tag).toBe("LookupFailed");
    stores.api.on("deskLookup", order());
    await store.retry();
    expect(stores.api.callsTo("deskLookup").map((c) => c.input)).toEqual([
      { code: "7K3M9QXR2D4FHJ8T", entry: "scanned" },
      { code: "7K3M9QXR2D4FHJ8T", entry: "scanned" },
    ]);
    await store.redeem();
    expect(stores.api.callsTo("deskRedeem")[0]?.input).toEqual({ code: "7K3M9QXR2D4FHJ8T", entry: "scanned" });
  });

  it("issue 34: after the server's redeem the order shown is used, when and by whom the server says, with nothing left to redeem", async () => {
    const { stores, store } = storeWith();
    stores.api.on("deskLookup", order());
    stores.api.on("deskRedeem", { order_id: 5001, order_status: 3, redeemed_at: "2026-11-27T10:00:00+08:00", redeemed_by: "test.cashier" });
    await store.lookUp(CODE);
    await store.redeem();
    expect(store.step._tag).toBe("Redeemed");
    expect(store.found?.order).toMatchObject({ order_status: 3, redeemed_at: "2026-11-27T10:00:00+08:00", redeemed_by: "test.cashier", may_redeem: false, refusal: null, order_amount: 20000 });
  });

  it.each([
    ["en", "no such code: check it and type it again"],
    ["zh-CN", "核销码不存在，请核对"],
  ] as const)("issue 34: a typed code the server does not know is said as a typed code (%s)", async (locale, text) => {
    const { stores, store, words } = storeWith(locale);
    stores.api.fail("deskLookup", refused("TypedCodeUnknown"));
    store.setInput("7k3m 9qxr 2d4f hj8x");
    await store.lookUpTyped();
    expect(store.step._tag === "LookupFailed" ? words(store.step.problem) : "").toBe(text);
  });

  it.each([
    ["QrUsedBy", { at: "2024-11-26 10:02", by: "li.cashier" }, "this QR code was already used at 2024-11-26 10:02 by li.cashier"],
    ["QrExpired", {}, "this QR code has expired"],
    ["QrRefunded", {}, "this order is refunded or its refund was asked for: do not fuel"],
    ["QrUnpaid", {}, "this order is not paid: do not fuel"],
    ["QrNotAvailable", {}, "no QR code: this order is not paid, or its code is no longer valid"],
  ] as const)("a code that may not be redeemed (%s) shows the order with the refusal in words and offers no redeem", async (tag, params, text) => {
    const { stores, store, words } = storeWith();
    stores.api.on("deskLookup", order({ may_redeem: false, refusal: { tag, params } }));
    await store.lookUp(CODE);
    const refusal = store.found?.order.refusal;
    expect(refusal === null || refusal === undefined ? "" : words({ _tag: refusal.tag, params: refusal.params })).toBe(text);
    await store.redeem();
    expect(stores.api.callsTo("deskRedeem")).toHaveLength(0);
    expect(store.step._tag).toBe("Found");
  });

  it("another station's code and an unknown code are refused by the look-up, in the cashier's language", async () => {
    const { stores, store, words } = storeWith("zh-CN");
    stores.api.fail("deskLookup", refused("QrOtherStation"));
    await store.lookUp(CODE);
    expect(store.step._tag === "LookupFailed" ? words(store.step.problem) : "").toBe("该二维码属于其他油站，不能在本站核销");
    stores.api.fail("deskLookup", refused("QrUnknown"));
    await store.lookUp("KPnope");
    expect(store.step._tag === "LookupFailed" ? words(store.step.problem) : "").toBe("无效的二维码");
  });

  it("a second redeem of the same code is refused with when and by whom, and never shows success", async () => {
    const { stores, store, words } = storeWith();
    stores.api.fail("deskRedeem", refused("QrUsedBy", { at: "2026-11-27 09:58", by: "wang.cashier" }));
    await store.lookUp(CODE);
    await store.redeem();
    expect(store.step._tag).toBe("Refused");
    expect(store.step._tag === "Refused" ? words(store.step.problem) : "").toBe("this QR code was already used at 2026-11-27 09:58 by wang.cashier");
    expect(store.found?.order.order_id).toBe(5001);
  });

  it("no network during the look-up says nothing was changed and keeps the typed code for a retry", async () => {
    const { stores, store, words } = storeWith();
    stores.api.on("deskLookup", () => Effect.fail(new Offline({ path: "/api/desk/lookup" })));
    store.setInput(CODE);
    await store.lookUpTyped();
    expect(store.step._tag === "LookupFailed" ? words(store.step.problem) : "").toBe("No network: nothing was changed. Try again when you are back online.");
    expect(store.input).toBe(CODE);
    stores.api.on("deskLookup", order());
    await store.lookUp(store.input);
    expect(store.step._tag).toBe("Found");
  });

  it("no network during the redeem keeps the order on screen, unredeemed, and redeem may be tried again", async () => {
    const { stores, store } = storeWith();
    stores.api.on("deskRedeem", () => Effect.fail(new Offline({ path: "/api/desk/redeem" })));
    await store.lookUp(CODE);
    await store.redeem();
    expect(store.step._tag).toBe("Unsent");
    expect(store.found?.order.order_id).toBe(5001);
    stores.api.on("deskRedeem", { order_id: 5001, order_status: 3, redeemed_at: "2026-11-27T10:00:00+08:00", redeemed_by: "test.cashier" });
    await store.redeem();
    expect(store.step._tag).toBe("Redeemed");
    expect(stores.api.callsTo("deskRedeem")).toHaveLength(2);
  });

  it("a redeem whose answer never came is not retried blindly: the code is looked up again", async () => {
    const { stores, store } = storeWith();
    stores.api.fail("deskRedeem", timedOut(10_000, "/api/desk/redeem"));
    await store.lookUp(CODE);
    await store.redeem();
    expect(store.step._tag).toBe("Unknown");
    await store.redeem();
    expect(stores.api.callsTo("deskRedeem")).toHaveLength(1);
    stores.api.on("deskLookup", order({ order_status: 3, may_redeem: false, redeemed_at: "2026-11-27T09:59:00+08:00", redeemed_by: "test.cashier", refusal: { tag: "QrUsedBy", params: { at: "2026-11-27 09:59", by: "test.cashier" } } }));
    await store.checkAgain();
    expect(store.step._tag).toBe("Found");
    expect(store.found?.order.may_redeem).toBe(false);
  });

  it("a double tap on redeem sends one redeem", async () => {
    const { stores, store } = storeWith();
    let answer: (() => void) | undefined;
    stores.api.on("deskRedeem", () =>
      Effect.callback<{ order_id: number; order_status: 3; redeemed_at: string; redeemed_by: string }>((resume) => {
        answer = () => resume(Effect.succeed({ order_id: 5001, order_status: 3, redeemed_at: "2026-11-27T10:00:00+08:00", redeemed_by: "test.cashier" }));
      }),
    );
    await store.lookUp(CODE);
    const first = store.redeem();
    const second = store.redeem();
    expect(store.busy).toBe(true);
    await second;
    answer?.();
    await first;
    expect(stores.api.callsTo("deskRedeem")).toHaveLength(1);
    expect(store.step._tag).toBe("Redeemed");
  });

  it("'next code' empties the field and what was shown", async () => {
    const { store } = storeWith();
    store.setInput(CODE);
    await store.lookUpTyped();
    await store.redeem();
    store.next();
    expect(store.input).toBe("");
    expect(store.step._tag).toBe("Typing");
  });

  it("typing another code drops the order shown for the previous one", async () => {
    const { store } = storeWith();
    store.setInput(CODE);
    await store.lookUpTyped();
    store.setInput(`${CODE} `);
    expect(store.step._tag).toBe("Found");
    store.setInput("KPother");
    expect(store.step._tag).toBe("Typing");
  });
});
