import type { Messages } from "@fuel/domain";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { deskTextOf, type DeskTextKey } from "../../src/desk/i18n/deskCatalogue.ts";
import { deskAdminOneTimePassword, serverAddress } from "./serverAddress.ts";

/**
 * The staff desk's browser tests (issue 26): staff made over the desk's own API, as an admin
 * makes them, and signed in at /desk as a person does. Each test file has its own server, so its
 * first admin (`desk.admin`, the one-time password the server printed) is set up once per file.
 */

/** The desk's text of a key in a locale, as the desk shows it. */
export const deskText = (locale: Messages.Locale, key: DeskTextKey, params?: Readonly<Record<string, string | number>>): string => deskTextOf(key, locale, params);

/** A desk session over HTTP: its cookie, and calls from this server's own origin (the desk's CSRF rule). */
export interface DeskCaller {
  readonly post: <T>(path: string, body: unknown) => Promise<T>;
  readonly get: <T>(path: string) => Promise<T>;
}

interface Envelope<T> {
  readonly status: string;
  readonly message: string;
  readonly data: T;
}

const callerWith = (cookie: string): DeskCaller => {
  const request = async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${serverAddress()}${path}`, {
      method,
      headers: { cookie, origin: serverAddress(), ...(method === "POST" ? { "content-type": "application/json" } : {}) },
      ...(method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.status !== "success") throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
    return envelope.data;
  };
  return { post: (path, body) => request("POST", path, body), get: (path) => request("GET", path) };
};

let apiAddresses = 0;

/**
 * Signs in over HTTP: the session's caller (a one-time password must still be changed before any
 * act). Each such sign-in comes, through the test server's trusted proxy (perFileServer.ts), from
 * an address of its own (198.18.0.0/15, for tests): the desk allows 20 sign-ins a minute per
 * address, and those a file's browser makes are the ones under test.
 */
export const deskSignIn = async (name: string, password: string): Promise<DeskCaller> => {
  const n = ++apiAddresses;
  const response = await fetch(`${serverAddress()}/api/desk/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: serverAddress(), "x-forwarded-for": `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` },
    body: JSON.stringify({ name, password }),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (!response.ok || cookie === "") throw new Error(`desk sign-in of ${name}: ${response.status} ${await response.text()}`);
  return callerWith(cookie);
};

/** The password every staff member of the browser tests sets at first sign-in (at least 10 characters). */
export const STAFF_PASSWORD = "station-pass-2026";

let admin: Promise<DeskCaller> | undefined;

/**
 * This file's first admin, signed in with their own password: set once from the printed one-time
 * password, unless the test already set it ({@link STAFF_PASSWORD}) through the browser.
 */
export const deskAdmin = (): Promise<DeskCaller> => {
  admin ??= (async () => {
    const oneTime = deskAdminOneTimePassword();
    const first = await deskSignIn("desk.admin", oneTime).catch(() => undefined);
    if (first === undefined) return deskSignIn("desk.admin", STAFF_PASSWORD);
    // The session that changed the password lives on (only the account's other sessions end).
    await first.post("/api/desk/password", { old_password: oneTime, new_password: STAFF_PASSWORD });
    return first;
  })();
  return admin;
};

let staffCount = 0;

/**
 * A new staff member of `role` (a cashier at `stations`), made by the admin, who has already set
 * their own password ({@link STAFF_PASSWORD}): ready to sign in at /desk without the forced form.
 * `fresh`: keep the one-time password instead (to walk the forced password form in the browser).
 */
export const newStaff = async (
  role: "admin" | "distributor" | "cashier",
  options: { readonly stations?: ReadonlyArray<number>; readonly fresh?: boolean } = {},
): Promise<{ readonly name: string; readonly password: string; readonly caller: DeskCaller }> => {
  const name = `e2e.${role}.${Date.now().toString(36)}${++staffCount}`;
  const made = await (await deskAdmin()).post<{ one_time_password: string }>("/api/desk/staff/add", { name, role, ...(options.stations === undefined ? {} : { stations: options.stations }) });
  const first = await deskSignIn(name, made.one_time_password);
  if (options.fresh === true) return { name, password: made.one_time_password, caller: first };
  // One sign-in per staff member here (the session that changed the password lives on): the desk
  // allows 20 sign-ins a minute from one address, and every test of a file comes from this one.
  await first.post("/api/desk/password", { old_password: made.one_time_password, new_password: STAFF_PASSWORD });
  return { name, password: STAFF_PASSWORD, caller: first };
};

