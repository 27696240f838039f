import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  buyCard,
  cardCustomer,
  cardsOf,
  createFuelOrder,
  createRechargeOrder,
  dieselStationId,
  launch,
  payInSandbox,
  phone,
  scrollsSideways,
  settleRecharge,
  shot,
  signedInCustomer,
  withSession,
} from "./support.ts";

/**
 * One screenshot of every screen the app has, in English and Chinese, at 390x844. With
 * UPDATE_SCREENS=1 they are written to docs/screens/ with docs/screens.md listing them;
 * otherwise to test/e2e/screenshots/. Each must render without sideways scroll or console errors.
 */

type SessionKind = "signed out" | "activated" | "card owner";

/**
 * Filled in before the pictures: a diesel station, a paid order and an unpaid one of the customer;
 * the card owner's virtual card, a paid recharge, a rejected one and a paid card purchase.
 */
const ids = { station: 0, paid: 0, paidNumber: "", unpaid: 0, virtualCard: "", rechargePaid: 0, rechargeRejected: 0, purchase: 0 };

interface Screen {
  readonly name: string;
  /** The address, or a function of the ids made in beforeAll. */
  readonly path: string | ((made: typeof ids) => string);
  readonly session: SessionKind;
  /** What must be on screen before the picture is taken. */
  readonly ready?: (page: Page) => Promise<unknown>;
  /** What the customer does on the page before the picture (fills a form, opens a dialog). */
  readonly act?: (page: Page) => Promise<unknown>;
}

/** A recharge of the demo entity card with a station, as /recharge2 makes it, up to its checklist. */
const fillRecharge = async (page: Page): Promise<void> => {
  await page.locator("label", { hasText: /1234567/ }).first().click();
  await page.locator("#recharge-amount").fill("500");
  await page.locator("a[href^='/rechargeStationList']").first().click();
  await page.waitForURL(/\/rechargeStationList/);
  await page.locator(".station-card button:not([disabled])").first().click();
  await page.waitForURL(/\/recharge2/);
  await page.locator("button[type=submit]").click();
  await page.waitForURL(/\/rechargeordernew/);
};

const cards = (page: Page) => page.locator(".station-card").first().waitFor();

