import { FakePaymentBridge, MemoryKeyValueStore } from "@fuel/adapters/testing";
import { PaymentFailed, ServerRefused, timedOut, type PaymentBridge } from "@fuel/adapters/ports";
import { examplePayInfo, examples, type PaymentResultResponse } from "@fuel/domain/api";
import { Effect } from "effect";
import { runInAction } from "mobx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFIRM_ATTEMPTS, CONFIRM_INTERVAL_MS } from "../../src/stores/checkout/confirmPolicy.ts";
import { fuelOrderStore, PENDING_ORDER_KEY } from "../../src/stores/FuelOrderStore.ts";
import { testRoot } from "../support/render.tsx";
import { guangzhouStations } from "../support/stations.ts";
import { fuelDraftStore } from "../../src/stores/FuelDraftStore.ts";
import { stationsStore } from "../../src/stores/StationsStore.ts";
import { shownFor } from "../support/failures.ts";

const UNPAID: PaymentResultResponse = { order_status: 1, paid: false };
const PAID: PaymentResultResponse = { order_status: 2, paid: true };

/** A pay sheet the customer never answers (the page is reloaded while it is open). */
const neverAnswered: PaymentBridge = { pay: () => Effect.never };

/** An app on the checklist of a 200 yuan draft at station 3, as after /oneKeyGas -> Continue. */
const checklist = async (options: { readonly payment?: PaymentBridge; readonly tabValues?: MemoryKeyValueStore; readonly paytype?: "wechat" | "fy" } = {}) => {
  const root = testRoot({ ports: { payment: options.payment ?? new FakePaymentBridge("ok"), tabValues: options.tabValues ?? new MemoryKeyValueStore() } });
  runInAction(() => {
    for (const s of guangzhouStations) root.use(stationsStore).known.set(s.id, s);
  });
  await root.use(fuelDraftStore).open(3, options.paytype ?? "wechat");
  root.use(fuelDraftStore).setAmount("200");
  return root;
};

const keysSent = (root: Awaited<ReturnType<typeof checklist>>) => root.ports.api.callsTo("orderCreate").map((c) => c.options?.idempotencyKey);

afterEach(() => {
  vi.useRealTimers();
});

