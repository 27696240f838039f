import type { Invoice } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { orders, siteSettings, stations } from "../../src/db/schema.ts";
import { redeemAtDesk } from "../../src/desk/acts/redeem.ts";
import type { BootedApp } from "../helpers/app.ts";
import { paidFuelOrder, rechargeDraftFor } from "../helpers/moneyApp.ts";
import { expectSuccess } from "../identity/support.ts";
import { call, payInSandbox, type Customer } from "../orders/support.ts";
import { cashierAt, recorder } from "../desk/acts/support.ts";
import { settleAtDesk } from "../../src/desk/acts/settle.ts";
import { refundDeps } from "../desk/acts/support.ts";

/** Helpers of the invoice tests (issue 35): used orders, titles, and the customer's GETs. */

/** A company title every rule accepts. */
export const COMPANY_TITLE = {
  type: "company",
  name: "Pearl River Logistics Co., Ltd.",
  tax_id: "91440101ma5cxxxx2k ",
  email: "finance@pearl-logistics.example",
} as const;

/** A GET as the customer (query in the URL). */
export const customerGet = (booted: BootedApp, who: Customer, url: string): Promise<LightMyRequestResponse> =>
  booted.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${who.token}` } });

/** Sets a station's invoice policy. */
export const setPolicy = async (booted: BootedApp, stationId: number, policy: Invoice.InvoicePolicy): Promise<void> => {
  await booted.db.update(stations).set({ invoicePolicy: policy }).where(eq(stations.id, stationId));
  booted.app.clearCatalogueCache();
};

/** Sets the site's invoice settings. */
export const setInvoiceSettings = async (booted: BootedApp, change: { invoiceWindowDays?: number; rechargeInvoice?: Invoice.RechargeInvoiceMode }): Promise<void> => {
  await booted.db.update(siteSettings).set(change).where(eq(siteSettings.id, 1));
  booted.app.clearCatalogueCache();
};

/** A fuel order paid in the sandbox and redeemed at the station (status 3, used now). */
export const usedFuelOrder = async (booted: BootedApp, who: Customer, stationId: number, orderAmount = "10040"): Promise<{ orderId: number; mchntOrderNo: string }> => {
  const paid = await paidFuelOrder(booted, who, stationId, orderAmount);
  await redeemAtDesk(booted.db, paid.qrcode, booted.clock.now(), cashierAt(stationId), recorder());
  return { orderId: paid.orderId, mchntOrderNo: paid.mchntOrderNo };
};

/** A top-up of the demo entity card, paid and settled 'done' (status 3, used now). */
export const settledRecharge = async (booted: BootedApp, who: Customer, stationId: number): Promise<number> => {
  const created = expectSuccess<{ order_id: number }>(await call(booted, who, "/api/rechargeorder/create", rechargeDraftFor(stationId)));
  expectSuccess(await payInSandbox(booted, created.order_id));
  await settleAtDesk(refundDeps(booted), created.order_id, "done", undefined, booted.clock.now(), recorder());
  return created.order_id;
};

/** Saves a title; answers its id. */
export const savedTitle = async (booted: BootedApp, who: Customer, title: Record<string, unknown> = COMPANY_TITLE): Promise<number> =>
  expectSuccess<{ title_id: number }>(await call(booted, who, "/api/invoice/titles/save", title)).title_id;

/** Asks for an invoice; answers the raw response. */
export const apply = (booted: BootedApp, who: Customer, orderIds: readonly number[], titleId: number): Promise<LightMyRequestResponse> =>
  call(booted, who, "/api/invoice/apply", { order_ids: orderIds, title_id: titleId });

/** Asks for an invoice that must be accepted; answers its id. */
export const applied = async (booted: BootedApp, who: Customer, orderIds: readonly number[], titleId: number): Promise<number> =>
  expectSuccess<{ invoice_id: number }>(await apply(booted, who, orderIds, titleId)).invoice_id;

/** Moves an order's use back in time (its invoice window counts from it). */
export const usedAt = async (booted: BootedApp, orderId: number, at: number): Promise<void> => {
  await booted.db.update(orders).set({ usedAt: new Date(at) }).where(eq(orders.id, orderId));
};