const SCREENS: ReadonlyArray<Screen> = [
  // issue 11: sign-in
  { name: "login", path: "/login", session: "signed out" },
  { name: "register", path: "/register", session: "signed out" },
  { name: "bind-phone", path: "/bindPhone", session: "signed out" },
  { name: "forget-password", path: "/forgetPassword", session: "signed out" },
  { name: "activated", path: "/activated", session: "activated" },
  // issue 11: account
  { name: "personal", path: "/personal", session: "activated", ready: (page) => page.getByText(/\*\*\*\*/).first().waitFor() },
  { name: "setting", path: "/setting", session: "activated" },
  { name: "set-password", path: "/setPassword", session: "activated" },
  { name: "reset-password", path: "/resetPassword", session: "activated" },
  { name: "coupons", path: "/coupons", session: "activated" },
  { name: "contact", path: "/contact", session: "activated", ready: (page) => page.locator('a[href^="tel:"]').first().waitFor() },
  // issue 11: finding a station
  { name: "station-list", path: "/stationlist", session: "activated", ready: cards },
  { name: "city-list", path: "/citylist", session: "activated" },
  { name: "station-map", path: "/stationmap?station_id=1", session: "activated", ready: (page) => page.getByRole("img").first().waitFor() },
  { name: "test-station-list", path: "/testStationlist", session: "activated", ready: cards },
  // issue 12: ordering, paying, orders
  { name: "one-key-gas", path: (m) => `/oneKeyGas?station_id=${m.station}`, session: "activated", ready: (page) => page.locator("#order-amount").waitFor() },
  { name: "order-list", path: "/orderlist?tab=all", session: "activated", ready: (page) => page.locator(".order-card").first().waitFor() },
  { name: "order-list-unpaid", path: "/orderlist?tab=unpaid", session: "activated", ready: (page) => page.getByRole("timer").first().waitFor() },
  { name: "order-detail-paid", path: (m) => `/orderDetail/${m.paid}`, session: "activated", ready: (page) => page.locator(".order-qr-text").waitFor() },
  { name: "order-detail-unpaid", path: (m) => `/orderDetail/${m.unpaid}`, session: "activated", ready: (page) => page.getByRole("timer").first().waitFor() },
  // issue 22: the code shown is the server's for the customer's order, never the link's check_code
  { name: "pay-callback", path: (m) => `/paycallback?sub_mch_id=1900000109&out_trade_no=${m.paidNumber}&check_code=81726354`, session: "activated", ready: (page) => page.getByTestId("redemption-code").waitFor() },
  { name: "pay-callback-unconfirmed", path: "/paycallback?sub_mch_id=1900000109&out_trade_no=FO2026112300000001&check_code=81726354", session: "activated", ready: (page) => page.getByRole("alert").first().waitFor() },
  // issue 13: fuel cards
  { name: "card-page-entity", path: "/recharge/2", session: "card owner", ready: (page) => page.locator("label.adm-radio").first().waitFor() },
  { name: "card-page-all", path: "/recharge", session: "card owner", ready: (page) => page.locator("label.adm-radio").first().waitFor() },
  { name: "card-page-virtual", path: (m) => `/recharge/1/${m.virtualCard}`, session: "card owner", ready: (page) => page.locator("label.adm-radio").first().waitFor() },
  { name: "card-page-empty", path: "/recharge/2", session: "activated", ready: (page) => page.locator(".adm-error-block").first().waitFor() },
  { name: "recharge2", path: "/recharge2", session: "card owner", ready: (page) => page.locator("label.adm-radio").first().waitFor() },
  { name: "recharge-station-list", path: "/rechargeStationList", session: "card owner", ready: cards },
  { name: "recharge-checklist", path: "/recharge2", session: "card owner", act: fillRecharge },
  { name: "recharge-checklist-empty", path: "/rechargeordernew", session: "activated" },
  { name: "heartcard", path: "/heartcard", session: "card owner", act: (page) => page.locator("#purchase-amount").fill("1000") },
  { name: "recharge-detail-paid", path: (m) => `/orderDetail/2/${m.rechargePaid}`, session: "card owner", ready: (page) => page.locator(".recharge-qr canvas, .recharge-qr svg, .recharge-qr img").first().waitFor() },
  { name: "recharge-detail-rejected", path: (m) => `/orderDetail/2/${m.rechargeRejected}`, session: "card owner", ready: (page) => page.locator(".recharge-rejected, [role=alert]").first().waitFor().catch(() => undefined) },
  { name: "card-purchase-detail", path: (m) => `/orderDetail/2/${m.purchase}`, session: "card owner", ready: (page) => page.locator(".recharge-qr canvas, .recharge-qr svg, .recharge-qr img").first().waitFor() },
  { name: "order-list-cards", path: "/orderlist?tab=all", session: "card owner", ready: (page) => page.locator(".order-card").first().waitFor() },
  // the shell
  { name: "not-found", path: "/no/such/page", session: "signed out" },
];

const addressOf = (screen: Screen): string => (typeof screen.path === "string" ? screen.path : screen.path(ids));

const docsDir = fileURLToPath(new URL("../../../../docs/screens/", import.meta.url));
const update = process.env["UPDATE_SCREENS"] === "1";
const LOCALES = [
  { locale: "en-US", label: "English" },
  { locale: "zh-CN", label: "中文" },
] as const;

