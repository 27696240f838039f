import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkInvoiceRequest, MAX_ORDERS_PER_INVOICE, orderRefusal, type InvoiceCandidate, type InvoiceRules } from "../../src/invoice/Eligibility.ts";
import { INVOICE_POLICIES, type InvoicePolicy } from "../../src/invoice/Policy.ts";
import { INVOICE_STATES } from "../../src/invoice/State.ts";
import { invoiceDeadline } from "../../src/invoice/Window.ts";
import { ORDER_STATUSES } from "../../src/order/Status.ts";
import { REFUND_STATUS_CODES } from "../../src/Refund.ts";

const NOW = Date.UTC(2026, 11, 2, 4, 0, 0);
const DAY = 86_400_000;

const rulesWith = (policies: Readonly<Record<number, InvoicePolicy>>, over: Partial<InvoiceRules> = {}): InvoiceRules => ({
  now: NOW, windowDays: 30, policyOf: (id) => policies[id], rechargeInvoice: "at_topup", ...over,
});

const usedFuel = (order_id: number, station_id = 1): InvoiceCandidate => ({
  order_id, kind: "fuel", status: "used", refund_status: 0, station_id, used_at: NOW - DAY, invoice_state: null,
});

const candidate = fc.record({
  order_id: fc.integer({ min: 1, max: 1_000 }),
  kind: fc.constantFrom("fuel" as const, "recharge" as const),
  status: fc.constantFrom(...ORDER_STATUSES),
  refund_status: fc.constantFrom(...REFUND_STATUS_CODES),
  station_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  used_at: fc.option(fc.integer({ min: NOW - 60 * DAY, max: NOW }), { nil: null }),
  invoice_state: fc.option(fc.constantFrom(...INVOICE_STATES), { nil: null }),
});
const policies = fc.record({ 1: fc.constantFrom(...INVOICE_POLICIES), 2: fc.constantFrom(...INVOICE_POLICIES), 3: fc.constantFrom(...INVOICE_POLICIES) });

describe("Which orders may be invoiced", () => {
  it("an order passes only if used, never refunded, not held by an open or issued request, at a station that invoices, within the window", () => {
    fc.assert(fc.property(candidate, policies, fc.constantFrom("at_topup" as const, "at_consumption" as const), (o, ps, recharge) => {
      const rules = rulesWith(ps, { rechargeInvoice: recharge });
      const ok = orderRefusal(o, rules) === undefined;
      const offered = o.kind === "recharge" ? recharge === "at_topup" : o.station_id !== null && ps[o.station_id as 1 | 2 | 3] !== "none";
      const expected = o.status === "used" && o.used_at !== null && o.refund_status === 0 && (o.invoice_state === null || o.invoice_state === "refused") && offered && NOW < invoiceDeadline(o.used_at, 30);
      expect(ok).toBe(expected);
    }));
  });

  it("each refusal names the order, and says the reason a driver can act on", () => {
    const rules = rulesWith({ 1: "station", 2: "none" });
    const reason = (over: Partial<InvoiceCandidate>) => orderRefusal({ ...usedFuel(7), ...over }, rules)?.key;
    expect(reason({ refund_status: 3 })).toBe("InvoiceOrderRefunded");
    expect(reason({ refund_status: 1 })).toBe("InvoiceOrderRefunded");
    expect(reason({ status: "unpaid", used_at: null })).toBe("InvoiceOrderUnpaid");
    expect(reason({ status: "unused", used_at: null })).toBe("InvoiceOrderNotUsed");
    expect(reason({ status: "cancelled", used_at: null })).toBe("InvoiceOrderCancelled");
    expect(reason({ status: "expired", used_at: null })).toBe("InvoiceOrderExpired");
    expect(reason({ invoice_state: "issued" })).toBe("InvoiceOrderInvoiced");
    expect(reason({ invoice_state: "requested" })).toBe("InvoiceOrderPending");
    expect(reason({ invoice_state: "refused" })).toBeUndefined();
    expect(reason({ station_id: 2 })).toBe("InvoiceNotOffered");
    expect(reason({ used_at: NOW - 40 * DAY })).toBe("InvoiceWindowClosed");
    expect(orderRefusal({ ...usedFuel(7), used_at: NOW - 40 * DAY }, rules)?.params).toEqual({ order_id: 7, days: 30 });
    expect(orderRefusal({ ...usedFuel(7), kind: "recharge", station_id: null }, { ...rules, rechargeInvoice: "at_consumption" })?.key).toBe("InvoiceRechargeAtConsumption");
  });
});

describe("Which orders may share one request", () => {
  it("1 to 50 distinct good orders of one station make one request, issued as the station's policy says", () => {
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: MAX_ORDERS_PER_INVOICE }), fc.constantFrom("station" as const, "platform" as const), (ids, policy) => {
      const shaped = checkInvoiceRequest(ids.map((id) => usedFuel(id)), rulesWith({ 1: policy }));
      expect(Result.isSuccess(shaped) && shaped.success).toEqual({ kind: "fuel", stationId: 1, issuer: policy });
    }));
  });

  it("none, more than 50, an order twice, two stations, or fuel with top-ups is refused in words", () => {
    const rules = rulesWith({ 1: "station", 2: "platform" });
    const key = (os: InvoiceCandidate[]) => {
      const r = checkInvoiceRequest(os, rules);
      return Result.isFailure(r) ? r.failure.key : undefined;
    };
    expect(key([])).toBe("InvoiceNoOrders");
    expect(key(Array.from({ length: 51 }, (_, i) => usedFuel(i + 1)))).toBe("InvoiceTooManyOrders");
    expect(key([usedFuel(1), usedFuel(1)])).toBe("InvoiceOrderTwice");
    expect(key([usedFuel(1, 1), usedFuel(2, 2)])).toBe("InvoiceStationsMixed");
    expect(key([usedFuel(1), { ...usedFuel(2), kind: "recharge", station_id: null }])).toBe("InvoiceKindsMixed");
    const topUps = checkInvoiceRequest([{ ...usedFuel(5), kind: "recharge", station_id: null }], rules);
    expect(Result.isSuccess(topUps) && topUps.success).toEqual({ kind: "recharge", stationId: null, issuer: "platform" });
  });

  it("one bad order refuses the whole request, naming that order", () => {
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 2, maxLength: 20 }), fc.nat(), (ids, at) => {
      const bad = ids[at % ids.length]!;
      const os = ids.map((id) => (id === bad ? { ...usedFuel(id), refund_status: 3 } : usedFuel(id)));
      const r = checkInvoiceRequest(os, rulesWith({ 1: "station" }));
      expect(Result.isFailure(r) && r.failure).toEqual({ key: "InvoiceOrderRefunded", params: { order_id: bad } });
    }));
  });
});
