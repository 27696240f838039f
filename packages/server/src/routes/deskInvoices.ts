import { Api } from "@fuel/domain/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { recordAct } from "../desk/audit.ts";
import { requireStaff } from "../desk/session.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok } from "../http/envelope.ts";
import type { SignedInStaff } from "../http/signedInStaff.ts";
import { deskPdf, issueAtDesk, refuseAtDesk, type AuditInvoiceAct } from "../invoicing/deskActs.ts";
import { deskInvoicesCsvRows, listDeskInvoices } from "../invoicing/deskQueue.ts";
import { csvDownload } from "../operators/csvDownload.ts";
import { refuse } from "../refusals/Refusal.ts";

/**
 * The desk's invoice queue (issue 35 item 5): admins and cashiers (`workInvoices`; a cashier sees
 * only the stations given to them) list, export, issue and refuse requests. The issue route takes
 * a PDF of up to 1 MiB as a data URL, so it alone has a body limit above the server's 64 KB.
 */

/** The issue route's body: a 1 MiB PDF as base64 (about 1.4 M characters) and the rest of the JSON. */
export const INVOICE_ISSUE_BODY_LIMIT_BYTES = 1_536 * 1024;

export const deskInvoicesRoutes = (app: FastifyInstance): void => {
  const { db } = app.deps;
  const preHandler = requireStaff("workInvoices");

  const staffOf = (request: FastifyRequest): SignedInStaff => {
    if (request.staff === undefined) throw refuse("StaffSignInRequired");
    return request.staff;
  };

  /** The audit recorder of this request: who, from where, at the request's instant. */
  const auditOf =
    (request: FastifyRequest, actor: SignedInStaff, now: number): AuditInvoiceAct =>
    (tx, act, subject, before, after) =>
      recordAct(tx, { at: new Date(now), staff: { id: actor.id, name: actor.name }, address: request.ip, act, subject, before, after });

  registerEndpoint(app, Api.deskInvoices, (query, ctx) => listDeskInvoices(db, staffOf(ctx.request), query), { preHandler });

  registerEndpoint(
    app,
    Api.deskInvoicesExport,
    async ({ lang, ...filter }, ctx) => csvDownload("invoices.csv", await deskInvoicesCsvRows(db, staffOf(ctx.request), filter, lang ?? "en")),
    { preHandler },
  );

  registerEndpoint(app, Api.deskInvoicePdf, ({ invoice_id }, ctx) => deskPdf(db, staffOf(ctx.request), invoice_id), { preHandler });

  registerEndpoint(
    app,
    Api.deskInvoiceIssue,
    async (body, ctx) => {
      const actor = staffOf(ctx.request);
      return ok(await issueAtDesk(db, actor, body, ctx.now, auditOf(ctx.request, actor, ctx.now)), "invoice issued");
    },
    { preHandler, bodyLimit: INVOICE_ISSUE_BODY_LIMIT_BYTES },
  );

  registerEndpoint(
    app,
    Api.deskInvoiceRefuse,
    async (body, ctx) => {
      const actor = staffOf(ctx.request);
      return ok(await refuseAtDesk(db, actor, body, auditOf(ctx.request, actor, ctx.now)), "invoice request refused");
    },
    { preHandler },
  );
};
