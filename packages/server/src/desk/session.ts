/**
 * Desk sessions (issue 26). For the desk's routes, colleagues' included:
 * - `requireStaff(action)`: a Fastify preHandler. 401 `StaffSignInRequired` without a live
 *   session, 403 `CrossSiteRequest` for a POST from another origin, 403
 *   `StaffPasswordChangeRequired` while the password is a one-time one, 403 `StaffActionForbidden`
 *   when `Staff.may(role, action)` is false. Then `request.staff` is the {@link SignedInStaff}.
 *   `requireStaff("self")`: any role, even with a one-time password (me, password, logout).
 * - `checkSameOrigin(request)`: the CSRF check alone (the sign-in has no session yet).
 * Pass the preHandler as `registerEndpoint(app, Api.x, handler, { preHandler: requireStaff("redeem") })`.
 *
 * The session is the `fuel_desk` cookie: 32 random bytes, only their SHA-256 stored
 * (`staff_sessions`). A customer's `Authorization` header is never read here.
 */
import { createHash, randomBytes } from "node:crypto";
import { Staff } from "@fuel/domain";
import { and, eq, lte } from "drizzle-orm";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Database } from "../db/client.ts";
import { staff, staffSessions } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import type { SignedInStaff } from "../http/signedInStaff.ts";
import { stationsOf } from "./staffAccounts.ts";

export type { SignedInStaff } from "../http/signedInStaff.ts";

/** The desk's cookie; its path keeps it off every request but the desk API's. */
export const DESK_COOKIE = "fuel_desk";

const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The desk cookie's token from a `Cookie` header, or undefined (the first one, if sent twice). */
export const deskTokenOf = (cookieHeader: string | undefined): string | undefined => {
  if (cookieHeader === undefined) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === DESK_COOKIE) {
      const value = part.slice(eq + 1).trim();
      // Tokens are base64url: anything else was never ours and is not looked up.
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
};

/**
 * The cookie's attributes: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it), Path=/api/desk, Secure in production. No Max-Age: the idle rule ends the session on
 * the server; the browser forgets the cookie when it closes.
 */
const cookieAttributes = (secure: boolean): string => `HttpOnly; SameSite=Strict; Path=/api/desk${secure ? "; Secure" : ""}`;

/** Sets the session cookie on an answer. */
export const setDeskCookie = (reply: FastifyReply, token: string, secure: boolean): void => {
  reply.header("set-cookie", `${DESK_COOKIE}=${token}; ${cookieAttributes(secure)}`);
};

/** Tells the browser to forget the session cookie. */
export const clearDeskCookie = (reply: FastifyReply, secure: boolean): void => {
  reply.header("set-cookie", `${DESK_COOKIE}=; ${cookieAttributes(secure)}; Max-Age=0`);
};

/**
 * Opens a desk session for a staff member at `epoch`; answers the token for the cookie. The
 * member's sessions idle past the rule go at the same time, so rows never pile up (a session is
 * otherwise deleted when next used dead, or at sign-out).
 */
export const openDeskSession = async (db: Database, staffId: number, epoch: number, now: Date): Promise<string> => {
  const token = randomBytes(32).toString("base64url");
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), lte(staffSessions.lastSeenAt, new Date(now.getTime() - Staff.STAFF_IDLE_MS))));
  await db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId, epoch, createdAt: now, lastSeenAt: now });
  return token;
};

/** Ends one desk session (sign-out). */
export const closeDeskSession = async (db: Database, sessionId: number): Promise<void> => {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
};

/**
 * The staff member whose live session the cookie names, or undefined. A session is live while
 * its epoch is the account's (no password change, disable or reset since), the account is
 * enabled, and it was seen less than 30 minutes ago; a dead one is deleted. A live one is seen now.
 */
export const staffOfCookie = async (db: Database, cookieHeader: string | undefined, now: number): Promise<SignedInStaff | undefined> => {
  const token = deskTokenOf(cookieHeader);
  if (token === undefined) return undefined;
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      epoch: staffSessions.epoch,
      lastSeenAt: staffSessions.lastSeenAt,
      id: staff.id,
      name: staff.name,
      role: staff.role,
      mustChangePassword: staff.mustChangePassword,
      disabledAt: staff.disabledAt,
      sessionEpoch: staff.sessionEpoch,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (row === undefined) return undefined;
  if (row.epoch !== row.sessionEpoch || row.disabledAt !== null || !Staff.sessionAlive(row.lastSeenAt.getTime(), now)) {
    await closeDeskSession(db, row.sessionId);
    return undefined;
  }
  await db.update(staffSessions).set({ lastSeenAt: new Date(now) }).where(eq(staffSessions.id, row.sessionId));
  return {
    id: row.id,
    name: row.name,
    role: row.role as Staff.Role,
    stations: await stationsOf(db, row.id),
    sessionId: row.sessionId,
    mustChangePassword: row.mustChangePassword,
  };
};

/**
 * This server's own origin as the browser names it: the request's scheme and Host (or
 * `x-forwarded-proto` / `x-forwarded-host` when TRUST_PROXY trusts the proxy: Fastify's
 * `request.protocol` and `request.host` read them only then).
 */
const ownOrigin = (request: FastifyRequest): string | undefined => {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
};

/** The origin a request says it comes from: `Origin`, else `Referer`'s origin, else undefined. */
const claimedOrigin = (request: FastifyRequest): string | undefined => {
  const origin = request.headers.origin;
  const raw = typeof origin === "string" && origin !== "" && origin !== "null" ? origin : request.headers.referer;
  if (typeof raw !== "string" || raw === "") return undefined;
  try {
    return new URL(raw).origin;
  } catch {
    return undefined;
  }
};

/**
 * The CSRF check of every desk POST: it must say it comes from this server's own origin
 * (`Origin`, or `Referer` when a browser sends no Origin), else 403 `CrossSiteRequest`. With the
 * SameSite=Strict cookie this is the second lock: a page elsewhere can neither send the cookie nor
 * claim this origin. GETs change nothing and are not checked.
 */
export const checkSameOrigin = (request: FastifyRequest): void => {
  if (request.method !== "POST") return;
  const own = ownOrigin(request);
  const claimed = claimedOrigin(request);
  if (own === undefined || claimed === undefined || claimed !== own) throw refuse("CrossSiteRequest");
};

/** What a desk route asks of its caller: an action of `Staff.may`, or `self` (the account's own things, allowed to a one-time password too). */
export type DeskNeed = Staff.Action | "self";

/** The preHandler of a desk route: see the top of this file. */
export const requireStaff =
  (need: DeskNeed): preHandlerAsyncHookHandler =>
  async function requireStaffHook(request) {
    const now = this.deps.clock.now();
    const found = await staffOfCookie(this.deps.db, request.headers.cookie, now);
    if (found === undefined) throw refuse("StaffSignInRequired");
    checkSameOrigin(request);
    if (need !== "self") {
      if (found.mustChangePassword) throw refuse("StaffPasswordChangeRequired");
      if (!Staff.may(found.role, need)) throw refuse("StaffActionForbidden");
    }
    request.staff = found;
  };
