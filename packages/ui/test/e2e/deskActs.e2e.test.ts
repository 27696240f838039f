import { Money, RedeemCode, type Messages } from "@fuel/domain";
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { create as createQr } from "qrcode";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deskText, docShot, newStaff, signInAtDesk, type DeskCaller } from "./deskSupport.ts";
import { apiAs, baseUrl, cardCustomer, createFuelOrder, createRechargeOrder, dieselStationId, launch, orderStatusOf, payInSandbox, qrCodeOf, screenshot, scrollsSideways, signedInCustomer } from "./support.ts";

/**
 * The cashier's and the distributor's walks at the desk in Chromium (issue 26), in both
 * languages at 360x640: a paid fuel order's code typed, looked up, redeemed once and refused the
 * second time with who redeemed it, and refused to a cashier of another station; paid recharges
 * settled 'done' and rejected with a reason, as the customer's API then tells; and a redeem with
 * the network gone, which changes nothing.
 */
// A walk signs staff in, makes and pays orders and waits on a loaded machine's Chromium: more than the default 90 s when both cores are busy.
vi.setConfig({ testTimeout: 180_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const SMALL = { width: 360, height: 640 } as const;
const TABLET = { width: 834, height: 1112 } as const;
/** A counter's screen (issue 34). */
const COUNTER = { width: 1024, height: 768 } as const;
const SHOTS = process.env["SHOTS_DIR"] ?? "/tmp/shots-desk-acts/";
const shotTo = async (page: Page, name: string, fullPage = false): Promise<void> => {
  mkdirSync(SHOTS, { recursive: true });
  await screenshot(page, { path: `${SHOTS}${name}.png`, fullPage });
  await docShot(page, name);
};

const LOCALES: ReadonlyArray<Messages.Locale> = ["en", "zh-CN"];

interface DeskTab {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions of the page (a refused request is the test's, not one). */
  readonly errors: string[];
}

const deskTab = async (locale: Messages.Locale, viewport: { readonly width: number; readonly height: number } = SMALL): Promise<DeskTab> => {
  const context = await browser.newContext({ viewport, locale: locale === "zh-CN" ? "zh-CN" : "en-US", serviceWorkers: "block", isMobile: viewport.width < 600, hasTouch: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
};

/** A station of the demo catalogue other than the diesel one fuel orders are made at. */
const otherStationId = async (dieselId: number): Promise<number> => {
  const response = await fetch(`${baseUrl()}/api/station/current_city_list`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ city: "广州市" }) });
  const stations = ((await response.json()) as { data: Array<{ id: number }> }).data;
  const other = stations.find((s) => s.id !== dieselId);
  if (other === undefined) throw new Error("the demo catalogue has one station in Guangzhou");
  return other.id;
};

/** A paid 200-yuan fuel order of a new customer: its code, what goes into the pump, and the amount paid as the customer's detail has it. */
const paidFuelOrder = async (customer: { token: string; phone: string }): Promise<{ code: string; pump: string; paid: string; orderId: number }> => {
  const order = await createFuelOrder(customer, 20_000);
  await payInSandbox(order.orderId);
  const detail = await apiAs<{ amount: number; order_amount: number }>(customer.token, "/api/order/detail", { order_id: order.orderId });
  return { code: await qrCodeOf(customer.token, order.mchntNo), pump: Money.formatYuan(detail.order_amount), paid: Money.formatYuan(detail.amount), orderId: order.orderId };
};

/** The code as the customer's screen shows it and its QR encodes it: in groups of four (issue 34). */
const asShown = (code: string): string => RedeemCode.shownText(code);

/** The code as a driver reads it out and a cashier types it: lower case, with the gaps. */
const asTyped = (code: string): string => asShown(code).toLowerCase();

/**
 * Opens a tool: from the menu (an admin's), or where the desk opened already (a cashier's and a
 * distributor's one tool, issue 34).
 */
const openTool = async (page: Page, locale: Messages.Locale, title: "desk.menu.redeem" | "desk.menu.queue"): Promise<void> => {
  const heading = page.getByRole("heading", { name: deskText(locale, title) });
  if ((await heading.count()) === 0) await page.getByRole("link", { name: deskText(locale, title) }).click();
  await heading.waitFor();
};

/** The pump amount leads: shown, above the amount paid, in larger type. */
const expectPumpAmountFirst = async (page: Page, order: { readonly pump: string; readonly paid: string }): Promise<void> => {
  const found = page.getByTestId("found-order");
  const pump = found.getByTestId("pump-amount");
  expect(await pump.locator(".desk-pump-amount").textContent()).toBe(order.pump);
  const text = (await found.textContent()) ?? "";
  expect(text.indexOf(order.pump)).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(order.pump)).toBeLessThan(text.indexOf(order.paid));
  const pumpBox = await pump.locator(".desk-pump-amount").boundingBox();
  const paidBox = await found.locator(".desk-found-row").first().boundingBox();
  expect(pumpBox?.y ?? Infinity).toBeLessThan(paidBox?.y ?? 0);
  const size = (selector: string) => found.locator(selector).first().evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
  expect(await size(".desk-pump-amount")).toBeGreaterThan(2 * (await size(".desk-found-row dd")));
};

const lookUp = async (page: Page, locale: Messages.Locale, typed: string): Promise<void> => {
  await page.locator("#desk-code").fill(typed);
  await page.getByRole("button", { name: deskText(locale, "desk.cashier.lookUp") }).click();
};

const lookUpByApi = (caller: DeskCaller, code: string) => caller.post<{ may_redeem: boolean; order_status: number }>("/api/desk/lookup", { code });

let fuelCustomer: Promise<{ token: string; phone: string }> | undefined;
/** One customer for this file's fuel orders (each sign-up sends an SMS; the sandbox counts them per address). */
const customer = (): Promise<{ token: string; phone: string }> => (fuelCustomer ??= signedInCustomer());

describe.each(LOCALES)("the cashier at the desk (%s, 360x640)", (locale) => {
  it("opens on the redeem screen, types a paid order's code in lower case with its gaps, reads the pump amount first, redeems it once; a second look-up names who redeemed it; a typed unknown code is said as one; another station's cashier is refused", async () => {
    const t = (key: Parameters<typeof deskText>[1], params?: Readonly<Record<string, string | number>>) => deskText(locale, key, params);
    const stationId = await dieselStationId();
    const order = await paidFuelOrder(await customer());
    expect(order.pump).toBe("¥200.00");
    expect(RedeemCode.isCanonical(order.code)).toBe(true);
    const cashier = await newStaff("cashier", { stations: [stationId] });
    const { page, context, errors } = await deskTab(locale);
    await signInAtDesk(page, locale, cashier.name, cashier.password);
    // Issue 34: a cashier's one tool is where the desk opens.
    await page.getByRole("heading", { name: t("desk.menu.redeem") }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/desk/redeem");
    await shotTo(page, `redeem-empty-${locale}`);

    await lookUp(page, locale, asTyped(order.code));
    const found = page.getByTestId("found-order");
    await found.waitFor();
    await expectPumpAmountFirst(page, order);
    expect(await found.textContent()).toContain(t(`ordersStatus_paid`));
    expect(await scrollsSideways(page)).toBe(false);
    await shotTo(page, `redeem-found-${locale}`, true);

    await page.getByRole("button", { name: t("desk.cashier.redeem"), exact: true }).click();
    const summary = page.locator(".desk-redeemed-summary");
    await summary.waitFor();
    // What to pump, never the amount paid; and no line says 'paid' any more.
    expect(await summary.textContent()).toContain(order.pump);
    expect(await summary.textContent()).not.toContain(order.paid);
    expect(await found.locator(".desk-found-row dd").allTextContents()).not.toContain(t("ordersStatus_paid"));
    expect(await found.textContent()).toContain(cashier.name);
    await shotTo(page, `redeem-done-${locale}`, true);
    expect(await lookUpByApi(cashier.caller, order.code)).toMatchObject({ may_redeem: false, order_status: 3 });

    // The same code again: refused in words that say when and by whom.
    await page.getByRole("button", { name: t("desk.cashier.next") }).click();
    expect(await page.locator("#desk-code").inputValue()).toBe("");
    await lookUp(page, locale, order.code);
    const refusal = page.locator(".desk-refusal");
    await refusal.waitFor();
    const words = (await refusal.textContent()) ?? "";
    expect(words).toContain(cashier.name);
    expect(words).toMatch(locale === "en" ? /already used at \d{4}-\d{2}-\d{2} \d{2}:\d{2} by / : /已于\d{4}-\d{2}-\d{2} \d{2}:\d{2}由/);
    expect(await page.getByRole("button", { name: t("desk.cashier.redeem"), exact: true }).count()).toBe(0);
    await shotTo(page, `redeem-used-${locale}`, true);

    // A code typed with a slip: said as a typed code that does not exist, not as a bad QR.
    await page.getByRole("button", { name: t("desk.cashier.next") }).click();
    await lookUp(page, locale, `${asTyped(order.code).slice(0, -1)}${order.code.endsWith("Z") ? "y" : "z"}`);
    await expect.poll(() => page.locator(".desk-refusal").textContent()).toBe(t("TypedCodeUnknown"));
    await shotTo(page, `redeem-typed-unknown-${locale}`);
    expect(errors).toEqual([]);
    await context.close();

    // A cashier of another station learns only that.
    const elsewhere = await newStaff("cashier", { stations: [await otherStationId(stationId)] });
    const other = await deskTab(locale);
    const second = await paidFuelOrder(await customer());
    await signInAtDesk(other.page, locale, elsewhere.name, elsewhere.password);
    await openTool(other.page, locale, "desk.menu.redeem");
    await lookUp(other.page, locale, second.code);
    await expect.poll(() => other.page.locator(".desk-refusal").textContent()).toBe(t("QrOtherStation"));
    expect(await other.page.getByTestId("found-order").count()).toBe(0);
    await shotTo(other.page, `redeem-other-station-${locale}`);
    await other.context.close();
  });
});

describe.each(LOCALES)("the cashier at a counter's screen (%s, 1024x768)", (locale) => {
  it("types the code in lower case with its gaps, reads the pump amount first, and redeems it", async () => {
    const t = (key: Parameters<typeof deskText>[1], params?: Readonly<Record<string, string | number>>) => deskText(locale, key, params);
    const order = await paidFuelOrder(await customer());
    const cashier = await newStaff("cashier", { stations: [await dieselStationId()] });
    const { page, context, errors } = await deskTab(locale, COUNTER);
    await signInAtDesk(page, locale, cashier.name, cashier.password);
    await page.getByRole("heading", { name: t("desk.menu.redeem") }).waitFor();
    await lookUp(page, locale, asTyped(order.code));
    await page.getByTestId("found-order").waitFor();
    await expectPumpAmountFirst(page, order);
    // The whole order reads on one screen, with no sideways scrolling.
    const box = await page.getByTestId("pump-amount").boundingBox();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(COUNTER.height);
    expect(await scrollsSideways(page)).toBe(false);
    await shotTo(page, `redeem-found-counter-${locale}`);
    await page.getByRole("button", { name: t("desk.cashier.redeem"), exact: true }).click();
    await page.locator(".desk-redeemed-summary").waitFor();
    expect(await page.locator(".desk-redeemed-summary").textContent()).toContain(order.pump);
    await shotTo(page, `redeem-done-counter-${locale}`, true);
    expect(await lookUpByApi(cashier.caller, order.code)).toMatchObject({ order_status: 3 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the cashier without a network", () => {
  it("a redeem sent offline says nothing changed, and the code is still unredeemed on the server", async () => {
    const locale: Messages.Locale = "en";
    const order = await paidFuelOrder(await customer());
    const cashier = await newStaff("cashier", { stations: [await dieselStationId()] });
    const { page, context } = await deskTab(locale);
    await signInAtDesk(page, locale, cashier.name, cashier.password);
    await openTool(page, locale, "desk.menu.redeem");
    await lookUp(page, locale, order.code);
    await page.getByTestId("found-order").waitFor();

    await context.setOffline(true);
    await page.getByRole("button", { name: deskText(locale, "desk.cashier.redeem"), exact: true }).click();
    await expect.poll(() => page.locator(".desk-warning").textContent()).toBe(deskText(locale, "desk.cashier.redeemOffline"));
    expect(await page.locator(".desk-redeemed").count()).toBe(0);
    await shotTo(page, "redeem-offline-en", true);
    expect(await lookUpByApi(cashier.caller, order.code)).toMatchObject({ may_redeem: true, order_status: 2 });

    // Back online, the same button redeems it.
    await context.setOffline(false);
    await page.getByRole("button", { name: deskText(locale, "desk.cashier.redeem"), exact: true }).click();
    await page.locator(".desk-redeemed-summary").waitFor();
    expect(await lookUpByApi(cashier.caller, order.code)).toMatchObject({ may_redeem: false, order_status: 3 });
    await context.close();
  });
});

describe.each(LOCALES)("the distributor at the desk (%s, 360x640)", (locale) => {
  it("settles a paid recharge 'done' and rejects another with a reason; each leaves the queue and the customer's order says so", async () => {
    const t = (key: Parameters<typeof deskText>[1], params?: Readonly<Record<string, string | number>>) => deskText(locale, key, params);
    const owner = await cardCustomer();
    const toSettle = await createRechargeOrder(owner, 10_000);
    await payInSandbox(toSettle.orderId);
    const toReject = await createRechargeOrder(owner, 20_000);
    await payInSandbox(toReject.orderId);
    const distributor = await newStaff("distributor");
    const { page, context, errors } = await deskTab(locale);
    await signInAtDesk(page, locale, distributor.name, distributor.password);
    await openTool(page, locale, "desk.menu.queue");

    const rowOf = (orderId: number) => page.locator(`li[data-order-id="${orderId}"]`);
    await rowOf(toSettle.orderId).waitFor();
    await rowOf(toReject.orderId).waitFor();
    expect(await rowOf(toSettle.orderId).textContent()).toContain(owner.phone);
    expect(await rowOf(toSettle.orderId).textContent()).toContain(Money.formatYuan(10_000));
    expect(await scrollsSideways(page)).toBe(false);
    await shotTo(page, `queue-${locale}`);

    await rowOf(toSettle.orderId).getByRole("button", { name: t("desk.distributor.done") }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(t("desk.distributor.doneTitle")).waitFor();
    expect(await dialog.textContent()).toContain(Money.formatYuan(10_000));
    await shotTo(page, `queue-done-confirm-${locale}`);
    await dialog.getByRole("button", { name: t("desk.distributor.doneConfirmButton") }).click();
    await rowOf(toSettle.orderId).waitFor({ state: "detached" });
    expect(await orderStatusOf(owner.token, toSettle.orderId)).toBe(3);

    await rowOf(toReject.orderId).getByRole("button", { name: t("desk.distributor.reject") }).click();
    await page.locator("#desk-reject-reason").waitFor();
    await page.getByRole("button", { name: t("desk.distributor.rejectButton") }).click();
    await expect.poll(() => page.locator("#desk-reject-error").textContent()).toBe(t("RejectionReasonMissing"));
    await page.locator("#desk-reject-reason").fill(locale === "en" ? "the card is frozen by the fleet" : "该卡已被车队冻结");
    await shotTo(page, `queue-reject-${locale}`);
    await page.getByRole("button", { name: t("desk.distributor.rejectButton") }).click();
    await rowOf(toReject.orderId).waitFor({ state: "detached" });
    expect(await orderStatusOf(owner.token, toReject.orderId)).toBe(6);
    const rejected = await apiAs<{ reason: string | null }>(owner.token, "/api/order/detail", { order_id: toReject.orderId });
    expect(rejected.reason).toBe(locale === "en" ? "the card is frozen by the fleet" : "该卡已被车队冻结");
    await shotTo(page, `queue-after-${locale}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * A camera's picture of `text` as a QR code, black on white, as a Y4M file Chromium's fake camera
 * plays (`--use-file-for-fake-video-capture`): 640x480, 4:2:0, full-range grey levels.
 */
const cameraFileShowing = (text: string): string => {
  const width = 640;
  const height = 480;
  const modules = createQr(text, { errorCorrectionLevel: "M" }).modules;
  const side = modules.size + 8;
  const scale = Math.floor((height * 0.8) / side);
  const left = Math.floor((width - side * scale) / 2);
  const top = Math.floor((height - side * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col) === 0) continue;
      for (let y = 0; y < scale; y++) luma.fill(0, (top + (row + 4) * scale + y) * width + left + (col + 4) * scale, (top + (row + 4) * scale + y) * width + left + (col + 5) * scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const path = `${SHOTS}camera-${Date.now()}.y4m`;
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return path;
};

describe("the cashier's camera", () => {
  it("reads a customer's QR code from the camera (jsQR where the browser has no BarcodeDetector), turns the camera off and looks the code up", async () => {
    const locale: Messages.Locale = "en";
    const order = await paidFuelOrder(await customer());
    const cashier = await newStaff("cashier", { stations: [await dieselStationId()] });
    const camera = await chromium.launch({
      executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${cameraFileShowing(asShown(order.code))}`],
    });
    try {
      const context = await camera.newContext({ viewport: SMALL, serviceWorkers: "block", permissions: ["camera"] });
      const page = await context.newPage();
      await signInAtDesk(page, locale, cashier.name, cashier.password);
      await openTool(page, locale, "desk.menu.redeem");
      await page.getByRole("button", { name: deskText(locale, "desk.cashier.scan") }).click();
      await shotTo(page, "redeem-scanning-en");
      const found = page.getByTestId("found-order");
      await found.waitFor({ timeout: 30_000 });
      await expectPumpAmountFirst(page, order);
      // The QR holds the code as the customer's screen shows it, and the field shows what was read.
      expect(await page.locator("#desk-code").inputValue()).toBe(asShown(order.code));
      // The camera is off once a code is read: the scanner and its picture are gone.
      expect(await page.locator("video").count()).toBe(0);
      await shotTo(page, "redeem-scanned-en", true);
      await context.close();
    } finally {
      await camera.close();
    }
  });

  it("a refused camera is said in words and the typed field stays", async () => {
    const locale: Messages.Locale = "zh-CN";
    const cashier = await newStaff("cashier", { stations: [await dieselStationId()] });
    const { page, context } = await deskTab(locale);
    await signInAtDesk(page, locale, cashier.name, cashier.password);
    await openTool(page, locale, "desk.menu.redeem");
    await page.getByRole("button", { name: deskText(locale, "desk.cashier.scan") }).click();
    // Chromium without a camera device answers NotFoundError, or NotAllowedError where it asks no one.
    const said = page.locator(".desk-scanner [role=alert]");
    await said.waitFor();
    expect([deskText(locale, "desk.cashier.cameraRefused"), deskText(locale, "desk.cashier.noCamera")]).toContain(await said.textContent());
    expect(await page.locator("#desk-code").isVisible()).toBe(true);
    await shotTo(page, "redeem-no-camera-zh-CN");
    await context.close();
  });
});

describe("the desk's acts at a tablet's width", () => {
  it("the redeem and queue screens keep one readable column", async () => {
    const admin = await newStaff("admin");
    for (const locale of LOCALES) {
      const { page, context } = await deskTab(locale, TABLET);
      await signInAtDesk(page, locale, admin.name, admin.password);
      await openTool(page, locale, "desk.menu.redeem");
      await lookUp(page, locale, (await paidFuelOrder(await customer())).code);
      await page.getByTestId("found-order").waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await shotTo(page, `redeem-tablet-${locale}`);
      await page.goto(`${baseUrl()}/desk/queue`);
      await page.getByRole("heading", { name: deskText(locale, "desk.menu.queue") }).waitFor();
      await page.locator(".desk-queue-list, .desk-empty").first().waitFor();
      await shotTo(page, `queue-tablet-${locale}`);
      await context.close();
    }
  });
});
