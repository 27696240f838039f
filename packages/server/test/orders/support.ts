import { Money } from "@fuel/domain";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { findStation, stationsOfCity } from "../../src/catalogue/stations.ts";
import { seedDemoCardsIfNone } from "../../src/seed/demoCards.ts";
import { seedIfEmpty } from "../../src/seed/seed.ts";
import { signedNotification } from "../../src/payments/sandbox/notifications.ts";
import { NOTIFY_PATHS } from "../../src/payments/channels.ts";
import type { BootedApp } from "../helpers/app.ts";
import { expectSuccess, post, seedUser, tokenFor, type SeedUser } from "../identity/support.ts";

/** Helpers shared by the order, payment, QR and recharge tests. */

export interface Customer {
  readonly id: number;
  readonly token: string;
  readonly phone: string;
}

/** The demo catalogue, settings and cards (what `npm start` loads). */
export const seedCatalogue = async (booted: BootedApp): Promise<void> => {
  await seedIfEmpty(booted.db, new Date(booted.clock.now()));
  await seedDemoCardsIfNone(booted.db, new Date(booted.clock.now()));
  booted.app.clearCatalogueCache();
};

/** An activated customer with a messaging-app identity and a session; `seed` may change how they are seeded. */
export const customer = async (booted: BootedApp, phone?: string, seed: Omit<SeedUser, "phone" | "activated"> = {}): Promise<Customer> => {
  const user = await seedUser(booted, { ...seed, activated: true, ...(phone === undefined ? {} : { phone }) });
  return { id: user.id, token: await tokenFor(booted, user.id), phone: user.phone ?? "" };
};

/** A station of the demo catalogue that sells 0# diesel (Guangzhou's first). */
export const dieselStation = async (booted: BootedApp) => {
  const stations = await stationsOfCity(booted.db, "广州市");
  const s = stations.find((x) => x.sellType.split(";").includes("0#"));
  if (s === undefined) throw new Error("no diesel station in the demo data");
  return s;
};

export const stationById = async (booted: BootedApp, id: number) => {
  const s = await findStation(booted.db, id);
  if (s === undefined) throw new Error(`no station ${id}`);
  return s;
};

export const draftFor = (stationId: number, overrides: Record<string, unknown> = {}) => ({
  gas_Type: "0#",
  order_amount: "10040",
  phone: "13800138000",
  station_id: stationId,
  remark: "",
  paytype: "wechat",
  ...overrides,
});

export const call = (booted: BootedApp, who: Customer, url: string, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  booted.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", authorization: `Bearer ${who.token}`, ...headers },
    payload: JSON.stringify(payload),
  });

export interface Created {
  readonly order_id: number;
  readonly respCode?: string;
  readonly merchOrderNo?: string;
  readonly result_code?: string;
  readonly reserved_fy_order_no?: string;
  readonly payInfo?: Record<string, string>;
  readonly reserved_pay_info?: Record<string, string>;
}

export const createOrder = async (booted: BootedApp, who: Customer, draft: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Created> =>
  expectSuccess<Created>(await call(booted, who, "/api/order/create", draft, headers));

export const payInSandbox = (booted: BootedApp, orderId: number, result: "ok" | "fail" | "cancel" = "ok", notify?: boolean): Promise<LightMyRequestResponse> =>
  post(booted, "/api/sandbox/pay", { order_id: orderId, result, ...(notify === undefined ? {} : { notify }) });

export const detail = async (booted: BootedApp, who: Customer, orderId: number) =>
  expectSuccess<Record<string, unknown> & { order_status: number; count: number; pay_qrcode: string | null; refund_status: number; mchnt_order_no: string }>(
    await call(booted, who, "/api/order/detail", { order_id: orderId }),
  );

/** Delivers a notification for a sandbox ledger row, as the sandbox channel would. */
export const deliver = (booted: BootedApp, channel: "wechat" | "fy", body: string, headers: Record<string, string>) =>
  booted.app.inject({ method: "POST", url: NOTIFY_PATHS[channel], headers: { ...headers, "content-type": "application/json" }, payload: body });

/** A SUCCESS notification for an order, signed by the sandbox platform (the real keys of this process). */
export const successNotification = (booted: BootedApp, mchntOrderNo: string, amount: number, transactionId: string, channel: "wechat" | "fy" = "wechat", paidAtMs?: number) => {
  const platform = booted.app.deps.providers.payments.sandbox[channel]?.platform;
  if (platform === undefined) throw new Error("not a sandbox channel");
  const now = booted.clock.now();
  return signedNotification(
    platform,
    {
      out_trade_no: mchntOrderNo,
      transaction_id: transactionId,
      trade_state: "SUCCESS",
      success_time: new Date(paidAtMs ?? now).toISOString(),
      amount: { total: Money.cents(amount), currency: "CNY" },
    },
    now,
  );
};

export const expectStatus = async (booted: BootedApp, who: Customer, orderId: number, status: number): Promise<void> => {
  expect((await detail(booted, who, orderId)).order_status).toBe(status);
};
