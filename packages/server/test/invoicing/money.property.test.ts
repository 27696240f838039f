import { Invoice } from "@fuel/domain";
import { inArray } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orders } from "../../src/db/schema.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp } from "../helpers/moneyApp.ts";
import { expectSuccess } from "../identity/support.ts";
import { customer } from "../orders/support.ts";
import { deskGet, signedInStaff } from "../desk/support.ts";
import { applied, customerGet, savedTitle, usedFuelOrder } from "./support.ts";

/**
 * Issue 35: the money staff and the driver read on a request is the domain's rule, whatever the
 * orders: for any set of used orders of one station (any amounts the order form takes), the line
 * the desk's queue, its CSV and the customer's list show is `Invoice.fuelInvoiceLine` of what
 * those orders paid, and never more than was paid.
 */

const NOW = Date.parse("2024-11-26T02:00:00Z");
let booted: BootedApp;
let stationId: number;
moneyTestSetUp(NOW, (w) => ({ booted, stationId } = w));

/** Order amounts in cents as the form takes them (whole yuan and cents, 1 to 2,000 yuan here). */
const orderAmounts = fc.array(fc.integer({ min: 100, max: 200_000 }), { minLength: 1, maxLength: 4 });

describe("the invoiced money, for any used orders", () => {
  it("the desk's queue, its CSV and the customer's list show Invoice.fuelInvoiceLine of what was paid", async () => {
    const admin = (await signedInStaff(booted, "ada.admin", "admin")).cookie;
    await fc.assert(
      fc.asyncProperty(orderAmounts, async (amounts) => {
        const me = await customer(booted);
        const ids: number[] = [];
        for (const cents of amounts) ids.push((await usedFuelOrder(booted, me, stationId, String(cents))).orderId);
        const invoiceId = await applied(booted, me, ids, await savedTitle(booted, me, { type: "personal", name: "Driver" }));
        const rows = await booted.db.select().from(orders).where(inArray(orders.id, ids));
        const line = Invoice.fuelInvoiceLine(rows.map((r) => ({ amount: r.amount, order_amount: r.orderAmount, gas_original_price: r.gasOriginalPrice })));
        const expected = { description: line.description, unit: line.unit, litres: line.litres, unit_price: line.unitPrice, amount: line.amount, tax_percent: line.taxPercent, tax: line.tax, net: line.net };

        const queue = expectSuccess<{ invoices: Array<{ invoice_id: number; line: unknown; orders: Array<{ amount: number; litres: string }> }> }>(
          await deskGet(booted, "/api/desk/invoices?dir=desc&page_size=10", { cookie: admin }),
        );
        const listed = queue.invoices.find((i) => i.invoice_id === invoiceId);
        expect(listed?.line).toEqual(expected);
        expect(listed?.orders.map((o) => o.litres)).toEqual(rows.sort((a, b) => a.id - b.id).map((r) => Invoice.orderLitres({ amount: r.amount, order_amount: r.orderAmount, gas_original_price: r.gasOriginalPrice })));
        // Never above what was paid, and what was paid is below the pump amount here.
        expect(line.amount).toBe(rows.reduce((s, r) => s + r.amount, 0));
        expect(line.amount).toBeLessThanOrEqual(rows.reduce((s, r) => s + r.orderAmount, 0));

        const mine = expectSuccess<{ invoices: Array<{ invoice_id: number; line: unknown }> }>(await customerGet(booted, me, "/api/invoice/list"));
        expect(mine.invoices.find((i) => i.invoice_id === invoiceId)?.line).toEqual(expected);

        const csv = (await deskGet(booted, "/api/desk/invoices/export", { cookie: admin })).body.split("\r\n").find((l) => l.startsWith(`${invoiceId},`));
        expect(csv).toContain(`,${line.litres},${(line.amount / 100).toFixed(2)},${(line.tax / 100).toFixed(2)},`);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
