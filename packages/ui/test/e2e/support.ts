import { Pricing } from "@fuel/domain";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { serverAddress } from "./serverAddress.ts";

/** The real server serving the built UI: this test file's own (perFileServer.ts). */
export const baseUrl = (): string => serverAddress();

/** Guangzhou, near the demo catalogue's stations there. */
export const GUANGZHOU = { latitude: 23.1291, longitude: 113.2644 } as const;

/** Screenshots go here (ignored by git); docs/screens holds the chosen ones. */
export const SHOTS_DIR = fileURLToPath(new URL("./screenshots/", import.meta.url));

/** Flags that work on these machines (no sandbox as root, no network beyond loopback). */
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export const launch = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });

export interface Phone {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  readonly errors: string[];
}

/**
 * A 390x844 phone (the size) with the app's language and, unless refused, the position
 * granted. Console errors are collected so a test can require none.
 */
export const phone = async (
  browser: Browser,
  options: { readonly locale?: "en-US" | "zh-CN"; readonly location?: "granted" | "refused"; readonly viewport?: { width: number; height: number } } = {},
): Promise<Phone> => {
  const granted = (options.location ?? "granted") === "granted";
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? "en-US",
    ...(granted ? { geolocation: GUANGZHOU, permissions: ["geolocation"] } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    // A refused request is reported by the browser as a console error; the app's handling of it is
    // what the tests check, so only the app's own errors count here.
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
};

/**
 * Whether the browser tests save the screenshots they take for a person to look at: yes, unless
 * `E2E_SHOTS=0` (CI: hundreds of PNGs nobody opens there cost about a minute of its two cores).
 * The docs' screenshots (UPDATE_SCREENS=1) are written whatever this says.
 */
const screenshotsWanted = process.env["E2E_SHOTS"] !== "0";

/** A screenshot to look at (see {@link screenshotsWanted}). */
export const screenshot = async (page: Page, options: { readonly path: string; readonly fullPage?: boolean }): Promise<void> => {
  if (screenshotsWanted) await page.screenshot(options);
};

/** Saves a screenshot under test/e2e/screenshots/<name>.png. */
export const shot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await screenshot(page, { path: `${SHOTS_DIR}${name}.png` });
};

/** Whether the page scrolls sideways (it must not at phone widths). */
export const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const api = async <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> => {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const envelope = (await response.json()) as { status: string; message: string; data: T };
  if (envelope.status !== "success") throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
};

/** Fresh single-use invite codes from the sandbox operator route. */
export const inviteCodes = async (count = 1): Promise<string[]> =>
  (await api<{ codes: string[] }>("/api/sandbox/invite-codes", { body: { count } })).codes;

/** The SMS code the sandbox "sent" to a phone. */
export const smsCode = async (phoneNumber: string): Promise<string> =>
  (await api<{ code: string }>(`/api/sandbox/sms?phone=${phoneNumber}`)).code;

/** Puts a phone on the blacklist through the sandbox operator route. */
export const blacklist = async (phoneNumber: string): Promise<void> => {
  await api("/api/sandbox/blacklist", { body: { phone: phoneNumber } });
};

let phoneCounter = 0;
/** A phone number no other test uses (the SMS limits are per phone). */
export const newPhoneNumber = (): string => `139${String(Date.now() % 1e6).padStart(6, "0")}${String(++phoneCounter % 100).padStart(2, "0")}`;

/**
 * Signs a new customer in through the API (sandbox OAuth code, SMS proof, bind, optionally
 * activate) and returns the token: for tests about what comes after sign-in.
 */
export const signedInCustomer = async (
  options: { readonly activated?: boolean; readonly followsOfficialAccount?: boolean } = {},
): Promise<{ token: string; phone: string }> => {
  const { code } = await api<{ code: string }>("/api/sandbox/oauth/code", { body: { follows_official_account: options.followsOfficialAccount ?? true } });
  const auth = await api<{ info: { openid: string } }>("/api/wechatauth", { body: { code } });
  const phoneNumber = newPhoneNumber();
  await api("/api/sendsms", { body: { phone: phoneNumber } });
  const captcha = await smsCode(phoneNumber);
  await api("/api/check_captcha", { body: { phone: phoneNumber, captcha, openid: auth.info.openid } });
  const bound = await api<{ token: string }>("/api/bindphone", { body: { phone: phoneNumber, openid: auth.info.openid } });
  if (options.activated ?? true) {
    const [invite] = await inviteCodes(1);
    await api("/api/activacode/check", { body: { code: invite }, token: bound.token });
  }
  return { token: bound.token, phone: phoneNumber };
};

