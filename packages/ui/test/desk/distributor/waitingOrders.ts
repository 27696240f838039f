import type { WaitingOrder } from "../../../src/desk/stores/distributor/QueueStore.ts";

type Cents = WaitingOrder["amount"];

/** A waiting recharge of the demo's entity card, changed where a case says so. */
export const waiting = (changes: Partial<WaitingOrder> = {}): WaitingOrder => ({
  order_id: 5002,
  mchnt_order_no: "FY2026112710000002",
  issues_card: false,
  card_type: 1,
  card_num: "1000113200001234567",
  last_number: "1234567",
  team: "Pearl River Logistics",
  order_amount: 50000 as Cents,
  amount: 45313 as Cents,
  phone: "13912345678",
  remark: "",
  paid_at: "2026-11-27T08:20:00+08:00",
  station_title: "Futian Energy Station",
  ...changes,
});

/** A waiting purchase of a new virtual card: no card number until it is settled. */
export const purchase = waiting({ order_id: 5003, mchnt_order_no: "FY2026112710000003", issues_card: true, card_type: 2, card_num: null, last_number: null, team: null, order_amount: 20000 as Cents, amount: 18000 as Cents, phone: "13800138000", station_title: null });

