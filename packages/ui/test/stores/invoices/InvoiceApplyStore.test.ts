import { ScriptedApi } from "@fuel/adapters/testing";
import { ServerRefused, timedOut } from "@fuel/adapters/ports";
import { Invoice, Money } from "@fuel/domain";
import { exampleWebInfo, type Order as WireOrder } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { testRoot } from "../../support/render.tsx";
import { FakeOrders, HOUR, paidOrder } from "../../support/orders.ts";
import { companyTitle, FakeInvoices, invoicingStation, otherStation, personalTitle, usedOrder } from "../../support/invoices.ts";
import { invoiceApplyStore } from "../../../src/stores/invoices/InvoiceApplyStore.ts";

const DAY = 24 * HOUR;

const rootWith = (orders: ReadonlyArray<WireOrder>, options: { readonly titles?: typeof companyTitle[]; readonly locale?: "en" | "zh-CN" } = {}) => {
  const root = testRoot({ locale: options.locale ?? "en", ports: { api: new ScriptedApi() } });
  const fakeOrders = new FakeOrders(root.ports.api, orders);
  const fakeInvoices = new FakeInvoices(root.ports.api, { titles: options.titles ?? [personalTitle, companyTitle], orders: () => fakeOrders.orders });
  return { root, fakeOrders, fakeInvoices, apply: root.use(invoiceApplyStore) };
};

const ids = (orders: ReadonlyArray<WireOrder>) => orders.map((o) => o.order_id);

describe("InvoiceApplyStore: what can go on one invoice", () => {
  it("lists the chosen order and the driver's other invoiceable used orders of the same station, the chosen one ticked", async () => {
    const { apply } = rootWith([
      usedOrder({ order_id: 1 }, 2 * HOUR),
      usedOrder({ order_id: 2 }, DAY),
      usedOrder({ order_id: 3, stationInfo: otherStation }, HOUR),
      usedOrder({ order_id: 4, invoice: { invoice_id: 7, state: "requested" } }, 3 * HOUR),
      usedOrder({ order_id: 5, refund_status: 3 }, 4 * HOUR),
      usedOrder({ order_id: 6 }, 31 * DAY),
      paidOrder({ order_id: 8 }),
    ]);
    await apply.open([2]);
    expect(ids(apply.pickable)).toEqual([1, 2]);
    expect([...apply.ticked]).toEqual([2]);
  });

  it("a refused request's orders are free again", async () => {
    const { apply } = rootWith([usedOrder({ order_id: 1, invoice: { invoice_id: 7, state: "refused" } }), usedOrder({ order_id: 2, invoice: { invoice_id: 7, state: "refused" } })]);
    await apply.open([1, 2]);
    expect([...apply.ticked].sort()).toEqual([1, 2]);
    expect(apply.problem).toBeUndefined();
  });

  it("the default title is picked, and another can be", async () => {
    const { apply } = rootWith([usedOrder({ order_id: 1 })]);
    await apply.open([1]);
    expect(apply.title?.title_id).toBe(companyTitle.title_id);
    apply.chooseTitle(personalTitle.title_id);
    expect(apply.title?.title_id).toBe(personalTitle.title_id);
  });

  it("the amount and litres are Invoice.fuelInvoiceLine's of the ticked orders: what was paid, never the pump amount", async () => {
    const first = usedOrder({ order_id: 1, amount: Money.cents(18855), order_amount: Money.cents(20000), gas_original_price: 757 });
    const second = usedOrder({ order_id: 2, amount: Money.cents(9428), order_amount: Money.cents(10000), gas_original_price: 757 }, DAY);
    const { apply } = rootWith([first, second]);
    await apply.open([1]);
    apply.toggle(2);
    expect(apply.line).toEqual(Invoice.fuelInvoiceLine([first, second]));
    expect(Money.formatYuan(apply.line.amount)).toBe("¥282.83");
    apply.toggle(1);
    expect(apply.line.amount).toBe(9428);
  });

  it("nothing ticked: the domain's reason, in both languages", async () => {
    for (const [locale, text] of [["en", "choose at least one order to invoice"], ["zh-CN", "请至少选择一个订单"]] as const) {
      const { root, apply } = rootWith([usedOrder({ order_id: 1 })], { locale });
      await apply.open([1]);
      apply.toggle(1);
      const problem = apply.problem!;
      expect(root.i18n.t(problem.key, problem.params)).toBe(text);
      expect(await apply.submit()).toBeUndefined();
      expect(root.ports.api.callsTo("invoiceApply")).toHaveLength(0);
    }
  });

  it("at most 50 orders: the 51st is refused with the rule's words", async () => {
    const orders = Array.from({ length: 51 }, (_, i) => usedOrder({ order_id: i + 1 }, HOUR + i * 60_000));
    const { root, apply } = rootWith(orders);
    await apply.open([1]);
    for (const order of orders.slice(1)) apply.toggle(order.order_id);
    expect(apply.ticked.size).toBe(51);
    expect(root.i18n.t(apply.problem!.key, apply.problem!.params)).toBe("one invoice covers at most 50 orders");
  });

  it("a chosen order that can no longer be invoiced says why (the window passed)", async () => {
    const { root, apply } = rootWith([usedOrder({ order_id: 1 }, 40 * DAY)], { locale: "zh-CN" });
    await apply.open([1]);
    expect(apply.pickable).toEqual([]);
    const [seed] = apply.refusedSeeds;
    expect(root.i18n.t(seed!.refusal.key, seed!.refusal.params)).toBe("订单 1 使用已超过 30 天，不能再申请开票");
  });

  it("the site's window is the one applied", async () => {
    const { root, apply } = rootWith([usedOrder({ order_id: 1 }, 40 * DAY)]);
    root.ports.api.on("webInfo", { ...exampleWebInfo, invoice_window_days: 60 });
    await apply.open([1]);
    expect(ids(apply.pickable)).toEqual([1]);
  });

  it("a top-up, where the site invoices at top-up: the other done top-ups are pickable whatever their station, never a fuel order; a prepaid-card line", async () => {
    const topUp = (order_id: number, stationInfo = invoicingStation) => usedOrder({ order_id, card_type: 1, gas_original_price: null, gas_now_price: null, stationInfo });
    const { root, apply } = rootWith([topUp(1), topUp(2, otherStation), usedOrder({ order_id: 3 })]);
    root.ports.api.on("webInfo", { ...exampleWebInfo, recharge_invoice: "at_topup" });
    await apply.open([1]);
    expect(apply.topUps).toBe(true);
    expect(ids(apply.pickable).sort()).toEqual([1, 2]);
    apply.toggle(2);
    expect(apply.line).toEqual(Invoice.rechargeInvoiceLine([topUp(1), topUp(2)]));
    expect(apply.problem).toBeUndefined();
  });

  it("a top-up where the card issuer invoices at consumption: not pickable, and the reason is the domain's", async () => {
    const { root, apply } = rootWith([usedOrder({ order_id: 1, card_type: 1, stationInfo: invoicingStation })]);
    root.ports.api.on("webInfo", { ...exampleWebInfo, recharge_invoice: "at_consumption" });
    await apply.open([1]);
    expect(apply.pickable).toEqual([]);
    expect(apply.refusedSeeds.map((r) => r.refusal.key)).toEqual(["InvoiceRechargeAtConsumption"]);
  });

  it("no title yet: 'choose a title' after a tap on ask, and nothing sent", async () => {
    const { root, apply } = rootWith([usedOrder({ order_id: 1 })], { titles: [] });
    await apply.open([1]);
    expect(await apply.submit()).toBeUndefined();
    expect(apply.tried).toBe(true);
    expect(root.i18n.t(apply.problem!.key)).toBe("choose a title to invoice to");
    expect(root.ports.api.callsTo("invoiceApply")).toHaveLength(0);
  });
});

