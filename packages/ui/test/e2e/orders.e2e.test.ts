import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, phone, scrollsSideways, shot, signedInCustomer, withSession } from "./support.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

interface OrderAnswer {
  readonly order_id: number;
  readonly order_status: number;
  readonly amount: number;
  readonly order_amount: number;
}

/** The customer's orders as the server lists them (all tabs, first page). */
const ordersOf = async (token: string): Promise<OrderAnswer[]> => {
  const response = await fetch(`${baseUrl()}/api/order/list`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ page: 1, order_status: "all" }),
  });
  return ((await response.json()) as { data: { data: OrderAnswer[] } }).data.data;
};

describe("ordering diesel and paying, in Chromium", () => {
  it("orders 200 yuan at the nearest station: the breakdown's payable is what the server charges, paid once in the sandbox sheet", async () => {
    const customer = await signedInCustomer({ activated: true });
    const device = await phone(browser);
    const { page } = device;
    await withSession(page, customer, true);
    await page.goto(`${baseUrl()}/stationlist`, { waitUntil: "networkidle" });
    // The nearest station that sells diesel: its go-fuel button is enabled.
    await page.locator(".station-card").first().waitFor();
    await page.getByRole("button", { name: /^Go fuel at / }).and(page.locator(":not([disabled])")).first().click();
    await page.waitForURL(/\/oneKeyGas\?station_id=/);

    await page.getByRole("button", { name: "200 yuan" }).click();
    const breakdown = page.getByTestId("breakdown");
    const shownPayable = (await breakdown.locator("strong").textContent())?.trim() ?? "";
    expect(shownPayable).toMatch(/¥\d+\.\d\d/);
    await shot(page, "order-one-key-gas");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/order(\?|$)/);
    await shot(page, "order-checklist");

    // A double tap on pay makes one order.
    const pay = page.getByRole("button", { name: /^Pay ¥/ });
    await pay.dblclick();
    await page.locator("#fuel-sandbox-pay-sheet button[data-choice=ok]").click();
    await page.waitForURL(/\/orderlist/, { timeout: 30_000 });

    const orders = await ordersOf(customer.token);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.order_amount).toBe(20000);
    expect(orders[0]?.order_status).toBe(2);
    expect(`¥${((orders[0]?.amount ?? 0) / 100).toFixed(2)}`).toBe(shownPayable);
    expect(await scrollsSideways(page)).toBe(false);
    expect(device.errors).toEqual([]);
    await device.context.close();
  });

  it("shows each amount message: empty and above 10000 yuan", async () => {
    const customer = await signedInCustomer({ activated: true });
    const device = await phone(browser);
    const { page } = device;
    await withSession(page, customer, true);
    await page.goto(`${baseUrl()}/oneKeyGas?station_id=2`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("amount cannot be empty").first().waitFor();
    await page.locator("#order-amount").fill("10000.01");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("cannot exceed 10000 yuan").first().waitFor();
    await shot(page, "order-amount-messages");
    expect(page.url()).toMatch(/\/oneKeyGas/);
    await device.context.close();
  });
});
