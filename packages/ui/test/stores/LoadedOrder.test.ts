import { offline } from "@fuel/adapters/ports";
import { ScriptedApi, type ManualClock } from "@fuel/adapters/testing";
import type { Order as WireOrder } from "@fuel/domain/api";
import { Effect } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoadedOrder, type LoadOptions } from "../../src/stores/orders/LoadedOrder.ts";
import { orderActionsStore } from "../../src/stores/orders/OrderActionsStore.ts";
import { entryOf } from "../../src/stores/orders/OrderEntry.ts";
import { FakeOrders, paidOrder, wireOrder } from "../support/orders.ts";
import { testRoot } from "../support/render.tsx";
import { shownFor } from "../support/failures.ts";

const SECOND = 1_000;

/** A core on its own, its `reload` the plainest store's load: fetch, then show. */
const world = (orders: ReadonlyArray<WireOrder>) => {
  const root = testRoot({ ports: { api: new ScriptedApi() } });
  const fake = new FakeOrders(root.ports.api, orders);
  const reloads: LoadOptions[] = [];
  const load = async (options: LoadOptions = {}) => {
    reloads.push(options);
    const entry = await order.fetchDetail(options);
    if (entry !== undefined) order.show(entry);
  };
  const order: LoadedOrder = new LoadedOrder(root.ports, root.use(orderActionsStore), root.i18n, root.notices, load);
  const open = async (orderId: number) => {
    order.switchTo(orderId);
    await load();
  };
  return { root, fake, order, open, load, reloads, api: root.ports.api, clock: root.ports.clock as ManualClock };
};

afterEach(() => {
  vi.useRealTimers();
});

describe("LoadedOrder: loading", () => {
  it("a quiet reload that fails keeps the order on screen and says nothing", async () => {
    const { root, order, open, api } = world([paidOrder({ order_id: 5 })]);
    await open(5);
    api.fail("orderDetail", offline());
    expect(await order.fetchDetail({ quiet: true })).toBeUndefined();
    expect(order.detail._tag).toBe("Failed");
    expect(order.entry?.order.order_id).toBe(5);
    expect(order.offline).toBe(true);
    expect(root.notices.latest).toBeUndefined();
  });

  it("a reload that is not quiet and fails keeps the order on screen and says why", async () => {
    const { root, order, open, api } = world([paidOrder({ order_id: 5 })]);
    await open(5);
    api.fail("orderDetail", offline());
    await order.fetchDetail();
    expect(order.entry?.order.order_id).toBe(5);
    expect(root.notices.latest?.text).toBe("network unavailable, check your connection");
  });

  it("a first load that fails, with nothing to show, leaves the reason to the page", async () => {
    const { root, order, open, api } = world([]);
    api.fail("orderDetail", offline());
    await open(5);
    expect(order.detail._tag).toBe("Failed");
    expect(shownFor(order.detail, root.i18n)).toBe("network unavailable, check your connection");
    expect(order.entry).toBeUndefined();
    expect(order.offline).toBe(false);
    expect(root.notices.latest).toBeUndefined();
  });

  it("a store's own copy shows when nothing was loaded, and the failure is said over it", async () => {
    const { root, order, api } = world([]);
    api.fail("orderDetail", offline());
    order.switchTo(5);
    const copy = entryOf(paidOrder({ order_id: 5 }), 0);
    await order.fetchDetail({}, () => ({ kept: copy, saidByPage: false }));
    expect(order.entry).toEqual(copy);
    expect(order.offline).toBe(true);
    expect(root.notices.latest?.text).toBe("network unavailable, check your connection");
  });

  it("a failure the page already says (its offline notice) raises no toast", async () => {
    const { root, order, api } = world([]);
    api.fail("orderDetail", offline());
    order.switchTo(5);
    await order.fetchDetail({}, () => ({ kept: entryOf(paidOrder({ order_id: 5 }), 0), saidByPage: true }));
    expect(order.offline).toBe(true);
    expect(root.notices.latest).toBeUndefined();
  });

  it("while not quiet the order reads Loading, keeping what was shown", async () => {
    const { order, open, load } = world([paidOrder({ order_id: 5 })]);
    await open(5);
    const reloading = load();
    expect(order.detail).toMatchObject({ _tag: "Loading", previous: { order: { order_id: 5 } } });
    await reloading;
    expect(order.detail._tag).toBe("Loaded");
  });

  it("a fresh answer sets the screen's time to its load", async () => {
    const { order, open, clock } = world([wireOrder({ order_id: 5 })]);
    clock.advance(7 * SECOND);
    await open(5);
    expect(order.now).toBe(clock.now());
    expect(order.entry?.loadedAt).toBe(clock.now());
  });
});