let browser: Browser;
let token: string;
let cardToken: string;
beforeAll(async () => {
  browser = await launch();
  const customer = await signedInCustomer({ activated: true });
  token = customer.token;
  const owner = await cardCustomer();
  cardToken = owner.token;
  const recharge = await createRechargeOrder(owner, 30_000);
  await payInSandbox(recharge.orderId);
  ids.rechargePaid = recharge.orderId;
  const rejected = await createRechargeOrder(owner, 20_000);
  await payInSandbox(rejected.orderId);
  await settleRecharge(rejected.orderId, "rejected", "card frozen by the fleet");
  ids.rechargeRejected = rejected.orderId;
  const purchase = await buyCard(owner, 100_000);
  await payInSandbox(purchase.orderId);
  ids.purchase = purchase.orderId;
  ids.virtualCard = (await cardsOf(owner.token)).virtual_list[0]?.card_num ?? "";
  ids.station = await dieselStationId();
  const paid = await createFuelOrder(customer, 20000);
  await payInSandbox(paid.orderId);
  ids.paid = paid.orderId;
  ids.paidNumber = paid.mchntNo;
  ids.unpaid = (await createFuelOrder(customer, 15000)).orderId;
});
afterAll(async () => {
  await browser.close();
  if (update) {
    const rows = SCREENS.map((s) => `| \`${addressOf(s)}\` (${s.session}) | ![${s.name} en](screens/${s.name}-en-US.png) | ![${s.name} zh](screens/${s.name}-zh-CN.png) |`);
    writeFileSync(
      fileURLToPath(new URL("../../../../docs/screens.md", import.meta.url)),
      [
        "# Screens",
        "",
        "Every screen of the app at 390x844 in English and Chinese, taken in Debian's Chromium against the real server",
        "(sandbox, demo data) by `packages/ui/test/e2e/screens.e2e.test.ts`. Regenerate with",
        "`UPDATE_SCREENS=1 npm run test:e2e -w @fuel/ui -- screens`.",
        "",
        "The staff desk's screens (`/desk`, issue 26) are in [desk-screens.md](desk-screens.md).",
        "",
        "| screen | English | 中文 |",
        "|---|---|---|",
        ...rows,
        // Issue 35's screens are taken by invoices.e2e.test.ts: their section is kept as it is.
        ...invoiceSection(),
        "",
      ].join("\n"),
    );
  }
});

/** The invoices section of docs/screens.md (written by invoices.e2e.test.ts's pictures), kept when this file rewrites it. */
const invoiceSection = (): string[] => {
  const current = readFileSync(fileURLToPath(new URL("../../../../docs/screens.md", import.meta.url)), "utf8");
  const at = current.indexOf("\n## Invoices (issue 35)");
  return at < 0 ? [] : current.slice(at).replace(/\n+$/, "").split("\n");
};

/** Every screen in one language: the problems found (sideways scroll, console errors). */
const screensIn = async (locale: (typeof LOCALES)[number]["locale"]): Promise<string[]> => {
  const device = await phone(browser, { locale });
  const problems: string[] = [];
  for (const screen of SCREENS) {
    if (screen.session === "activated") await withSession(device.page, { token }, true);
    else if (screen.session === "card owner") await withSession(device.page, { token: cardToken }, true);
    else await device.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await device.page.goto(`${baseUrl()}${addressOf(screen)}`, { waitUntil: "networkidle" });
    await screen.ready?.(device.page);
    await screen.act?.(device.page);
    await device.page.waitForTimeout(300); // toasts and transitions settle
    if (await scrollsSideways(device.page)) problems.push(`${locale} ${screen.name}: scrolls sideways`);
    const name = `${screen.name}-${locale}`;
    if (update) {
      mkdirSync(docsDir, { recursive: true });
      await device.page.screenshot({ path: `${docsDir}${name}.png` });
    } else {
      await shot(device.page, name);
    }
  }
  problems.push(...device.errors.map((e) => `${locale} console: ${e}`));
  await device.context.close();
  return problems;
};

describe("every screen, in both languages", () => {
  it("renders every screen in English and Chinese (two pages at once) without sideways scroll or console errors", async () => {
    expect((await Promise.all(LOCALES.map(({ locale }) => screensIn(locale)))).flat()).toEqual([]);
  }, 300_000);
});