/**
 * Opens /desk in `locale` and signs in through the form, as a person does; resolves where the desk
 * opens: the menu, the one tool of a role that has one (issue 34: a cashier's redeem screen, a
 * distributor's queue), or the forced password form, for a one-time password.
 */
export const signInAtDesk = async (page: Page, locale: Messages.Locale, name: string, password: string): Promise<void> => {
  await page.addInitScript((l) => window.localStorage.setItem("fuel.desk.locale", l), locale);
  await page.goto(`${serverAddress()}/desk`);
  await page.locator("#desk-name").fill(name);
  await page.locator("#desk-password").fill(password);
  await page.getByRole("button", { name: deskText(locale, "desk.signIn") }).click();
  await page
    .getByText(deskText(locale, "desk.signOut"))
    .or(page.getByRole("heading", { name: deskText(locale, "desk.menu.redeem"), exact: true }))
    .or(page.getByRole("heading", { name: deskText(locale, "desk.menu.queue"), exact: true }))
    .or(page.locator("#desk-new-password"))
    .first()
    .waitFor();
};

/**
 * The desk's screens docs/desk-screens.md shows (file stems under docs/screens/, `desk-<stem>.png`):
 * the browser tests take them where the screen stands, in both languages.
 */
const DOCUMENTED = new Set([
  "signin-en", "signin-zh-CN", "password-en", "password-zh-CN", "menu-admin-en", "menu-admin-zh-CN", "menu-cashier-en",
  "redeem-found-en", "redeem-found-zh-CN", "redeem-done-en", "redeem-done-zh-CN", "redeem-used-en", "redeem-used-zh-CN", "redeem-offline-en", "redeem-no-camera-zh-CN",
  "redeem-typed-unknown-en", "redeem-typed-unknown-zh-CN", "redeem-found-counter-en", "redeem-found-counter-zh-CN", "redeem-done-counter-en", "redeem-done-counter-zh-CN",
  "queue-en", "queue-zh-CN", "queue-done-confirm-en", "queue-reject-zh-CN", "queue-tablet-en",
  "stations-list-en", "stations-list-zh-CN", "station-form-en", "station-form-zh-CN", "import-refused-en", "import-refused-zh-CN", "settings-en", "settings-zh-CN", "stations-tablet-en",
  "staff-en", "staff-zh-CN", "staff-password-en", "staff-password-zh-CN", "invites-en", "invites-zh-CN", "blacklist-en", "blacklist-zh-CN",
  "orders-found-en", "orders-found-zh-CN", "order-detail-en", "order-detail-zh-CN", "audit-en", "audit-zh-CN", "audit-filtered-en",
  "orders-table-en", "orders-table-zh-CN", "audit-table-en", "audit-table-zh-CN", "stations-table-en", "stations-table-zh-CN", "staff-table-en", "staff-table-zh-CN",
  ...["phone", "issue", "issued", "table", "details", "audit", "refuse", "raced"].flatMap((stem) => [`invoices-${stem}-en`, `invoices-${stem}-zh-CN`]),
  "settings-invoices-en", "settings-invoices-zh-CN",
]);

const docsDir = fileURLToPath(new URL("../../../../docs/screens/", import.meta.url));

/** With UPDATE_SCREENS=1, a documented desk screen (see DOCUMENTED) is also written to docs/screens/desk-<stem>.png. */
export const docShot = async (page: Page, stem: string): Promise<void> => {
  if (process.env["UPDATE_SCREENS"] !== "1" || !DOCUMENTED.has(stem)) return;
  mkdirSync(docsDir, { recursive: true });
  await page.screenshot({ path: `${docsDir}desk-${stem}.png` });
};
