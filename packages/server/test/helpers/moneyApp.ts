import { Pricing } from "@fuel/domain";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { DEMO_SITE_SETTINGS } from "../../src/seed/demoStations.ts";
import { expectSuccess } from "../identity/support.ts";
import { createOrder, detail, dieselStation, draftFor, payInSandbox, seedCatalogue, type Customer } from "../orders/support.ts";
import { bootApp, type BootedApp } from "./app.ts";

/** The set-up and fixtures shared by the money tests: refunds, cashier QR codes, recharges. */

export interface MoneyWorld {
  readonly booted: BootedApp;
  /** Guangzhou's first 0# diesel station of the demo catalogue. */
  readonly stationId: number;
}

/**
 * Registers the hooks of a money test file: one app for the file, its sandbox clock at
 * `systemTime` (edges are exact to the millisecond); before every test the tables emptied, the
 * demo catalogue seeded and the diesel station looked up, handed to `use`; the app closed after
 * the file. Call it at the top level of the file.
 */
export const moneyTestSetUp = (systemTime: number, use: (world: MoneyWorld) => void): void => {
  let booted: BootedApp | undefined;
  beforeAll(async () => {
    booted = await bootApp({ systemTime: () => systemTime });
  });
  beforeEach(async () => {
    if (booted === undefined) throw new Error("the app did not boot");
    await booted.reset();
    await seedCatalogue(booted);
    use({ booted, stationId: (await dieselStation(booted)).id });
  });
  afterAll(async () => booted?.close());
};

export interface PaidFuelOrder {
  readonly orderId: number;
  readonly mchntOrderNo: string;
  /** The cashier QR code its detail shows. */
  readonly qrcode: string;
}

/** A fuel order created and paid in the sandbox (the clock stands at its payment instant); its detail says paid (2) with a QR code. */
export const paidFuelOrder = async (app: BootedApp, who: Customer, stationId: number, orderAmount = "10040"): Promise<PaidFuelOrder> => {
  const created = await createOrder(app, who, draftFor(stationId, { order_amount: orderAmount }));
  expectSuccess(await payInSandbox(app, created.order_id));
  const d = await detail(app, who, created.order_id);
  expect(d.order_status).toBe(2);
  if (d.pay_qrcode === null) throw new Error("a paid order shows its QR code");
  return { orderId: created.order_id, mchntOrderNo: d.mchnt_order_no, qrcode: d.pay_qrcode };
};

/** The payable of a card recharge at the demo site settings (entity and virtual share the card price). */
export const rechargePayable = (orderAmount: number, cardType: 1 | 2 | 3 = 1): number =>
  Pricing.payableCents(
    orderAmount,
    cardType === 2 ? DEMO_SITE_SETTINGS.price_0_xuni : DEMO_SITE_SETTINGS.price_0_shiti,
    DEMO_SITE_SETTINGS.price_0_original,
  );

/** The recharge draft of the demo entity card of 13912345678, priced as the server prices it; `overrides` may change anything. */
export const rechargeDraftFor = (stationId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const orderAmount = typeof overrides["order_amount"] === "string" ? Number(overrides["order_amount"]) : 50_000;
  const cardType = overrides["card_type"] === 2 ? 2 : 1;
  return {
    gas_Type: "0#",
    card_type: 1,
    last_number: "1234567",
    order_amount: String(orderAmount),
    amount: rechargePayable(orderAmount, cardType),
    phone: "13912345678",
    team: "珠江物流车队",
    station_id: stationId,
    paytype: "fy",
    ...overrides,
  };
};
