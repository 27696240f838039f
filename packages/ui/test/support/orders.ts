import type { ScriptedApi } from "@fuel/adapters/testing";
import { Order, Time } from "@fuel/domain";
import { exampleOrder, orderListStatuses, type Order as WireOrder } from "@fuel/domain/api";
import { Effect } from "effect";

/** The fake clock's start (fakePorts): 2026-11-23 10:00 China time. */
export const T0 = Date.parse("2026-11-23T02:00:00Z");
export const HOUR = 3_600_000;

const example = exampleOrder;

/** A fuel order as the server answers it, unpaid with 15 minutes left unless told otherwise. */
export const wireOrder = (overrides: Partial<WireOrder> = {}): WireOrder => ({
  ...example,
  created_at: Time.formatChinaIso(T0),
  count: 900,
  paytype: "wechat",
  ...overrides,
});

/** A paid, unused fuel order paid `paidAgoMs` before T0. */
export const paidOrder = (overrides: Partial<WireOrder> = {}, paidAgoMs = 0): WireOrder =>
  wireOrder({
    order_status: Order.statusCode("unused"),
    count: 0,
    created_at: Time.formatChinaIso(T0 - paidAgoMs - 60_000),
    payment_time: Time.formatChinaIso(T0 - paidAgoMs),
    ...overrides,
  });

/**
 * A customer's orders served like the server does: `orderList` in pages of 10 filtered by tab,
 * newest first, `orderDetail`, `orderCancel`, `kepaiQrCode`, `orderResetQr`, `orderRefund`.
 */
export class FakeOrders {
  orders: WireOrder[];
  codes = new Map<number, string>();
  #next = 1;
  constructor(api: ScriptedApi, orders: ReadonlyArray<WireOrder>) {
    this.orders = [...orders];
    api.on("orderList", ({ page, order_status }) => {
      const codes = orderListStatuses(typeof order_status === "string" && !/^\d+$/.test(order_status) ? (order_status as Order.OrderListTab) : (Number(order_status) as 0));
      const matching = this.orders.filter((o) => (codes as ReadonlyArray<number>).includes(o.order_status));
      const n = Number(page);
      return Effect.succeed({ total: matching.length, current_page: n, last_page: Math.max(1, Math.ceil(matching.length / 10)), data: matching.slice((n - 1) * 10, n * 10) });
    });
    api.on("orderDetail", ({ order_id }) => Effect.succeed(this.find(Number(order_id))));
    api.on("orderCancel", ({ order_id }) => {
      this.update(Number(order_id), { order_status: 9, count: 0 });
      return Effect.succeed({ order_id: Number(order_id), order_status: 9 as const });
    });
    api.on("kepaiQrCode", ({ orderNumber }) => {
      const order = this.orders.find((o) => o.mchnt_order_no === orderNumber)!;
      return Effect.succeed({ respCode: "00000" as const, qrcode: this.codeOf(order.order_id) });
    });
    api.on("orderResetQr", ({ order_id }) => {
      const code = `KPNEW${this.#next++}`;
      this.codes.set(Number(order_id), code);
      // A recharge order's code travels on its detail (`pay_qrcode`): the new one replaces it there.
      if (this.find(Number(order_id)).pay_qrcode !== null) this.update(Number(order_id), { pay_qrcode: code });
      return Effect.succeed({ qrcode: code });
    });
    api.on("orderRefund", ({ order_id }) => {
      this.update(Number(order_id), { refund_status: 1 });
      this.codes.delete(Number(order_id));
      return Effect.succeed({ order_id: Number(order_id), refund_status: 1 as const });
    });
  }

  codeOf(orderId: number): string {
    if (!this.codes.has(orderId)) this.codes.set(orderId, `KPCODE${orderId}`);
    return this.codes.get(orderId)!;
  }

  find(orderId: number): WireOrder {
    const order = this.orders.find((o) => o.order_id === orderId);
    if (order === undefined) throw new Error(`no order ${orderId}`);
    return order;
  }

  update(orderId: number, change: Partial<WireOrder>): void {
    this.orders = this.orders.map((o) => (o.order_id === orderId ? { ...o, ...change } : o));
  }
}

/**
 * A recharge order of the customer's entity card 1000111234567 (the contract's example card, in the
 * example card list with its team), paid through FY, unpaid with 15 minutes left unless told otherwise.
 */
export const rechargeOrder = (overrides: Partial<WireOrder> = {}): WireOrder =>
  wireOrder({
    order_type: Order.orderTypeCode("entityCard"),
    card_type: Order.cardTypeCode("entity"),
    card_num: "1000111234567",
    last_number: "1234567",
    mchnt_order_no: `RC${overrides.order_id ?? example.order_id}`,
    gas_now_price: 690,
    paytype: "fy",
    ...overrides,
  });

/** A paid (status 2) recharge order paid `paidAgoMs` before T0, with its code `RCCODE<id>` in `pay_qrcode`. */
export const paidRecharge = (overrides: Partial<WireOrder> = {}, paidAgoMs = 0): WireOrder =>
  rechargeOrder({
    order_status: Order.statusCode("unused"),
    count: 0,
    created_at: Time.formatChinaIso(T0 - paidAgoMs - 60_000),
    payment_time: Time.formatChinaIso(T0 - paidAgoMs),
    pay_qrcode: `RCCODE${overrides.order_id ?? example.order_id}`,
    ...overrides,
  });

/** `n` orders numbered from 1, newest first, cycling through the statuses. */
export const manyOrders = (n: number): WireOrder[] =>
  Array.from({ length: n }, (_, i) => {
    const id = n - i;
    return i % 2 === 0 ? wireOrder({ order_id: id, mchnt_order_no: `FO${id}` }) : paidOrder({ order_id: id, mchnt_order_no: `FO${id}` });
  });
