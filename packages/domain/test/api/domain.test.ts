import { Result, Schema } from "effect";
import { describe, expect, it } from "vitest";
import * as Constants from "../../src/Constants.ts";
import * as OrderRules from "../../src/Order.ts";
import * as Pricing from "../../src/Pricing.ts";
import * as Refund from "../../src/Refund.ts";
import * as Validation from "../../src/Validation.ts";
import {
  CardTypeCode,
  examples,
  GasType,
  OrderListTab,
  orderListStatuses,
  OrderStatusCode,
  OrderTypeCode,
  RefundStatusCode,
  VersionResponse,
} from "../../src/api/index.ts";

// The wire contract spells out the codes the domain's rules name; these tests keep the two in step.

const literals = (s: Schema.Top): ReadonlyArray<unknown> => (s as unknown as { literals: ReadonlyArray<unknown> }).literals;

describe("the wire codes are the domain's", () => {
  it("order_status codes are Order.STATUS_CODES", () => {
    expect([...literals(OrderStatusCode)].sort()).toEqual([...OrderRules.STATUS_CODES].sort());
  });
  it("order_type codes are Order.ORDER_TYPE_CODES", () => {
    expect([...literals(OrderTypeCode)].sort()).toEqual(Object.values(OrderRules.ORDER_TYPE_CODES).sort());
  });
  it("card_type codes are Order.CARD_TYPE_CODES", () => {
    expect([...literals(CardTypeCode)].sort()).toEqual(Object.values(OrderRules.CARD_TYPE_CODES).sort());
  });
  it("refund_status codes are Refund.REFUND_STATUS", () => {
    expect([...literals(RefundStatusCode)].sort()).toEqual(Object.values(Refund.REFUND_STATUS).sort());
  });
  it("the order-list tabs are Order.ORDER_LIST_TABS and select Order.statusesForTab", () => {
    expect(literals(OrderListTab)).toEqual(OrderRules.ORDER_LIST_TABS);
    for (const tab of OrderRules.ORDER_LIST_TABS) expect(orderListStatuses(tab)).toEqual(OrderRules.statusesForTab(tab));
    expect(orderListStatuses(0)).toEqual(OrderRules.statusesForTab("all"));
  });
  it("the fuel grades include the buyable diesel and the disabled gasolines", () => {
    expect([...literals(GasType)].sort()).toEqual([Constants.DIESEL_0, ...Constants.DISABLED_GASOLINE].sort());
  });
});

describe("the examples obey the domain's rules", () => {
  it("the example draft order buys 0# within the one-key limit", () => {
    const draft = examples.orderCreate.request;
    expect(Result.isSuccess(Validation.validateGasType(draft.gas_Type))).toBe(true);
    expect(Number(draft.order_amount)).toBeLessThanOrEqual(Constants.ONE_KEY_MAX_YUAN * Constants.CENTS_PER_YUAN);
  });
  it("the example payables are Pricing.payableCents of the example prices", () => {
    const order = examples.orderDetail.response;
    expect(order.amount).toBe(Pricing.payableCents(order.order_amount, order.gas_now_price!, order.gas_original_price!));
    const recharge = examples.rechargeOrderCreate.request;
    const info = examples.webInfo.response;
    expect(recharge.amount).toBe(Pricing.payableCents(Number(recharge.order_amount), info.price_0_shiti, info.price_0_original));
    expect(recharge.unitdiscount).toBe(Pricing.discountPerLitre(info.price_0_original, info.price_0_shiti));
  });
  it("the example phone numbers pass the phone rule", () => {
    expect(Result.isSuccess(Validation.validatePhone(examples.login.request.phone))).toBe(true);
    expect(Result.isSuccess(Validation.validatePhone(examples.bindPhone.request.phone))).toBe(true);
  });
  it("the example version answer is the production label", () => {
    const v = Schema.decodeUnknownSync(VersionResponse)(examples.version.response);
    expect(v).toEqual({ version: Constants.APP_VERSION, label: Constants.PRODUCTION_LABEL, mode: "sandbox" });
  });
});