/**
 * Opens the app with a session already on the device (the token store's keys). Another
 * customer's session also starts with an empty tab (drafts kept per tab belong to the one before).
 */
export const withSession = async (page: Page, session: { token: string }, activated = true): Promise<void> => {
  await page.goto(`${baseUrl()}/nowhere-yet`);
  await page.evaluate(
    ([token, act]) => {
      if (localStorage.getItem("fuel.token") !== token) sessionStorage.clear();
      localStorage.setItem("fuel.token", token);
      if (act) localStorage.setItem("fuel.activated", "1");
    },
    [session.token, activated] as const,
  );
};

/** A signed-in API call (the app's own calls go through the UI; tests set up state with these). */
export const apiAs = <T>(token: string, path: string, body: unknown): Promise<T> => api<T>(path, { body, token });

/** The id of a station of the demo catalogue that sells diesel 0#. */
export const dieselStationId = async (): Promise<number> => {
  const stations = await api<Array<{ id: number; sell_type: string }>>("/api/station/current_city_list", { body: { city: "广州市" } });
  const diesel = stations.find((s) => s.sell_type.split(/[;；]/).includes("0#"));
  if (diesel === undefined) throw new Error("no diesel station in the demo catalogue");
  return diesel.id;
};

/** A fuel order made through the API (unpaid), as the app's checklist would make it. */
export const createFuelOrder = async (customer: { token: string; phone: string }, amountCents = 10000): Promise<{ orderId: number; mchntNo: string }> => {
  const stationId = await dieselStationId();
  const created = await api<{ merchOrderNo: string; order_id?: number }>("/api/order/create", {
    token: customer.token,
    body: { gas_Type: "0#", order_amount: String(amountCents), phone: customer.phone, station_id: stationId, paytype: "wechat" },
  });
  const detail = await api<Array<{ order_id: number; mchnt_order_no: string }> | { data: Array<{ order_id: number; mchnt_order_no: string }> }>("/api/order/list", {
    token: customer.token,
    body: { page: 1, order_status: "unpaid" },
  });
  const list = Array.isArray(detail) ? detail : detail.data;
  const order = list.find((o) => o.mchnt_order_no === created.merchOrderNo);
  if (order === undefined) throw new Error("the new order is not in the unpaid list");
  return { orderId: order.order_id, mchntNo: created.merchOrderNo };
};

/** Pays an order on the sandbox pay sheet's server side ('ok'). */
export const payInSandbox = async (orderId: number): Promise<void> => {
  await api("/api/sandbox/pay", { body: { order_id: orderId, result: "ok" } });
};

/** The cashier QR of a paid fuel order, as the server issues it. */
export const qrCodeOf = async (token: string, mchntNo: string): Promise<string> =>
  (await api<{ qrcode: string }>("/api/kepai/getqrcode", { token, body: { orderNumber: mchntNo } })).qrcode;

/** The sandbox cashier scans a code. */
export const redeemAtCashier = async (qrcode: string): Promise<void> => {
  await api("/api/sandbox/cashier/redeem", { body: { qrcode } });
};

/** Moves the sandbox server's clock forward (every later test sees the new time). */
export const advanceServerClock = async (seconds: number): Promise<void> => {
  await api("/api/sandbox/clock", { body: { advance_seconds: seconds } });
};

/** An order's status code as the server has it now. */
export const orderStatusOf = async (token: string, orderId: number): Promise<number> =>
  (await api<{ order_status: number }>("/api/order/detail", { token, body: { order_id: orderId } })).order_status;

/** The demo phone whose fuel cards the seed registers (packages/server/src/seed/demoCards.ts). */
export const CARD_PHONE = "13912345678";
/** The other demo phone with cards (an entity card 2345678 of another team). */
export const SECOND_CARD_PHONE = "13800138000";

