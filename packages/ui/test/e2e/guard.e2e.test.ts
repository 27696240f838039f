import { Routes } from "@fuel/domain";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, phone, scrollsSideways, signedInCustomer, withSession, type Phone } from "./support.ts";

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

/** A concrete address for each route of spec §2 (`:id` filled in). */
const addresses = Routes.ROUTES.map((route) => route.path.replace(/:[a-z_]+/g, "7"));

// /wechatlogin leaves the app for the sign-in provider by design: checked by the sign-in tests.
const staysInApp = (path: string) => path !== "/wechatlogin";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const sweep = async (device: Phone, session: Routes.Session) => {
  const wrong: string[] = [];
  for (const path of addresses.filter(staysInApp)) {
    await device.page.goto(`${baseUrl()}${path}`, { waitUntil: "networkidle" });
    const expected = landing(path, session);
    const at = new URL(device.page.url()).pathname;
    if (at !== expected) wrong.push(`${path}: at ${at}, expected ${expected}`);
    if (await scrollsSideways(device.page)) wrong.push(`${path}: scrolls sideways`);
  }
  return wrong;
};

describe("the guard on every route of spec §2, in Chromium", () => {
  it("signed out: public pages open, protected ones go to /login", async () => {
    const device = await phone(browser);
    expect(await sweep(device, { token: null, activated: false })).toEqual([]);
    expect(device.errors).toEqual([]);
    await device.context.close();
  });

  it("signed in without activation: protected pages go to /activated", async () => {
    const customer = await signedInCustomer({ activated: false });
    const device = await phone(browser);
    await withSession(device.page, customer, false);
    expect(await sweep(device, { token: customer.token, activated: false })).toEqual([]);
    expect(device.errors).toEqual([]);
    await device.context.close();
  });

  it("activated: every page opens, / and /login go to /recharge/2", async () => {
    const customer = await signedInCustomer({ activated: true });
    const device = await phone(browser);
    await withSession(device.page, customer, true);
    expect(await sweep(device, { token: customer.token, activated: true })).toEqual([]);
    expect(device.errors).toEqual([]);
    await device.context.close();
  });
});
