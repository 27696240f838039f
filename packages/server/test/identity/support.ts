import { sessionCache } from "../../src/identity/sessionCache.ts";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Database } from "../../src/db/client.ts";
import { blacklist, siteSettings, users } from "../../src/db/schema.ts";
import { createSession } from "../../src/identity/sessions.ts";
import { hashPassword, scryptParams } from "../../src/security/passwords.ts";
import type { BootedApp } from "../helpers/app.ts";

/** Helpers shared by the identity tests: requests, seeded customers, row counts. */

export interface Call {
  readonly token?: string;
  readonly ip?: string;
}

export const post = (booted: BootedApp, url: string, payload: unknown, call: Call = {}): Promise<LightMyRequestResponse> =>
  booted.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...(call.token === undefined ? {} : { authorization: `Bearer ${call.token}` }) },
    payload: JSON.stringify(payload ?? {}),
    ...(call.ip === undefined ? {} : { remoteAddress: call.ip }),
  });

export const get = (booted: BootedApp, url: string, call: Call = {}): Promise<LightMyRequestResponse> =>
  booted.app.inject({
    method: "GET",
    url,
    headers: call.token === undefined ? {} : { authorization: `Bearer ${call.token}` },
  });

/** Asserts an error answer: status, the envelope, the message (exact or matching). */
export const expectError = (res: LightMyRequestResponse, status: number, message?: string | RegExp): void => {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ status: string; message: string; data: unknown }>();
  expect(body.status).toBe("error");
  expect(body.data).toBeNull();
  if (typeof message === "string") expect(body.message).toBe(message);
  else if (message !== undefined) expect(body.message).toMatch(message);
};

export const expectSuccess = <A = unknown>(res: LightMyRequestResponse): A => {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ status: string; data: A }>();
  expect(body.status).toBe("success");
  return body.data;
};

export interface SeedUser {
  readonly openid?: string;
  readonly phone?: string | null;
  readonly activated?: boolean;
  readonly password?: string;
  readonly name?: string;
  /** Follows the official account (issue 13); default not. */
  readonly followsOfficialAccount?: boolean;
  /** The payment identity; default the openid, null for a customer without one. */
  readonly oauthId?: string | null;
}

let seq = 0;

/** A customer written straight to the database (faster than the sign-in walk). */
export const seedUser = async (booted: BootedApp, seed: SeedUser = {}) => {
  seq += 1;
  const now = new Date(booted.clock.now());
  const [row] = await booted.db
    .insert(users)
    .values({
      openid: seed.openid ?? `seed-openid-${seq}`,
      oauthId: seed.oauthId !== undefined ? seed.oauthId : (seed.openid ?? `seed-openid-${seq}`),
      phone: seed.phone === undefined ? `1390000${String(seq).padStart(4, "0")}` : seed.phone,
      name: seed.name ?? "",
      activatedAt: seed.activated ? now : null,
      followsOfficialAccount: seed.followsOfficialAccount ?? false,
      passwordHash: seed.password === undefined ? null : await hashPassword(seed.password, scryptParams(booted.config.passwordHashCost)),
      createdAt: now,
    })
    .returning();
  if (row === undefined) throw new Error("no user row");
  return row;
};

/** A session token for a seeded customer, issued now. */
export const tokenFor = (booted: BootedApp, userId: number): Promise<string> => createSession(booted.db, userId, booted.clock.now());

export const blacklistPhone = async (booted: BootedApp, phone: string): Promise<void> => {
  await booted.db.insert(blacklist).values({ phone, createdAt: new Date(booted.clock.now()) });
  // Written behind the server's back: drop what authentication remembers, as the real paths do.
  sessionCache.clear();
};

export const setServicePhone = async (booted: BootedApp, tel1: string): Promise<void> => {
  await booted.db.insert(siteSettings).values({ id: 1, price0Now: 730, price0Nation: 820, price0Original: 800, price0Xuni: 711, price0Shiti: 711, tel1 });
};

/** Rows in a table (int8 arrives as number or string depending on the driver). */
export const count = async (db: Database, table: string): Promise<number> => {
  const result = await db.execute(sql.raw(`SELECT count(*) AS n FROM "${table}"`));
  return Number(result.rows[0]?.["n"]);
};

/** Every table's row count, to prove a refused request wrote nothing. */
export const allCounts = async (db: Database): Promise<Record<string, number>> => {
  const tables = ["users", "sessions", "oauth_codes", "sms_codes", "sms_sends", "phone_verifications", "invite_codes", "blacklist"];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = await count(db, t);
  return out;
};

/** Sends an SMS code through the API and reads it back from the sandbox SMS box. */
export const sendCode = async (booted: BootedApp, phone: string, ip?: string): Promise<string> => {
  expectSuccess(await post(booted, "/api/sendsms", { phone }, ip === undefined ? {} : { ip }));
  const res = await get(booted, `/api/sandbox/sms?phone=${phone}`);
  return expectSuccess<{ code: string }>(res).code;
};

/** Any code other than `code` (same length). */
export const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
