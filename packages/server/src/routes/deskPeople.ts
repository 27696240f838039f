import { Time, Validation } from "@fuel/domain";
import { Api } from "@fuel/domain/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createInvitesAtDesk, setBlacklisted, type AdminBy } from "../desk/admin/people.ts";
import { requireStaff } from "../desk/session.ts";
import { addStaff, disableStaff, enableStaff, listStaff, resetStaff } from "../desk/staffAccounts.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok } from "../http/envelope.ts";
import { listBlacklist } from "../operators/blacklist.ts";
import { pageInviteCodes } from "../operators/inviteCodes.ts";
import { orRefuse, refuse } from "../refusals/Refusal.ts";
import { scryptParams } from "../security/passwords.ts";

/** The desk's list of invite codes holds 100 a page. */
const INVITES_PAGE_SIZE = 100;

/**
 * The admin's people at the desk (issue 26): staff accounts, invite codes and the blacklist, the
 * same code as the operators' CLI (`staff`, `invite`, `blacklist`), admin only, each change an
 * audit row bound to the signed-in admin and their address.
 */
export const deskPeopleRoutes = (app: FastifyInstance): void => {
  const { db, config } = app.deps;
  const scrypt = scryptParams(config.passwordHashCost);

  /** Who acts: the admin requireStaff put on the request, from its address, at the request's instant. */
  const byOf = (request: FastifyRequest, now: number): AdminBy => {
    const actor = request.staff;
    if (actor === undefined) throw refuse("StaffSignInRequired");
    return { actor: { id: actor.id, name: actor.name }, address: request.ip, now: new Date(now) };
  };

  const iso = (d: Date): string => Time.formatChinaIso(d.getTime());

  registerEndpoint(
    app,
    Api.deskStaffList,
    async () => ({
      staff: (await listStaff(db)).map((s) => ({
        name: s.name,
        role: s.role,
        stations: s.stations,
        disabled: s.disabled,
        must_change_password: s.mustChangePassword,
        created_at: iso(s.createdAt),
      })),
    }),
    { preHandler: requireStaff("manageStaff") },
  );

  registerEndpoint(
    app,
    Api.deskStaffAdd,
    async ({ name, role, stations }, ctx) => {
      const password = await addStaff(db, { name, role, stations: stations ?? [] }, { ...byOf(ctx.request, ctx.now), scrypt });
      return ok({ name, one_time_password: password }, "staff added");
    },
    { preHandler: requireStaff("manageStaff") },
  );

  registerEndpoint(
    app,
    Api.deskStaffDisable,
    async ({ name }, ctx) => ok({ changed: await disableStaff(db, name, byOf(ctx.request, ctx.now)) }, "staff disabled"),
    { preHandler: requireStaff("manageStaff") },
  );

  registerEndpoint(
    app,
    Api.deskStaffEnable,
    async ({ name }, ctx) => {
      const { enabled, unlocked } = await enableStaff(db, name, byOf(ctx.request, ctx.now));
      return ok({ changed: enabled || unlocked }, "staff enabled");
    },
    { preHandler: requireStaff("manageStaff") },
  );

  registerEndpoint(
    app,
    Api.deskStaffReset,
    async ({ name }, ctx) => ok({ name, one_time_password: await resetStaff(db, name, { ...byOf(ctx.request, ctx.now), scrypt }) }, "staff reset"),
    { preHandler: requireStaff("manageStaff") },
  );

  registerEndpoint(
    app,
    Api.deskInvitesCreate,
    async ({ count }, ctx) => ok({ codes: await createInvitesAtDesk(db, count, byOf(ctx.request, ctx.now)) }, "invite codes created"),
    { preHandler: requireStaff("manageInvites") },
  );

  registerEndpoint(
    app,
    Api.deskInvites,
    async ({ page }) => {
      const at = page ?? 1;
      const { rows, total } = await pageInviteCodes(db, at, INVITES_PAGE_SIZE);
      return {
        invites: rows.map((r) => ({
          code: r.code,
          created_at: iso(r.createdAt),
          redeemed_at: r.redeemedAt === null ? null : iso(r.redeemedAt),
          redeemed_by_phone: r.redeemedByPhone,
        })),
        total,
        page: at,
      };
    },
    { preHandler: requireStaff("manageInvites") },
  );

  registerEndpoint(app, Api.deskBlacklist, async () => ({ phones: await listBlacklist(db) }), { preHandler: requireStaff("manageBlacklist") });

  /** The phone as everywhere else reads it, or the clear refusal. */
  const phoneOf = (raw: string): string => orRefuse(Validation.validatePhone(raw));

  registerEndpoint(
    app,
    Api.deskBlacklistAdd,
    async ({ phone }, ctx) => ok({ changed: await setBlacklisted(db, phoneOf(phone), true, byOf(ctx.request, ctx.now)) }, "phone blacklisted"),
    { preHandler: requireStaff("manageBlacklist") },
  );

  registerEndpoint(
    app,
    Api.deskBlacklistRemove,
    async ({ phone }, ctx) => ok({ changed: await setBlacklisted(db, phoneOf(phone), false, byOf(ctx.request, ctx.now)) }, "phone no longer blacklisted"),
    { preHandler: requireStaff("manageBlacklist") },
  );
};
