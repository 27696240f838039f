import { Schema } from "effect";
import { StaffRole } from "./Desk.ts";
import { endpoint } from "./Endpoint.ts";
import { Count, Empty, Id, intBetween, numberOrDigits, Phone, PhoneRequest, ShortText, StationId, Timestamp } from "./Primitives.ts";

/**
 * The admin's people at the desk (issue 26 §2): staff accounts, invite codes, the blacklist (the
 * stations are DeskPlaces.ts). The same server code as the operators' CLI; every change is an
 * audit row with its values before and after.
 * @module
 */

// ----- people: staff accounts

/** One staff account as the admin's list shows it (never its password). */
export const DeskStaffMember = Schema.Struct({
  name: ShortText,
  role: StaffRole,
  stations: Schema.Array(StationId),
  disabled: Schema.Boolean,
  must_change_password: Schema.Boolean,
  created_at: Timestamp,
}).annotate({ identifier: "DeskStaffMember" });
export type DeskStaffMember = typeof DeskStaffMember.Type;

/** `GET /api/desk/staff`: every account, by name. */
export const DeskStaffListResponse = Schema.Struct({ staff: Schema.Array(DeskStaffMember) }).annotate({ identifier: "DeskStaffListResponse" });
export type DeskStaffListResponse = typeof DeskStaffListResponse.Type;

/** `POST /api/desk/staff/add`: the name (2 to 32 of `A-Z a-z 0-9 . _ -`), the role, a cashier's stations. */
export const DeskStaffAddRequest = Schema.Struct({
  name: ShortText,
  role: ShortText,
  stations: Schema.optionalKey(Schema.Array(StationId)),
}).annotate({ identifier: "DeskStaffAddRequest" });
export type DeskStaffAddRequest = typeof DeskStaffAddRequest.Type;

/** The account a disable, enable or reset is for. */
export const DeskStaffNameRequest = Schema.Struct({ name: ShortText }).annotate({ identifier: "DeskStaffNameRequest" });
export type DeskStaffNameRequest = typeof DeskStaffNameRequest.Type;

/** A one-time password, shown once (stored only hashed); the staff member replaces it at first sign-in. */
export const DeskOneTimePasswordResponse = Schema.Struct({ name: ShortText, one_time_password: ShortText }).annotate({
  identifier: "DeskOneTimePasswordResponse",
});
export type DeskOneTimePasswordResponse = typeof DeskOneTimePasswordResponse.Type;

/** Whether the act changed anything (false: it was so already). */
export const DeskChangedResponse = Schema.Struct({ changed: Schema.Boolean }).annotate({ identifier: "DeskChangedResponse" });
export type DeskChangedResponse = typeof DeskChangedResponse.Type;

// ----- people: invite codes

/** `POST /api/desk/invites/create`: how many codes, 1 to 1000. */
export const DeskInvitesCreateRequest = Schema.Struct({ count: numberOrDigits(intBetween(1, 1000)) }).annotate({ identifier: "DeskInvitesCreateRequest" });
export type DeskInvitesCreateRequest = typeof DeskInvitesCreateRequest.Type;

/** The codes just created. */
export const DeskInvitesCreateResponse = Schema.Struct({ codes: Schema.Array(ShortText) }).annotate({ identifier: "DeskInvitesCreateResponse" });
export type DeskInvitesCreateResponse = typeof DeskInvitesCreateResponse.Type;

/** `GET /api/desk/invites`: a page of 100, newest first; `page` from 1. */
export const DeskInvitesQuery = Schema.Struct({ page: Schema.optionalKey(numberOrDigits(Id)) }).annotate({ identifier: "DeskInvitesQuery" });
export type DeskInvitesQuery = typeof DeskInvitesQuery.Type;

/** One invite code and who redeemed it. */
export const DeskInvite = Schema.Struct({
  code: ShortText,
  created_at: Timestamp,
  redeemed_at: Schema.NullOr(Timestamp),
  redeemed_by_phone: Schema.NullOr(Phone),
}).annotate({ identifier: "DeskInvite" });

/** A page of invite codes and how many there are in all. */
export const DeskInvitesResponse = Schema.Struct({ invites: Schema.Array(DeskInvite), total: Count, page: Id }).annotate({ identifier: "DeskInvitesResponse" });
export type DeskInvitesResponse = typeof DeskInvitesResponse.Type;

// ----- people: the blacklist

/** `GET /api/desk/blacklist`: the refused phones, ascending. */
export const DeskBlacklistResponse = Schema.Struct({ phones: Schema.Array(Phone) }).annotate({ identifier: "DeskBlacklistResponse" });
export type DeskBlacklistResponse = typeof DeskBlacklistResponse.Type;