describe("LoadedOrder: which order", () => {
  it("opening another id drops the order held", async () => {
    const { order, open } = world([wireOrder({ order_id: 5 }), wireOrder({ order_id: 6 })]);
    await open(5);
    expect(order.switchTo(6)).toBe(true);
    expect(order.orderId).toBe(6);
    expect(order.detail._tag).toBe("Idle");
    expect(order.entry).toBeUndefined();
  });

  it("opening the same id again keeps what is on screen", async () => {
    const { order, open } = world([wireOrder({ order_id: 5 })]);
    await open(5);
    expect(order.switchTo(5)).toBe(false);
    expect(order.entry?.order.order_id).toBe(5);
  });

  it("a late answer for the order opened before is dropped", async () => {
    const { order, open, api, fake } = world([wireOrder({ order_id: 5 }), wireOrder({ order_id: 6 })]);
    let answerFor5 = () => undefined as void;
    api.on("orderDetail", ({ order_id }) =>
      Number(order_id) === 5 ? Effect.promise(() => new Promise<WireOrder>((resolve) => (answerFor5 = () => resolve(fake.find(5))))) : Effect.succeed(fake.find(6)),
    );
    const first = open(5);
    await open(6);
    answerFor5();
    await first;
    expect(order.orderId).toBe(6);
    expect(order.entry?.order.order_id).toBe(6);
  });

  it("before any order is opened, asking for it asks nothing", async () => {
    const { order, api } = world([]);
    expect(await order.fetchDetail()).toBeUndefined();
    expect(api.callsTo("orderDetail")).toHaveLength(0);
  });
});

describe("LoadedOrder: time", () => {
  it("an unpaid order counts down from its count and reads cancelled at its deadline", async () => {
    const { order, open, clock } = world([wireOrder({ order_id: 5, count: 3 })]);
    await open(5);
    expect(order.secondsLeftToPay).toBe(3);
    expect(order.facts?.status).toBe("unpaid");
    clock.advance(3 * SECOND - 1);
    order.tick();
    expect(order.facts?.status).toBe("unpaid");
    clock.advance(1);
    order.tick();
    expect(order.secondsLeftToPay).toBe(0);
    expect(order.facts?.status).toBe("cancelled");
  });

  it("the facts move only when told (a tick), not with the clock alone", async () => {
    const { order, open, clock } = world([wireOrder({ order_id: 5, count: 3 })]);
    await open(5);
    clock.advance(10 * SECOND);
    expect(order.facts?.status).toBe("unpaid");
  });

  it("a paid order's payment time is known; an unpaid one has none", async () => {
    const paid = world([paidOrder({ order_id: 5 })]);
    await paid.open(5);
    expect(paid.order.paidAt).toBe(paid.clock.now());
    const unpaid = world([wireOrder({ order_id: 5 })]);
    await unpaid.open(5);
    expect(unpaid.order.paidAt).toBeUndefined();
  });

  it("a deadline between ticks moves the screen just past it, and can be called off", async () => {
    vi.useFakeTimers();
    const { order, open, clock } = world([wireOrder({ order_id: 5 })]);
    await open(5);
    const loadedAt = order.now;
    const stop = order.tickJustAfter(clock.now() + SECOND);
    clock.advance(SECOND + 1);
    vi.advanceTimersByTime(SECOND);
    expect(order.now).toBe(loadedAt);
    vi.advanceTimersByTime(1);
    expect(order.now).toBe(loadedAt + SECOND + 1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("LoadedOrder: actions", () => {
  it("cancel cancels through the shared actions and runs the store's load again", async () => {
    const { order, open, api, reloads } = world([wireOrder({ order_id: 5 })]);
    await open(5);
    await order.cancel();
    expect(api.callsTo("orderCancel").map((c) => c.input)).toEqual([{ order_id: 5 }]);
    expect(reloads).toHaveLength(2);
    expect(order.facts?.status).toBe("cancelled");
  });

  it("a poll is the store's load, quiet", async () => {
    const { order, open, reloads } = world([wireOrder({ order_id: 5 })]);
    await open(5);
    order.poll();
    expect(reloads.at(-1)).toEqual({ quiet: true });
  });
});