describe("InvoiceApplyStore: asking", () => {
  it("sends the ticked orders and the title once, with an action key, and answers the new request", async () => {
    const { root, apply, fakeInvoices } = rootWith([usedOrder({ order_id: 1 }), usedOrder({ order_id: 2 }, DAY)]);
    await apply.open([1]);
    apply.toggle(2);
    const [a, b] = [apply.submit(), apply.submit()];
    const invoiceId = await a;
    expect(await b).toBeUndefined();
    const calls = root.ports.api.callsTo("invoiceApply");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.input).toEqual({ order_ids: [1, 2], title_id: companyTitle.title_id });
    expect(calls[0]?.options?.idempotencyKey).toBe("action-1");
    expect(invoiceId).toBe(fakeInvoices.invoices[0]?.invoice_id);
    expect(root.notices.latest?.text).toBe("Invoice requested");
  });

  it("after a lost answer the same request goes again with the same key; a changed one with a new key", async () => {
    const { root, apply } = rootWith([usedOrder({ order_id: 1 }), usedOrder({ order_id: 2 }, DAY)]);
    await apply.open([1]);
    root.ports.api.fail("invoiceApply", timedOut(10_000));
    await apply.submit();
    await apply.submit();
    apply.toggle(2);
    await apply.submit();
    expect(root.ports.api.callsTo("invoiceApply").map((c) => c.options?.idempotencyKey)).toEqual(["action-1", "action-1", "action-2"]);
    expect([...apply.ticked].sort()).toEqual([1, 2]);
  });

  it("a refusal keeps the choice and says why in the customer's language", async () => {
    const { root, apply } = rootWith([usedOrder({ order_id: 1 })], { locale: "zh-CN" });
    await apply.open([1]);
    root.ports.api.fail("invoiceApply", new ServerRefused({ message: "order 1 already has an invoice request under way", status: 400, tag: "InvoiceOrderPending", params: { order_id: 1 } }));
    expect(await apply.submit()).toBeUndefined();
    expect(root.notices.latest?.text).toBe("订单 1 已有正在处理的开票申请");
    expect([...apply.ticked]).toEqual([1]);
    expect(apply.sending).toBe(false);
  });

  it("reads pages of used orders only while they can be inside the window", async () => {
    const orders = [...Array.from({ length: 10 }, (_, i) => usedOrder({ order_id: 100 - i }, HOUR + i * 60_000)), ...Array.from({ length: 25 }, (_, i) => usedOrder({ order_id: 50 - i }, 40 * DAY + i * 60_000))];
    const { root, apply } = rootWith(orders);
    await apply.open([100]);
    // Page 2 starts 40 days back: the list stops there, not at page 4.
    expect(root.ports.api.callsTo("orderList").map((c) => (c.input as { page: number }).page)).toEqual([1, 2]);
    expect(apply.pickable).toHaveLength(10);
  });
});