describe("FuelOrderStore: one tap, one order (issue 12)", () => {
  it("creates the order from the draft with the tap's action key", async () => {
    const root = await checklist();
    await root.use(fuelOrderStore).pay("wechat");
    const [call] = root.ports.api.callsTo("orderCreate");
    expect(call?.input).toEqual({ gas_Type: "0#", order_amount: "20000", phone: "13800138000", station_id: 3, paytype: "wechat" });
    expect(call?.options?.idempotencyKey).toBe("action-1");
  });

  it("a double tap makes one order", async () => {
    const root = await checklist();
    await Promise.all([root.use(fuelOrderStore).pay("wechat"), root.use(fuelOrderStore).pay("wechat")]);
    expect(root.ports.api.callsTo("orderCreate")).toHaveLength(1);
  });

  it("the button is busy from the tap until the answer", async () => {
    const root = await checklist({ payment: neverAnswered });
    void root.use(fuelOrderStore).pay("wechat");
    expect(root.use(fuelOrderStore).busy).toBe(true);
    await vi.waitFor(() => expect(root.use(fuelOrderStore).phase._tag).toBe("Paying"));
    expect(root.use(fuelOrderStore).busy).toBe(true);
  });

  it("a retry after a timeout sends the same key, so the server answers the first order", async () => {
    const root = await checklist();
    let calls = 0;
    root.ports.api.on("orderCreate", () => (++calls === 1 ? Effect.fail(timedOut(10_000)) : Effect.succeed(examples.orderCreate.response as never)));
    await root.use(fuelOrderStore).pay("wechat");
    expect(root.use(fuelOrderStore).phase._tag).toBe("Failed");
    expect(shownFor(root.use(fuelOrderStore).phase, root.i18n)).toBe("the request timed out, try again");
    await root.use(fuelOrderStore).pay("wechat");
    expect(keysSent(root)).toEqual(["action-1", "action-1"]);
  });

  it("a reload during payment sends the same key again (kept in tabValues)", async () => {
    const tab = new MemoryKeyValueStore();
    const before = await checklist({ payment: neverAnswered, tabValues: tab });
    void before.use(fuelOrderStore).pay("wechat");
    await vi.waitFor(() => expect(before.use(fuelOrderStore).phase._tag).toBe("Paying"));
    const after = await checklist({ tabValues: tab });
    await after.use(fuelOrderStore).pay("wechat");
    expect(keysSent(before)).toEqual(["action-1"]);
    expect(keysSent(after)).toEqual(["action-1"]);
  });

  it("a tap kept by the previous build (its request under 'draft') still finds its order", async () => {
    const tab = new MemoryKeyValueStore();
    const draft = { gas_Type: "0#", order_amount: "20000", phone: "13800138000", station_id: 3, paytype: "wechat" };
    tab.set(PENDING_ORDER_KEY, JSON.stringify({ key: "kept-before-the-update", draft: JSON.stringify(draft), orderId: 5001 }));
    const root = await checklist({ tabValues: tab });
    await root.use(fuelOrderStore).pay("wechat");
    expect(keysSent(root)).toEqual(["kept-before-the-update"]);
  });

  it("a changed draft is a new action with a new key", async () => {
    const root = await checklist({ payment: new FakePaymentBridge(new PaymentFailed({ message: "card declined" })) });
    await root.use(fuelOrderStore).pay("wechat");
    root.use(fuelDraftStore).setAmount("300");
    await root.use(fuelOrderStore).pay("wechat");
    expect(keysSent(root)).toEqual(["action-1", "action-2"]);
  });

  it("a settled order forgets its key: the next tap is a new action", async () => {
    const tab = new MemoryKeyValueStore();
    const root = await checklist({ tabValues: tab });
    await root.use(fuelOrderStore).pay("wechat");
    expect(tab.get(PENDING_ORDER_KEY)).toBeNull();
    root.use(fuelOrderStore).reset(); // the checklist opened again for a new draft
    root.use(fuelDraftStore).setAmount("200");
    await root.use(fuelOrderStore).pay("wechat");
    expect(keysSent(root)).toEqual(["action-1", "action-2"]);
  });
});

describe("FuelOrderStore: payment needs the messaging-app identity (spec §5)", () => {
  const withoutOauth = async () => {
    const root = await checklist();
    root.ports.api.on("userInfo", { ...examples.userInfo.response, oauth_id: null });
    await root.session.loadUser();
    return root;
  };

  it("without an oauth id 'authorize via messaging app first' shows and no order is made", async () => {
    const root = await withoutOauth();
    vi.useFakeTimers();
    await root.use(fuelOrderStore).pay("wechat");
    expect(root.notices.latest).toMatchObject({ text: "authorize via messaging app first", kind: "fail" });
    expect(root.ports.api.callsTo("orderCreate")).toHaveLength(0);
  });

  it("goes to /wechatlogin after 2 seconds, not before", async () => {
    const root = await withoutOauth();
    vi.useFakeTimers();
    await root.use(fuelOrderStore).pay("wechat");
    vi.advanceTimersByTime(1_999);
    expect(root.navigation.pending).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(root.navigation.pending?.to).toBe("/wechatlogin");
  });

  it("the messaging app's sign-in comes back to the checklist it left (issue 25)", async () => {
    const root = await withoutOauth();
    root.navigation.at("/order");
    vi.useFakeTimers();
    await root.use(fuelOrderStore).pay("wechat");
    expect(root.session.takeReturn()).toBe("/order");
  });
});

