import { Routes } from "@fuel/domain";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  cardCustomer,
  cardsOf,
  createFuelOrder,
  createRechargeOrder,
  launch,
  phone,
  scrollsSideways,
  shot,
  signedInCustomer,
  withSession,
  type Phone,
} from "./support.ts";

/**
 * Issue 13's route sweep: every route of spec §2 opened by its address signed out, signed in
 * without activation and activated, on the two phone sizes: the guard's page or redirect, a
 * heading, no console error, no failed request, no sideways scroll, and a screenshot
 * (test/e2e/screenshots/sweep/<size>/<state>/).
 */

/** Where the guard finally leaves a customer who opens `path` (a redirect may be redirected again). */
const landing = (path: string, session: Routes.Session): string => {
  let at = path;
  for (let hops = 0; hops < 5; hops++) {
    const decision = Routes.guard(at, session);
    if (decision._tag === "Allow") return at;
    at = decision.to;
  }
  throw new Error(`the guard loops from ${path}`);
};

// /wechatlogin leaves the app for the sign-in provider by design: checked by the sign-in tests.
const staysInApp = (path: string) => path !== "/wechatlogin";

const SIZES = [
  { name: "360x640", viewport: { width: 360, height: 640 } },
  { name: "390x844", viewport: { width: 390, height: 844 } },
] as const;

/** Concrete addresses for the routes with parameters: the customer's own order and card, when there is one. */
interface Ids {
  readonly fuelOrder: number;
  readonly rechargeOrder: number;
  readonly cardNum: string;
}
const PLACEHOLDER_IDS: Ids = { fuelOrder: 7, rechargeOrder: 7, cardNum: "90001001234567" };

const addressOf = (path: string, ids: Ids): string =>
  path
    .replace("/orderDetail/2/:id", `/orderDetail/2/${ids.rechargeOrder}`)
    .replace("/orderDetail/:id", `/orderDetail/${ids.fuelOrder}`)
    .replace(":card_num", ids.cardNum);

/** The card customer's order and card ids (unpaid orders are limited to 5). */
const idsOf = async (customer: { token: string; phone: string }): Promise<Ids> =>
  ({
    fuelOrder: (await createFuelOrder(customer)).orderId,
    rechargeOrder: (await createRechargeOrder(customer)).orderId,
    cardNum: (await cardsOf(customer.token)).virtual_list[0]?.card_num ?? PLACEHOLDER_IDS.cardNum,
  });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const sweep = async (device: Phone, session: Routes.Session, ids: Ids, shotsUnder: string): Promise<string[]> => {
  const wrong: string[] = [];
  const failedRequests: string[] = [];
  device.page.on("requestfailed", (request) => {
    // Leaving a page cancels what it still had in flight: not a failure of the page.
    if (!/ERR_ABORTED/.test(request.failure()?.errorText ?? "")) failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  device.page.on("response", (response) => {
    if (response.status() >= 400) failedRequests.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
  });
  for (const route of Routes.ROUTES.filter((r) => staysInApp(r.path))) {
    const address = addressOf(route.path, ids);
    failedRequests.length = 0;
    await device.page.goto(`${baseUrl()}${address}`, { waitUntil: "networkidle" });
    const expected = landing(address, session);
    const at = new URL(device.page.url()).pathname;
    if (at !== expected) wrong.push(`${address}: at ${at}, expected ${expected}`);
    const heading = (await device.page.locator("h1").first().textContent({ timeout: 5_000 }).catch(() => null))?.trim();
    if (!heading) wrong.push(`${address}: no heading`);
    if (await scrollsSideways(device.page)) wrong.push(`${address}: scrolls sideways`);
    for (const failure of failedRequests) wrong.push(`${address}: request failed: ${failure}`);
    await shot(device.page, `${shotsUnder}/${address.replace(/\//g, "_") || "_"}`);
  }
  return wrong;
};

/** Sweeps every route in one session state at both phone sizes at once (two pages in parallel: the suite's time on two cores). */
const sweepBothSizes = async (session: Routes.Session, ids: Ids, state: string, setUp: (device: Phone) => Promise<void>): Promise<string[]> =>
  (
    await Promise.all(
      SIZES.map(async (size) => {
        const device = await phone(browser, { viewport: size.viewport });
        await setUp(device);
        const wrong = await sweep(device, session, ids, `sweep/${size.name}/${state}`);
        const found = [...wrong.map((w) => `${size.name}: ${w}`), ...device.errors.map((e) => `${size.name}: console: ${e}`)];
        await device.context.close();
        return found;
      }),
    )
  ).flat();

describe("every route of spec §2 by its address, at 360x640 and 390x844, in Chromium", () => {
  it("signed out: public pages open, protected ones go to /login", async () => {
    expect(await sweepBothSizes({ token: null, activated: false }, PLACEHOLDER_IDS, "signed-out", async () => undefined)).toEqual([]);
  }, 180_000);

  it("signed in without activation: protected pages go to /activated", async () => {
    const customer = await signedInCustomer({ activated: false });
    expect(await sweepBothSizes({ token: customer.token, activated: false }, PLACEHOLDER_IDS, "not-activated", (device) => withSession(device.page, customer, false))).toEqual([]);
  }, 180_000);

  it("activated with cards and orders: every page opens, / and /login go to /recharge/2", async () => {
    const customer = await cardCustomer();
    const ids = await idsOf(customer);
    expect(await sweepBothSizes({ token: customer.token, activated: true }, ids, "activated", (device) => withSession(device.page, customer, true))).toEqual([]);
  }, 180_000);
});
