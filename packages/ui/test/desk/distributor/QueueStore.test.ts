import { Offline, ServerRefused, timedOut } from "@fuel/adapters/ports";
import type { DeskQueueResponse } from "@fuel/domain/api";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { waitedText } from "../../../src/desk/distributor/waited.ts";
import { describeDeskError } from "../../../src/desk/stores/deskMessages.ts";
import { QueueStore, type WaitingOrder } from "../../../src/desk/stores/distributor/QueueStore.ts";
import { purchase, waiting } from "./waitingOrders.ts";
import { DESK_NOW, deskStores } from "../support/renderDesk.tsx";

const queueOf = (...orders: WaitingOrder[]): DeskQueueResponse => ({ orders });

const setUp = (locale: "en" | "zh-CN" = "en") => {
  const stores = deskStores({ role: "distributor", locale });
  const store = new QueueStore(stores.ports, stores.i18n, stores.notices);
  return { stores, store, words: (problem: Parameters<typeof describeDeskError>[0] | undefined) => (problem === undefined ? "" : describeDeskError(problem, stores.i18n)) };
};

describe("the distributor's queue (issue 26)", () => {
  it("loads the waiting orders in the server's order", async () => {
    const { stores, store } = setUp();
    stores.api.on("deskQueue", queueOf(waiting(), purchase));
    await store.load();
    expect(store.orders.map((o) => o.order_id)).toEqual([5002, 5003]);
    expect(store.cardOf(purchase)).toBe("New virtual card");
    expect(store.cardOf(waiting())).toBe("1000113200001234567");
  });

  it("a first load that fails is kept as the failure, worded when shown", async () => {
    const { stores, store, words } = setUp();
    stores.api.on("deskQueue", () => Effect.fail(new Offline({ path: "/api/desk/queue" })));
    await store.load();
    expect(store.list._tag === "Failed" ? words(store.list.problem) : "").toBe("No network: nothing was changed. Try again when you are back online.");
  });

  it("'done' settles the order, takes it off the list and says what happened", async () => {
    const { stores, store } = setUp();
    stores.api.on("deskQueue", queueOf(waiting(), purchase));
    await store.load();
    expect(await store.done(waiting())).toBe(true);
    expect(stores.api.callsTo("deskSettle")[0]?.input).toEqual({ order_id: 5002, result: "done" });
    expect(store.orders.map((o) => o.order_id)).toEqual([5003]);
    expect(stores.notices.latest?.text).toBe("Done: ¥500.00 on card 1000113200001234567.");
    await store.done(purchase);
    expect(stores.notices.latest?.text).toBe("Done: a new virtual card with ¥200.00 for 13800138000.");
  });

  it("a rejection needs a reason before any call; with one it is sent cleaned and the order leaves", async () => {
    const { stores, store, words } = setUp("zh-CN");
    stores.api.on("deskQueue", queueOf(waiting()));
    await store.load();
    store.startRejecting(waiting());
    store.setReason("   ");
    expect(await store.reject()).toBe(false);
    expect(words(store.rejecting?.problem)).toBe("驳回需要填写原因");
    expect(stores.api.callsTo("deskSettle")).toHaveLength(0);
    store.setReason("  card number does not match the team\n");
    expect(await store.reject()).toBe(true);
    expect(stores.api.callsTo("deskSettle")[0]?.input).toEqual({ order_id: 5002, result: "rejected", reason: "card number does not match the team" });
    expect(store.rejecting).toBeUndefined();
    expect(store.orders).toEqual([]);
    expect(stores.notices.latest?.text).toBe("已驳回：¥453.13 将退回给 13912345678。");
  });

  it.each([
    ["RechargeAlreadySettled", "this order is already settled"],
    ["RechargeRefundUnderWay", "the customer asked for a refund of this order: it can no longer be settled"],
  ] as const)("a refusal (%s) is said in words and the list is read again", async (tag, text) => {
    const { stores, store, words } = setUp();
    stores.api.on("deskQueue", queueOf(waiting(), purchase));
    await store.load();
    stores.api.fail("deskSettle", new ServerRefused({ message: "", status: 409, tag }));
    stores.api.on("deskQueue", queueOf(purchase));
    expect(await store.done(waiting())).toBe(false);
    expect(words(store.actProblem)).toBe(text);
    expect(stores.notices.latest?.text).toBe(text);
    expect(stores.api.callsTo("deskQueue")).toHaveLength(2);
    expect(store.orders.map((o) => o.order_id)).toEqual([5003]);
  });

  it("no network while settling changes nothing: the order stays and the rejection being written is kept", async () => {
    const { stores, store, words } = setUp();
    stores.api.on("deskQueue", queueOf(waiting()));
    await store.load();
    stores.api.on("deskSettle", () => Effect.fail(new Offline({ path: "/api/desk/settle" })));
    store.startRejecting(waiting());
    store.setReason("wrong team");
    expect(await store.reject()).toBe(false);
    expect(words(store.actProblem)).toBe("No network: nothing was changed. Try again when you are back online.");
    expect(store.orders).toHaveLength(1);
    expect(store.rejecting?.reason).toBe("wrong team");
    expect(stores.api.callsTo("deskQueue")).toHaveLength(1);
  });

  it("an answer that never came reads the list again rather than guessing", async () => {
    const { stores, store, words } = setUp();
    stores.api.on("deskQueue", queueOf(waiting()));
    await store.load();
    stores.api.fail("deskSettle", timedOut(10_000, "/api/desk/settle"));
    stores.api.on("deskQueue", queueOf());
    await store.done(waiting());
    expect(words(store.actProblem)).toBe("No answer in time: the list is reloaded to show whether it was settled.");
    expect(store.orders).toEqual([]);
  });

  it("one settlement at a time: a second tap while the first is sent sends nothing", async () => {
    const { stores, store } = setUp();
    stores.api.on("deskQueue", queueOf(waiting(), purchase));
    await store.load();
    let answer: (() => void) | undefined;
    stores.api.on("deskSettle", () =>
      Effect.callback<{ order_id: number; order_status: 3 }>((resume) => {
        answer = () => resume(Effect.succeed({ order_id: 5002, order_status: 3 }));
      }),
    );
    const first = store.done(waiting());
    expect(await store.done(waiting())).toBe(false);
    expect(await store.done(purchase)).toBe(false);
    store.startRejecting(purchase);
    expect(store.rejecting).toBeUndefined();
    answer?.();
    expect(await first).toBe(true);
    expect(stores.api.callsTo("deskSettle")).toHaveLength(1);
  });

  it("says how long an order has waited since it was paid, to the minute", () => {
    const { stores } = setUp();
    expect(waitedText("2026-11-27T08:20:00+08:00", DESK_NOW, stores.i18n)).toBe("waiting 1 h 40 min");
    expect(waitedText("2026-11-27T09:55:30+08:00", DESK_NOW, stores.i18n)).toBe("waiting 4 min");
    expect(waitedText("2026-11-27T09:59:30+08:00", DESK_NOW, stores.i18n)).toBe("waiting under a minute");
    expect(waitedText(null, DESK_NOW, stores.i18n)).toBe("");
  });
});