describe("FuelOrderStore: pay, then the server's word (spec §4)", () => {
  it("'ok' and paid: the order's detail with its QR code, replacing the checklist (issue 25), the key forgotten", async () => {
    const tab = new MemoryKeyValueStore();
    const root = await checklist({ tabValues: tab });
    await root.use(fuelOrderStore).pay("wechat");
    expect(root.use(fuelOrderStore).phase).toEqual({ _tag: "Paid", orderId: 5001 });
    expect(root.navigation.pending).toMatchObject({ to: "/orderDetail/5001", replace: true });
    expect(tab.get(PENDING_ORDER_KEY)).toBeNull();
  });

  it("pays what the quote says through the pay sheet, for the created order", async () => {
    const bridge = new FakePaymentBridge("ok");
    const root = await checklist({ payment: bridge });
    await root.use(fuelOrderStore).pay("wechat");
    expect(bridge.requests).toEqual([{ orderId: 5001, payInfo: examplePayInfo, amountCents: root.use(fuelDraftStore).quote?.payable ?? 18_738, oauthId: examples.userInfo.response.oauth_id }]);
  });

  it("the FY variant goes to the order's detail", async () => {
    const root = await checklist({ paytype: "fy" });
    root.ports.api.on("orderCreate", examples.paymentFyQuery.response);
    await root.use(fuelOrderStore).pay("fy");
    expect(root.ports.api.callsTo("orderCreate")[0]?.input).toMatchObject({ paytype: "fy" });
    expect(root.navigation.pending?.to).toBe(`/orderDetail/${examples.paymentFyQuery.response.order_id}`);
  });

  it("'cancel' leads to the unpaid order's detail, where it waits with its countdown to be paid", async () => {
    const root = await checklist({ payment: new FakePaymentBridge("cancel") });
    await root.use(fuelOrderStore).pay("wechat");
    expect(root.navigation.pending).toMatchObject({ to: "/orderDetail/5001", replace: true });
    expect(root.ports.api.callsTo("paymentQueryResult")).toHaveLength(0);
  });

  it("a failed payment says why and lets the customer tap again", async () => {
    const root = await checklist({ payment: new FakePaymentBridge(new PaymentFailed({ message: "card declined" })) });
    await root.use(fuelOrderStore).pay("wechat");
    expect(root.use(fuelOrderStore).phase._tag).toBe("Failed");
    expect(shownFor(root.use(fuelOrderStore).phase, root.i18n)).toBe("Payment failed: card declined");
    expect(root.use(fuelOrderStore).busy).toBe(false);
    expect(root.navigation.pending).toBeUndefined();
  });

  it("says 'confirming payment' while the server has not confirmed, and ends paid when it does", async () => {
    vi.useFakeTimers();
    const root = await checklist();
    root.ports.api.on("paymentQueryResult", () => Effect.succeed(root.ports.api.callsTo("paymentQueryResult").length >= 3 ? PAID : UNPAID));
    const paying = root.use(fuelOrderStore).pay("wechat");
    await vi.advanceTimersByTimeAsync(0);
    expect(root.use(fuelOrderStore).phase).toEqual({ _tag: "Confirming", orderId: 5001 });
    await vi.advanceTimersByTimeAsync(2 * CONFIRM_INTERVAL_MS);
    await paying;
    expect(root.use(fuelOrderStore).phase).toEqual({ _tag: "Paid", orderId: 5001 });
    expect(root.ports.api.callsTo("paymentQueryResult")).toHaveLength(3);
  });

  it("never confirmed within the bounded wait: 'payment being confirmed', not a failure, the key kept", async () => {
    vi.useFakeTimers();
    const tab = new MemoryKeyValueStore();
    const root = await checklist({ tabValues: tab });
    root.ports.api.on("paymentQueryResult", UNPAID);
    const paying = root.use(fuelOrderStore).pay("wechat");
    await vi.advanceTimersByTimeAsync(CONFIRM_ATTEMPTS * CONFIRM_INTERVAL_MS);
    await paying;
    expect(root.use(fuelOrderStore).phase).toEqual({ _tag: "Pending", orderId: 5001 });
    expect(root.ports.api.callsTo("paymentQueryResult")).toHaveLength(CONFIRM_ATTEMPTS);
    expect(tab.get(PENDING_ORDER_KEY)).not.toBeNull();
    expect(root.notices.latest?.kind).not.toBe("fail");
  });

  it("a refusal shows the server's message (spec §8)", async () => {
    const root = await checklist();
    root.ports.api.fail("orderCreate", new ServerRefused({ message: "too many unpaid orders", status: 409, tag: undefined }));
    await root.use(fuelOrderStore).pay("wechat");
    expect(root.use(fuelOrderStore).phase._tag).toBe("Failed");
    expect(shownFor(root.use(fuelOrderStore).phase, root.i18n)).toBe("too many unpaid orders");
    expect(root.notices.latest).toMatchObject({ text: "too many unpaid orders", kind: "fail" });
  });
});
