import { examples, type ApiName } from "@fuel/domain/api";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { gatewaysOver } from "../../src/http/gateways.ts";
import type { ApiGateways, CallOptions } from "../../src/ports/Api.ts";
import { ServerRefused } from "../../src/ports/errors.ts";
import { ScriptedApi } from "../../src/testing/ScriptedApi.ts";

/** One gateway method: how a store calls it, and the endpoint call it must become. */
interface Mapping {
  readonly method: string;
  readonly invoke: (g: ApiGateways) => Effect.Effect<unknown, unknown>;
  readonly name: ApiName;
  readonly input: unknown;
  readonly options?: CallOptions;
}

const orderDraft = examples.orderCreate.request;
const rechargeDraft = examples.rechargeOrderCreate.request;

const MAPPINGS: ReadonlyArray<Mapping> = [
  // session
  { method: "session.wechatAuth", invoke: (g) => g.session.wechatAuth("code-1"), name: "wechatAuth", input: { code: "code-1" } },
  { method: "session.sendSms", invoke: (g) => g.session.sendSms("13800138000"), name: "sendSms", input: { phone: "13800138000" } },
  {
    method: "session.checkCaptcha",
    invoke: (g) => g.session.checkCaptcha({ phone: "13800138000", captcha: "4821", openid: "oid-1" }),
    name: "checkCaptcha",
    input: { phone: "13800138000", captcha: "4821", openid: "oid-1" },
  },
  {
    method: "session.bindPhone",
    invoke: (g) => g.session.bindPhone({ phone: "13800138000", openid: "oid-1" }),
    name: "bindPhone",
    input: { phone: "13800138000", openid: "oid-1" },
  },
  { method: "session.login", invoke: (g) => g.session.login(examples.login.request), name: "login", input: examples.login.request },
  { method: "session.logout", invoke: (g) => g.session.logout(), name: "logout", input: {} },
  { method: "session.userInfo", invoke: (g) => g.session.userInfo(), name: "userInfo", input: {} },
  { method: "session.setPassword", invoke: (g) => g.session.setPassword("s3cret-pass"), name: "setPassword", input: { password: "s3cret-pass" } },
  {
    method: "session.resetPassword",
    invoke: (g) => g.session.resetPassword(examples.resetPassword.request),
    name: "resetPassword",
    input: examples.resetPassword.request,
  },
  { method: "session.isBlacklisted", invoke: (g) => g.session.isBlacklisted("13700137000"), name: "isBlacklist", input: { phone: "13700137000" } },
  { method: "session.activate", invoke: (g) => g.session.activate("FUEL-7Q2M-X9KD"), name: "activate", input: { code: "FUEL-7Q2M-X9KD" } },
  // site
  { method: "site.webInfo", invoke: (g) => g.site.webInfo(), name: "webInfo", input: {} },
  { method: "site.version", invoke: (g) => g.site.version(), name: "version", input: {} },
  // stations
  { method: "stations.cities", invoke: (g) => g.stations.cities(), name: "cityList", input: {} },
  { method: "stations.stationsOfCity", invoke: (g) => g.stations.stationsOfCity("广州市"), name: "cityStations", input: { city: "广州市" } },
  // orders
  {
    method: "orders.create",
    invoke: (g) => g.orders.create(orderDraft, { idempotencyKey: "key-fuel-1" }),
    name: "orderCreate",
    input: orderDraft,
    options: { idempotencyKey: "key-fuel-1" },
  },
  { method: "orders.list", invoke: (g) => g.orders.list(2, "unpaid"), name: "orderList", input: { page: 2, order_status: "unpaid" } },
  { method: "orders.detail", invoke: (g) => g.orders.detail(5001), name: "orderDetail", input: { order_id: 5001 } },
  { method: "orders.cancel", invoke: (g) => g.orders.cancel(5001), name: "orderCancel", input: { order_id: 5001 } },
  {
    method: "orders.refund",
    invoke: (g) => g.orders.refund(5001, "The station was closed."),
    name: "orderRefund",
    input: { order_id: 5001, reason: "The station was closed." },
  },
  {
    method: "orders.qrCode",
    invoke: (g) => g.orders.qrCode("FO202411260915000005001"),
    name: "kepaiQrCode",
    input: { orderNumber: "FO202411260915000005001" },
  },
  { method: "orders.resetQr", invoke: (g) => g.orders.resetQr(5002), name: "orderResetQr", input: { order_id: 5002 } },
  // payments
  { method: "payments.wechatParams", invoke: (g) => g.payments.wechatParams(5), name: "paymentQuery", input: { order_id: 5 } },
  { method: "payments.fyParams", invoke: (g) => g.payments.fyParams(5), name: "paymentFyQuery", input: { order_id: 5 } },
  { method: "payments.result", invoke: (g) => g.payments.result(5), name: "paymentQueryResult", input: { order_id: 5 } },
  // recharge
  { method: "recharge.cardList", invoke: (g) => g.recharge.cardList(), name: "rechargeCardList", input: {} },
  { method: "recharge.cardsByPhone", invoke: (g) => g.recharge.cardsByPhone("13800138000"), name: "rechargeCardsByPhone", input: { phone: "13800138000" } },
  { method: "recharge.cardsByTeam", invoke: (g) => g.recharge.cardsByTeam("珠江物流车队"), name: "rechargeCardsByTeam", input: { team: "珠江物流车队" } },
  {
    method: "recharge.create",
    invoke: (g) => g.recharge.create(rechargeDraft, { idempotencyKey: "key-recharge-1" }),
    name: "rechargeOrderCreate",
    input: rechargeDraft,
    options: { idempotencyKey: "key-recharge-1" },
  },
  {
    method: "recharge.buyCard",
    invoke: (g) => g.recharge.buyCard(examples.cardPurchaseCreate.request, { idempotencyKey: "key-card-1" }),
    name: "cardPurchaseCreate",
    input: examples.cardPurchaseCreate.request,
    options: { idempotencyKey: "key-card-1" },
  },
  // invoices (issue 35)
  { method: "invoices.titles", invoke: (g) => g.invoices.titles(), name: "invoiceTitles", input: {} },
  { method: "invoices.saveTitle", invoke: (g) => g.invoices.saveTitle(examples.invoiceTitleSave.request), name: "invoiceTitleSave", input: examples.invoiceTitleSave.request },
  { method: "invoices.deleteTitle", invoke: (g) => g.invoices.deleteTitle(3), name: "invoiceTitleDelete", input: { title_id: 3 } },
  {
    method: "invoices.apply",
    invoke: (g) => g.invoices.apply({ order_ids: [5001, 5007], title_id: 3 }, { idempotencyKey: "key-invoice-1" }),
    name: "invoiceApply",
    input: { order_ids: [5001, 5007], title_id: 3 },
    options: { idempotencyKey: "key-invoice-1" },
  },
  { method: "invoices.list", invoke: (g) => g.invoices.list(), name: "invoiceList", input: {} },
  { method: "invoices.detail", invoke: (g) => g.invoices.detail(41), name: "invoiceDetail", input: { invoice_id: 41 } },
];

