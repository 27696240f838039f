import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, phone, shot, signedInCustomer, withSession } from "./support.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const post = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: string; message: string; data: T };
  if (envelope.status !== "success") throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
};

/** A paid 100.40 yuan diesel order at the first Guangzhou station (docs/api.md's walk, steps 7 and 8). */
const paidFuelOrder = async (customer: { token: string; phone: string }): Promise<number> => {
  const stations = await post<Array<{ id: number }>>("/api/station/current_city_list", { city: "广州市" });
  const created = await fetch(`${baseUrl()}/api/order/create`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
    body: JSON.stringify({ gas_Type: "0#", order_amount: "10040", phone: customer.phone, station_id: stations[0]?.id, paytype: "wechat" }),
  });
  const order = (await created.json()) as { order_id: number };
  await post("/api/sandbox/pay", { order_id: order.order_id, result: "ok" });
  return order.order_id;
};

/** Waits until the service worker has installed this build's shell and controls the page. */
const shellKept = async (page: Page): Promise<void> => {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller === null) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
  });
};

/** Every URL the service worker's caches hold. */
const cachedUrls = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

describe("offline, in Chromium (the service worker)", () => {
  it("a paid order's QR still shows after the network is gone and the page is reloaded, marked as the offline copy", async () => {
    const customer = await signedInCustomer({ activated: true });
    const orderId = await paidFuelOrder(customer);
    const device = await phone(browser);
    const { page, context } = device;
    await withSession(page, customer, true);
    await page.goto(`${baseUrl()}/orderDetail/${orderId}`, { waitUntil: "networkidle" });
    const codeText = page.locator(".order-qr-text");
    await codeText.waitFor();
    const code = (await codeText.textContent())?.trim() ?? "";
    expect(code).not.toBe("");
    await shellKept(page);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByText("Offline copy", { exact: true }).waitFor();
    expect((await codeText.textContent())?.trim()).toBe(code);
    const image = page.locator("img.order-qr-image");
    await image.waitFor();
    expect(await image.getAttribute("alt")).toContain(code);
    // Drawn on the device from the kept code (the lazily loaded `qrcode` chunk came from the worker's cache).
    await image.evaluate((img: HTMLImageElement) => img.decode());
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    expect((await image.boundingBox())?.width).toBeGreaterThanOrEqual(240);
    // Nothing covers the code: the offline notice says it, not a toast (which would load and show within moments).
    await page.waitForTimeout(500);
    expect(await page.locator(".adm-toast-main").count()).toBe(0);
    expect(await page.getByText("network unavailable, check your connection").count()).toBe(0);
    await shot(page, "offline-order-detail");
    expect(device.errors).toEqual([]);
    await context.close();
  });

  it("an order with no copy on the phone says the network is gone, with a retry", async () => {
    const customer = await signedInCustomer({ activated: true });
    const device = await phone(browser);
    const { page, context } = device;
    await withSession(page, customer, true);
    await page.goto(`${baseUrl()}/orderlist`, { waitUntil: "networkidle" });
    await shellKept(page);

    await context.setOffline(true);
    await page.goto(`${baseUrl()}/orderDetail/999999`);
    await page.getByText("network unavailable, check your connection").first().waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
    await context.close();
  });

  it("never answers /api from a cache: offline, an API call fails instead of answering stale data", async () => {
    const customer = await signedInCustomer({ activated: true });
    const orderId = await paidFuelOrder(customer);
    const device = await phone(browser);
    const { page, context } = device;
    await withSession(page, customer, true);
    await page.goto(`${baseUrl()}/orderDetail/${orderId}`, { waitUntil: "networkidle" });
    await page.locator(".order-qr-text").waitFor();
    await shellKept(page);
    const online = await page.evaluate(() => fetch("/api/version").then((r) => r.status));
    expect(online).toBe(200);

    await context.setOffline(true);
    const offline = await page.evaluate(() => fetch("/api/version").then((r) => `answered ${r.status}`, () => "failed"));
    expect(offline).toBe("failed");
    const urls = await cachedUrls(page);
    expect(urls).toContain("/index.html");
    expect(urls.filter((url) => url.startsWith("/api") || url.startsWith("/sandbox"))).toEqual([]);
    await context.close();
  });
});