/** The desk's admin endpoints for people, spread into `Api` (server src/routes/deskPeople.ts answers them). */
export const DeskAdminApi = {
  deskStaffList: endpoint({
    method: "GET",
    path: "/api/desk/staff",
    access: "staff",
    refusals: [],
    request: Empty,
    response: DeskStaffListResponse,
    summary: "Admin: every staff account by name: role, stations, disabled, whether the password must be changed, created at.",
    idempotent: true,
  }),
  deskStaffAdd: endpoint({
    method: "POST",
    path: "/api/desk/staff/add",
    access: "staff",
    refusals: ["StaffNameInvalid", "MissingField", "StationNotFound", "StaffNameTaken"],
    request: DeskStaffAddRequest,
    response: DeskOneTimePasswordResponse,
    summary:
      "Admin: add a staff account (role admin, distributor or cashier; a cashier's stations) with a one-time password, shown once, to be changed at first sign-in. The CLI's `staff add`. Audit act 'staffAdded'.",
  }),
  deskStaffDisable: endpoint({
    method: "POST",
    path: "/api/desk/staff/disable",
    access: "staff",
    refusals: ["StaffNotFound", "StaffCannotDisableSelf", "StaffLastAdmin"],
    request: DeskStaffNameRequest,
    response: DeskChangedResponse,
    summary:
      "Admin: disable an account (it cannot sign in; every session of it ends). Not one's own account, not the last enabled admin (409). Disabling a disabled account changes nothing. Audit act 'staffDisabled'.",
  }),
  deskStaffEnable: endpoint({
    method: "POST",
    path: "/api/desk/staff/enable",
    access: "staff",
    refusals: ["StaffNotFound"],
    request: DeskStaffNameRequest,
    response: DeskChangedResponse,
    summary: "Admin: enable a disabled account again (with its password as it was; reset it for a new one) and lift every sign-in lock on its name; `changed` when either happened. Audit acts 'staffEnabled', 'staffUnlocked'.",
  }),
  deskStaffReset: endpoint({
    method: "POST",
    path: "/api/desk/staff/reset",
    access: "staff",
    refusals: ["StaffNotFound"],
    request: DeskStaffNameRequest,
    response: DeskOneTimePasswordResponse,
    summary:
      "Admin: a new one-time password for an account (shown once; it must be changed at the next sign-in) and every session of it ends, and every sign-in lock on its name is lifted. A disabled account stays disabled. The CLI's `staff reset`. Audit acts 'staffReset', 'staffUnlocked'.",
  }),
  deskInvitesCreate: endpoint({
    method: "POST",
    path: "/api/desk/invites/create",
    access: "staff",
    refusals: [],
    request: DeskInvitesCreateRequest,
    response: DeskInvitesCreateResponse,
    summary: "Admin: create 1 to 1000 single-use invite codes (the CLI's `invite create`). Audit act 'inviteCreated' with the codes.",
  }),
  deskInvites: endpoint({
    method: "GET",
    path: "/api/desk/invites",
    access: "staff",
    refusals: [],
    request: DeskInvitesQuery,
    response: DeskInvitesResponse,
    summary: "Admin: invite codes, newest first, 100 a page: created, redeemed at and the redeeming customer's phone.",
    idempotent: true,
  }),
  deskBlacklist: endpoint({
    method: "GET",
    path: "/api/desk/blacklist",
    access: "staff",
    refusals: [],
    request: Empty,
    response: DeskBlacklistResponse,
    summary: "Admin: the blacklisted phones (refused sign-in, spec §6), ascending.",
    idempotent: true,
  }),
  deskBlacklistAdd: endpoint({
    method: "POST",
    path: "/api/desk/blacklist/add",
    access: "staff",
    refusals: ["PhoneInvalid"],
    request: PhoneRequest,
    response: DeskChangedResponse,
    summary: "Admin: blacklist a phone (read as everywhere: spaces, dashes and +86 dropped); its sessions are refused at once. Twice changes nothing. Audit act 'blacklistChanged'.",
  }),
  deskBlacklistRemove: endpoint({
    method: "POST",
    path: "/api/desk/blacklist/remove",
    access: "staff",
    refusals: ["PhoneInvalid"],
    request: PhoneRequest,
    response: DeskChangedResponse,
    summary: "Admin: take a phone off the blacklist. A phone not on it changes nothing. Audit act 'blacklistChanged'.",
  }),
} as const;
