import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FUEL_VAT_PERCENT, fuelInvoiceLine, orderLitres, rechargeInvoiceLine } from "../../src/invoice/Line.ts";
import { atThePump } from "../../src/Pricing.ts";
import type { Cents } from "../../src/Money.ts";

// A used fuel order: a pump amount up to 10,000 yuan, a pump price of 5 to 12 yuan a litre, paid up to 15 % less.
const fuelOrder = fc.record({ order_amount: fc.integer({ min: 1, max: 1_000_000 }), gas_original_price: fc.integer({ min: 500, max: 1_200 }), off: fc.integer({ min: 0, max: 15 }) })
  .map(({ order_amount, gas_original_price, off }) => ({ order_amount, gas_original_price, amount: Math.max(1, Math.round((order_amount * (100 - off)) / 100)) }));
const orders = fc.array(fuelOrder, { minLength: 1, maxLength: 50 });

describe("The invoiced line: what was paid, the pump's litres, a unit price between them", () => {
  it("the amount is the sum of what was paid, never the pump amount", () => {
    fc.assert(fc.property(orders, (os) => {
      expect(fuelInvoiceLine(os).amount).toBe(os.reduce((s, o) => s + o.amount, 0));
    }));
  });

  it("each order's litres are the redeem screen's (Pricing.atThePump), and the line's are their sum", () => {
    fc.assert(fc.property(orders, (os) => {
      for (const o of os) expect(orderLitres(o)).toBe(atThePump(o.order_amount as Cents, o.amount as Cents, o.gas_original_price).litres);
      expect(fuelInvoiceLine(os).litres).toBe(os.reduce((s, o) => s.plus(orderLitres(o)), new Decimal(0)).toFixed(3));
    }));
  });

  it("litres x unit price matches the amount within a cent, as tax systems check it", () => {
    fc.assert(fc.property(orders, (os) => {
      const line = fuelInvoiceLine(os);
      if (new Decimal(line.litres!).isZero()) return;
      const product = new Decimal(line.litres!).mul(line.unitPrice!).mul(100);
      expect(product.minus(line.amount).abs().lte(1)).toBe(true);
      expect(line.unitPrice!).toMatch(/^\d+\.\d{8}$/u);
    }));
  });

  it("tax + net is the amount, and the tax is 13 % of the net within a cent", () => {
    fc.assert(fc.property(orders, (os) => {
      const line = fuelInvoiceLine(os);
      expect(line.tax + line.net).toBe(line.amount);
      expect(line.taxPercent).toBe(FUEL_VAT_PERCENT);
      expect(new Decimal(line.net).mul(FUEL_VAT_PERCENT).div(100).minus(line.tax).abs().lte(1)).toBe(true);
      expect(Number.isInteger(line.tax) && Number.isInteger(line.net)).toBe(true);
    }));
  });

  it("a prepaid-card line is what was paid, with no VAT and no litres", () => {
    fc.assert(fc.property(fc.array(fc.record({ amount: fc.integer({ min: 1, max: 500_000 }) }), { minLength: 1, maxLength: 50 }), (os) => {
      const line = rechargeInvoiceLine(os);
      expect(line).toMatchObject({ amount: os.reduce((s, o) => s + o.amount, 0), tax: 0, taxPercent: null, litres: null, unitPrice: null });
      expect(line.net).toBe(line.amount);
    }));
  });

  it("the issue's 200-yuan order paid 188.55 at 7.57 a litre", () => {
    expect(fuelInvoiceLine([{ order_amount: 20_000, amount: 18_855, gas_original_price: 757 }])).toEqual({
      description: "*成品油*柴油 0#", unit: "升", litres: "26.420", unitPrice: "7.13663891", amount: 18_855, taxPercent: 13, tax: 2_169, net: 16_686,
    });
  });
});