const gatewayMethods = (g: ApiGateways): string[] =>
  Object.entries(g).flatMap(([area, port]) => Object.keys(port as object).map((method) => `${area}.${method}`));

describe("gatewaysOver", () => {
  it.each(MAPPINGS.map((m) => [m.method, m] as const))("%s calls its endpoint once with its input and options", async (_method, m) => {
    const api = new ScriptedApi();
    await Effect.runPromise(m.invoke(gatewaysOver(api)));
    expect(api.calls).toEqual([{ name: m.name, input: m.input, options: m.options }]);
  });

  it("every gateway method is covered by the table above, each exactly once", () => {
    const listed = MAPPINGS.map((m) => m.method);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(gatewayMethods(gatewaysOver(new ScriptedApi())).sort());
  });

  it("a gateway method answers what its endpoint answers", async () => {
    const page = { total: 0, current_page: 2, last_page: 2, data: [] };
    const api = new ScriptedApi().on("orderList", page);
    expect(await Effect.runPromise(gatewaysOver(api).orders.list(2, "unpaid"))).toEqual(page);
  });

  it("a gateway method fails with its endpoint's error", async () => {
    const refused = new ServerRefused({ message: "the station is closed", status: 409, tag: "StationClosed" });
    const api = new ScriptedApi().fail("orderCreate", refused);
    const error = await Effect.runPromise(Effect.flip(gatewaysOver(api).orders.create(orderDraft, { idempotencyKey: "k" })));
    expect(error).toBe(refused);
  });

  it("building the gateways calls nothing; each call happens when its effect runs", async () => {
    const api = new ScriptedApi();
    const g = gatewaysOver(api);
    const list = g.orders.list(1, "all");
    expect(api.calls).toEqual([]);
    await Effect.runPromise(list);
    await Effect.runPromise(list);
    expect(api.callsTo("orderList")).toHaveLength(2);
  });
});
