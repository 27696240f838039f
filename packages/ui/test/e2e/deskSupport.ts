import type { Messages } from "@fuel/domain";
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

/** Signs in over HTTP: the session's caller (a one-time password must still be changed before any act). */
export const deskSignIn = async (name: string, password: string): Promise<DeskCaller> => {
  const response = await fetch(`${serverAddress()}/api/desk/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: serverAddress() },
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
    if (first !== undefined) await first.post("/api/desk/password", { old_password: oneTime, new_password: STAFF_PASSWORD });
    return deskSignIn("desk.admin", STAFF_PASSWORD);
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
  await first.post("/api/desk/password", { old_password: made.one_time_password, new_password: STAFF_PASSWORD });
  return { name, password: STAFF_PASSWORD, caller: await deskSignIn(name, STAFF_PASSWORD) };
};

/**
 * Opens /desk in `locale` and signs in through the form, as a person does; resolves on the menu
 * (or the forced password form, for a one-time password).
 */
export const signInAtDesk = async (page: Page, locale: Messages.Locale, name: string, password: string): Promise<void> => {
  await page.addInitScript((l) => window.localStorage.setItem("fuel.desk.locale", l), locale);
  await page.goto(`${serverAddress()}/desk`);
  await page.locator("#desk-name").fill(name);
  await page.locator("#desk-password").fill(password);
  await page.getByRole("button", { name: deskText(locale, "desk.signIn") }).click();
  await page.getByText(deskText(locale, "desk.signOut")).first().waitFor();
};