/**
 * The customer who owns the demo cards of `phoneNumber`, activated, following the official
 * account or not. The first call binds the phone to `openid`; later calls (any test file, the
 * same server) sign the same customer in again, since a phone is bound to one account, and each
 * sign-in sets the follow flag anew.
 */
const cardOwner = async (phoneNumber: string, openid: string, follows: boolean): Promise<{ token: string; phone: string }> => {
  const { code } = await api<{ code: string }>("/api/sandbox/oauth/code", { body: { openid, follows_official_account: follows } });
  const auth = await api<{ unBindPhone: boolean; token?: string; is_activated: boolean; info: { openid: string } }>("/api/wechatauth", { body: { code } });
  let token = auth.token;
  if (auth.unBindPhone || token === undefined) {
    await api("/api/sendsms", { body: { phone: phoneNumber } });
    const captcha = await smsCode(phoneNumber);
    await api("/api/check_captcha", { body: { phone: phoneNumber, captcha, openid: auth.info.openid } });
    token = (await api<{ token: string }>("/api/bindphone", { body: { phone: phoneNumber, openid: auth.info.openid } })).token;
  }
  if (!auth.is_activated) {
    const [invite] = await inviteCodes(1);
    await api("/api/activacode/check", { body: { code: invite }, token });
  }
  return { token, phone: phoneNumber };
};

/** The owner of the demo cards of {@link CARD_PHONE}, following the official account. */
export const cardCustomer = (): Promise<{ token: string; phone: string }> => cardOwner(CARD_PHONE, "e2e-card-customer", true);

/** The owner of the demo cards of {@link SECOND_CARD_PHONE}, following the official account or not. */
export const signedInCardOwner = (options: { readonly followsOfficialAccount: boolean }): Promise<{ token: string; phone: string }> =>
  cardOwner(SECOND_CARD_PHONE, "e2e-second-card-owner", options.followsOfficialAccount);

/** The customer's cards as the server lists them. */
export const cardsOf = async (token: string): Promise<{ entity_list: Array<{ card_num: string; last_number: string; team: string; card_type: number }>; virtual_list: Array<{ card_num: string; last_number: string; team: string; card_type: number }> }> =>
  api("/api/recharge/cardlist", { token });

/** A recharge order of the customer's first entity card made through the API (unpaid), as the checklist would make it. */
export const createRechargeOrder = async (customer: { token: string; phone: string }, amountCents = 10000): Promise<{ orderId: number }> => {
  const [card] = (await cardsOf(customer.token)).entity_list;
  if (card === undefined) throw new Error("the card customer has no entity card");
  const info = await api<{ price_0_shiti: number; price_0_original: number; entity_common_num: string }>("/api/webinfo/read", { token: customer.token });
  const amount = Pricing.payableCents(amountCents, info.price_0_shiti, info.price_0_original);
  const created = await api<{ order_id: number }>("/api/rechargeorder/create", {
    token: customer.token,
    body: {
      gas_Type: "0#",
      card_type: card.card_type,
      last_number: card.last_number,
      order_amount: String(amountCents),
      amount,
      phone: customer.phone,
      team: card.team,
      station_id: await dieselStationId(),
      paytype: "fy",
    },
  });
  return { orderId: created.order_id };
};

/** The sandbox card distributor settles a paid recharge: done, or rejected with a reason. */
export const settleRecharge = async (orderId: number, result: "done" | "rejected", reason?: string): Promise<void> => {
  await api("/api/sandbox/recharge/settle", { body: { order_id: orderId, result, ...(reason === undefined ? {} : { reason }) } });
};

/** A card purchase (/heartcard) made through the API (unpaid), at the page's price. */
export const buyCard = async (customer: { token: string; phone: string }, amountCents: number): Promise<{ orderId: number }> => {
  const created = await api<{ order_id: number }>("/api/rechargeorder/buycard", {
    token: customer.token,
    body: { order_amount: String(amountCents), amount: Pricing.cardPurchaseQuote(amountCents as never).payable, phone: customer.phone, paytype: "fy" },
  });
  return { orderId: created.order_id };
};
