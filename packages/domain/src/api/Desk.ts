import { Schema } from "effect";
import type { MessageKey } from "../Messages.ts";
import { AUDIT_ACTS, ROLES } from "../Staff.ts";
import { endpoint } from "./Endpoint.ts";
import { Empty, Id, NoData, numberOrDigits, Password, ShortText, StationId, Timestamp } from "./Primitives.ts";

/**
 * The staff desk's endpoints (issue 26) under `/api/desk/`: staff sign-in with a cookie session,
 * never a customer token. Every POST must come from this server's own origin (`Origin` or
 * `Referer`), else 403 `CrossSiteRequest`.
 * @module
 */

/** A staff role on the wire. */
export const StaffRole = Schema.Literals(ROLES).annotate({ identifier: "StaffRole" });

/** `POST /api/desk/login`: a staff name and password. */
export const DeskLoginRequest = Schema.Struct({ name: ShortText, password: Password }).annotate({ identifier: "DeskLoginRequest" });
export type DeskLoginRequest = typeof DeskLoginRequest.Type;

/** Who signed in, and whether the password must be changed before anything else. */
export const DeskLoginResponse = Schema.Struct({
  name: ShortText,
  role: StaffRole,
  must_change_password: Schema.Boolean,
}).annotate({ identifier: "DeskLoginResponse" });
export type DeskLoginResponse = typeof DeskLoginResponse.Type;

/**
 * `POST /api/desk/password`: the current password and the new one. `old_password` may be left out
 * only while the account must replace its one-time password (the session is the proof, issue 34).
 */
export const DeskPasswordRequest = Schema.Struct({ old_password: Schema.optionalKey(Password), new_password: Password }).annotate({
  identifier: "DeskPasswordRequest",
});
export type DeskPasswordRequest = typeof DeskPasswordRequest.Type;

/** `GET /api/desk/me`: the signed-in staff member, with the stations a cashier may redeem at. */
export const DeskMeResponse = Schema.Struct({
  name: ShortText,
  role: StaffRole,
  stations: Schema.Array(StationId),
  must_change_password: Schema.Boolean,
}).annotate({ identifier: "DeskMeResponse" });
export type DeskMeResponse = typeof DeskMeResponse.Type;

/** An audit act on the wire. */
export const AuditActCode = Schema.Literals(AUDIT_ACTS).annotate({ identifier: "AuditAct" });

/**
 * `GET /api/desk/audit?staff=&act=&from=&to=&before_id=&format=csv`: filters (all optional), newest
 * first, 100 rows a page; `before_id` is the previous page's `next_before_id`. `format=csv`
 * downloads every matching row as CSV instead of the JSON page.
 */
export const DeskAuditQuery = Schema.Struct({
  staff: Schema.optionalKey(ShortText),
  act: Schema.optionalKey(AuditActCode),
  from: Schema.optionalKey(Timestamp),
  to: Schema.optionalKey(Timestamp),
  before_id: Schema.optionalKey(numberOrDigits(Id)),
  format: Schema.optionalKey(Schema.Literals(["json", "csv"])),
}).annotate({ identifier: "DeskAuditQuery" });
export type DeskAuditQuery = typeof DeskAuditQuery.Type;

/** One audit row: when, who (name as it was), from which address, what, on what, values before and after (JSON, null when none). */
export const AuditRow = Schema.Struct({
  id: Id,
  at: Timestamp,
  staff: ShortText,
  address: ShortText,
  act: AuditActCode,
  subject: Schema.String,
  before: Schema.Unknown,
  after: Schema.Unknown,
}).annotate({ identifier: "AuditRow" });
export type AuditRow = typeof AuditRow.Type;

/** A page of the audit log; `next_before_id` is null on the last page. */
export const DeskAuditResponse = Schema.Struct({
  rows: Schema.Array(AuditRow),
  next_before_id: Schema.NullOr(Id),
}).annotate({ identifier: "DeskAuditResponse" });
export type DeskAuditResponse = typeof DeskAuditResponse.Type;

/** The refusals of a desk sign-in: a foreign origin, a wrong name or password, too many tries, a disabled account. */
const DESK_LOGIN: ReadonlyArray<MessageKey> = [
  "CrossSiteRequest",
  "StaffLoginFailed",
  "StaffAttemptsLimited",
  "StaffAccountAttemptsLimited",
  "StaffNetworkAttemptsLimited",
  "SignInAttemptsLimited",
  "StaffDisabled",
  "ServerBusy",
];

/** The desk's endpoints, spread into {@link Api} (server src/routes/desk.ts answers them). */
export const DeskApi = {
  deskLogin: endpoint({
    method: "POST",
    path: "/api/desk/login",
    access: "none",
    refusals: DESK_LOGIN,
    request: DeskLoginRequest,
    response: DeskLoginResponse,
    summary:
      "Staff sign-in: sets the HttpOnly `fuel_desk` cookie (30 idle minutes). 429 with `retry-after` after 5 wrong passwords for a name from one address in 15 minutes (StaffAttemptsLimited), 150 for a name from all addresses together in 15 minutes (StaffAccountAttemptsLimited; an admin's reset or enable lifts it), 30 wrong from one address in an hour (StaffNetworkAttemptsLimited) or 20 tries from one address in a minute. must_change_password: a one-time password allows only /api/desk/password, /api/desk/me and /api/desk/logout.",
  }),
  deskPassword: endpoint({
    method: "POST",
    path: "/api/desk/password",
    access: "staff",
    refusals: ["StaffOldPasswordRequired", "OldPasswordWrong", "StaffPasswordTooShort", "StaffPasswordUnchanged", "StaffPasswordIsName", "ServerBusy"],
    request: DeskPasswordRequest,
    response: NoData,
    summary:
      "Set the signed-in staff member's own password (at least 10 characters, not the old one, not the name); every other session of the account ends. `old_password` is required, except for the change forced after a one-time password (must_change_password), where the session is the proof.",
  }),
  deskLogout: endpoint({
    method: "POST",
    path: "/api/desk/logout",
    access: "staff",
    refusals: [],
    request: Empty,
    response: NoData,
    summary: "End this desk session: the cookie stops working.",
  }),
  deskMe: endpoint({
    method: "GET",
    path: "/api/desk/me",
    access: "staff",
    refusals: [],
    request: Empty,
    response: DeskMeResponse,
    summary: "The signed-in staff member: name, role, the stations a cashier redeems at, and whether the password must be changed first.",
    idempotent: true,
  }),
  deskAudit: endpoint({
    method: "GET",
    path: "/api/desk/audit",
    access: "staff",
    refusals: [],
    request: DeskAuditQuery,
    response: DeskAuditResponse,
    summary: "Admin: the audit log, newest first, 100 rows a page, filtered by staff name, act and time range; `format=csv` downloads every matching row as CSV (text/csv).",
    idempotent: true,
  }),
} as const;
