import { Time } from "@fuel/domain";
import { Api, type AuditRow } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";
import { csvDownload } from "../operators/csvDownload.ts";
import { refuse } from "../refusals/Refusal.ts";
import { scryptParams } from "../security/passwords.ts";
import { AUDIT_PAGE_SIZE, readAudit, recordAct, type AuditFilter, type AuditRecord } from "../desk/audit.ts";
import { changeDeskPassword, deskLogin } from "../desk/login.ts";
import { checkSameOrigin, clearDeskCookie, closeDeskSession, requireStaff, setDeskCookie } from "../desk/session.ts";

/**
 * The staff desk's API (issue 26): sign-in, own password, sign-out, who am I, the audit log.
 * Colleagues' desk routes register through `deskRoutes`' `more` (see routes/index.ts).
 */

/** At most this many rows in one CSV download: the filters narrow a bigger log. */
const AUDIT_CSV_MAX_ROWS = 100_000;

const auditRowOf = (r: AuditRecord): AuditRow => ({
  id: r.id,
  at: Time.formatChinaIso(r.at.getTime()),
  staff: r.staffName,
  address: r.address,
  act: r.act as AuditRow["act"],
  subject: r.subject,
  before: r.before ?? null,
  after: r.after ?? null,
});

const jsonCell = (v: unknown): string => (v === null || v === undefined ? "" : JSON.stringify(v));

export const deskRoutes = (app: FastifyInstance): void => {
  const { db, config } = app.deps;
  const deps = { db, scrypt: scryptParams(config.passwordHashCost) };
  const secure = config.mode === "production";

  registerEndpoint(
    app,
    Api.deskLogin,
    async ({ name, password }, ctx) => {
      const signedIn = await deskLogin(deps, name, password, ctx.request.ip, ctx.now);
      setDeskCookie(ctx.reply, signedIn.token, secure);
      return { name: signedIn.name, role: signedIn.role, must_change_password: signedIn.mustChangePassword };
    },
    // The CSRF check before any counting or hashing: a foreign page cannot even spend an account's tries.
    { preHandler: async (request) => checkSameOrigin(request) },
  );

  registerEndpoint(
    app,
    Api.deskPassword,
    async ({ old_password, new_password }, ctx) => {
      const who = ctx.request.staff;
      if (who === undefined) throw refuse("StaffSignInRequired");
      await changeDeskPassword(deps, who, old_password, new_password, ctx.request.ip, ctx.now);
      return null;
    },
    { preHandler: requireStaff("self") },
  );

  registerEndpoint(
    app,
    Api.deskLogout,
    async (_input, ctx) => {
      const who = ctx.request.staff;
      if (who === undefined) throw refuse("StaffSignInRequired");
      await closeDeskSession(db, who.sessionId);
      await recordAct(db, { at: new Date(ctx.now), staff: { id: who.id, name: who.name }, address: ctx.request.ip, act: "signOut", subject: who.name });
      clearDeskCookie(ctx.reply, secure);
      return null;
    },
    { preHandler: requireStaff("self") },
  );

  registerEndpoint(
    app,
    Api.deskMe,
    (_input, ctx) => {
      const who = ctx.request.staff;
      if (who === undefined) throw refuse("StaffSignInRequired");
      return { name: who.name, role: who.role, stations: [...who.stations], must_change_password: who.mustChangePassword };
    },
    { preHandler: requireStaff("self") },
  );

  registerEndpoint(
    app,
    Api.deskAudit,
    async (query) => {
      const filter: AuditFilter = {
        ...(query.staff === undefined ? {} : { staff: query.staff }),
        ...(query.act === undefined ? {} : { act: query.act }),
        ...(query.from === undefined ? {} : { from: new Date(Date.parse(query.from)) }),
        ...(query.to === undefined ? {} : { to: new Date(Date.parse(query.to)) }),
        ...(query.before_id === undefined ? {} : { beforeId: query.before_id }),
      };
      if (query.format === "csv") {
        const rows = (await readAudit(db, filter, AUDIT_CSV_MAX_ROWS)).map(auditRowOf);
        return csvDownload("audit-log.csv", [
          ["id", "at", "staff", "address", "act", "subject", "before", "after"],
          ...rows.map((r) => [String(r.id), r.at, r.staff, r.address, r.act, r.subject, jsonCell(r.before), jsonCell(r.after)]),
        ]);
      }
      const page = await readAudit(db, filter, AUDIT_PAGE_SIZE + 1);
      const rows = page.slice(0, AUDIT_PAGE_SIZE).map(auditRowOf);
      const last = rows.at(-1);
      return { rows, next_before_id: page.length > AUDIT_PAGE_SIZE && last !== undefined ? last.id : null };
    },
    { preHandler: requireStaff("readAudit") },
  );
};
