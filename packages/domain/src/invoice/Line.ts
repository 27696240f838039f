import Decimal from "decimal.js";
import type { Cents } from "../Money.ts";
import { litres as litresAt } from "../Pricing.ts";

/**
 * Issue 35 item 3: the one line an invoice carries, derived from its orders by one function the
 * server (what it sends the provider and the desk) and the app (what the driver reads before
 * asking) both call. The invoiced amount is what was paid (`amount`), never the pump amount.
 * @module
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Refined oil's VAT rate (13 %), tax included in the amount paid. */
export const FUEL_VAT_PERCENT = 13;
/** The unit price's decimals, as tax systems take them: quantity x unit price then matches the amount within a cent. */
export const UNIT_PRICE_DECIMALS = 8;
/** What the diesel line reads (the tax category in stars, then the goods). */
export const FUEL_LINE_DESCRIPTION = "*成品油*柴油 0#";
/** What a prepaid-card line reads: a prepaid card's sale or top-up carries no VAT (不征税); tax comes when the fuel is bought. */
export const RECHARGE_LINE_DESCRIPTION = "*预付卡销售*加油卡充值";

/** A fuel order as the line reads it: paid `amount`, pump `order_amount` and the pump price it was priced at (cents per litre). */
export interface FuelOrderMoney {
  readonly amount: number;
  readonly order_amount: number;
  readonly gas_original_price: number | null;
}

export interface InvoiceLine {
  readonly description: string;
  /** 升 for fuel; null on a prepaid-card line (no quantity). */
  readonly unit: "升" | null;
  /** Litres with 3 decimals ("26.420"); null on a prepaid-card line. */
  readonly litres: string | null;
  /** Yuan per litre, tax included, {@link UNIT_PRICE_DECIMALS} decimals; null on a prepaid-card line. */
  readonly unitPrice: string | null;
  /** Tax included: the sum of what was paid, in cents. */
  readonly amount: Cents;
  /** 13 for fuel; null: not taxable (不征税). */
  readonly taxPercent: number | null;
  /** The VAT inside `amount`, in cents (0 when not taxable). */
  readonly tax: Cents;
  /** amount - tax, in cents. */
  readonly net: Cents;
}

/** The litres of one fuel order at the pump: its pump amount at its pump price (the redeem screen's figure); 0 without a price. */
export const orderLitres = (order: FuelOrderMoney): string =>
  order.gas_original_price !== null && order.gas_original_price > 0 ? litresAt(order.order_amount, order.gas_original_price) : "0.000";

/** VAT inside a tax-included amount: amount - amount / (1 + rate), to the cent, half up. */
export const taxIncluded = (amount: number, percent: number): Cents =>
  new D(amount).minus(new D(amount).mul(100).div(100 + percent)).toDecimalPlaces(0).toNumber() as Cents;

/** The diesel line of orders merged into one request: their litres summed, what was paid summed, and the unit price between them. */
export const fuelInvoiceLine = (orders: ReadonlyArray<FuelOrderMoney>): InvoiceLine => {
  const litres = orders.reduce((sum, o) => sum.plus(orderLitres(o)), new D(0));
  const amount = orders.reduce((sum, o) => sum + o.amount, 0);
  const unitPrice = litres.isZero() ? new D(0) : new D(amount).div(100).div(litres);
  const tax = taxIncluded(amount, FUEL_VAT_PERCENT);
  return {
    description: FUEL_LINE_DESCRIPTION,
    unit: "升",
    litres: litres.toFixed(3),
    unitPrice: unitPrice.toFixed(UNIT_PRICE_DECIMALS),
    amount: amount as Cents,
    taxPercent: FUEL_VAT_PERCENT,
    tax,
    net: (amount - tax) as Cents,
  };
};

/** The prepaid-card line of top-ups or card purchases merged into one request: what was paid, no VAT. */
export const rechargeInvoiceLine = (orders: ReadonlyArray<{ readonly amount: number }>): InvoiceLine => {
  const amount = orders.reduce((sum, o) => sum + o.amount, 0) as Cents;
  return { description: RECHARGE_LINE_DESCRIPTION, unit: null, litres: null, unitPrice: null, amount, taxPercent: null, tax: 0 as Cents, net: amount };
};
