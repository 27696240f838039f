import type { LightMyRequestResponse } from "fastify";
import { addStaff } from "../../src/desk/staffAccounts.ts";
import { scryptParams } from "../../src/security/passwords.ts";
import { TEST_PASSWORD_HASH_COST, type BootedApp } from "../helpers/app.ts";

/**
 * The desk's test helpers (issue 26), for this session's tests and colleagues': add a staff member,
 * sign in through the API (the cookie comes back), and call a desk endpoint as a browser on this
 * server's page would (its own `Origin`, the cookie).
 */

/** What `app.inject` calls this server: a browser on its page sends this Origin. */
export const OWN_ORIGIN = "http://localhost";

/** A staff member added through the accounts module; `password` is the one-time one. */
export interface TestStaff {
  readonly name: string;
  readonly password: string;
}

export const addTestStaff = async (booted: BootedApp, name: string, role: string, stations: number[] = []): Promise<TestStaff> => {
  const password = await addStaff(
    booted.db,
    { name, role, stations },
    { actor: { id: null, name: "test" }, address: "test", now: new Date(booted.clock.now()), scrypt: scryptParams(TEST_PASSWORD_HASH_COST) },
  );
  return { name, password };
};

/** The `fuel_desk=...` pair of a sign-in answer's Set-Cookie, for the next requests' Cookie header. */
export const cookieOf = (res: LightMyRequestResponse): string => {
  const header = res.headers["set-cookie"];
  const line = Array.isArray(header) ? header[0] : header;
  const pair = line?.split(";")[0];
  if (pair === undefined || !pair.startsWith("fuel_desk=")) throw new Error(`no desk cookie in ${String(line)}`);
  return pair;
};

export const deskPost = (booted: BootedApp, url: string, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  booted.app.inject({ method: "POST", url, headers: { "content-type": "application/json", origin: OWN_ORIGIN, ...headers }, payload: JSON.stringify(payload) });

export const deskGet = (booted: BootedApp, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  booted.app.inject({ method: "GET", url, headers });

/** A desk sign-in from the client address `ip` (what `request.ip` reads, as behind no proxy). */
export const deskLoginFrom = (booted: BootedApp, ip: string, name: string, password: string): Promise<LightMyRequestResponse> =>
  booted.app.inject({
    method: "POST",
    url: "/api/desk/login",
    remoteAddress: ip,
    headers: { "content-type": "application/json", origin: OWN_ORIGIN },
    payload: JSON.stringify({ name, password }),
  });

/** Signs in; answers the Cookie header value of the new session. */
export const signIn = async (booted: BootedApp, who: TestStaff, password = who.password): Promise<string> => {
  const res = await deskPost(booted, "/api/desk/login", { name: who.name, password });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${who.name} answered ${res.statusCode}: ${res.body}`);
  return cookieOf(res);
};

/** Adds a staff member and gives them their own password; answers a live session's cookie. */
export const signedInStaff = async (booted: BootedApp, name: string, role: string, stations: number[] = []): Promise<{ cookie: string; password: string }> => {
  const added = await addTestStaff(booted, name, role, stations);
  const cookie = await signIn(booted, added);
  const password = `${name}-own-password-1`;
  const res = await deskPost(booted, "/api/desk/password", { old_password: added.password, new_password: password }, { cookie });
  if (res.statusCode !== 200) throw new Error(`password change of ${name} answered ${res.statusCode}: ${res.body}`);
  return { cookie, password };
};

export const tagOf = (res: LightMyRequestResponse): string | undefined => {
  const tag = res.headers["x-error-tag"];
  return typeof tag === "string" ? tag : undefined;
};
