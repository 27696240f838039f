import { Api } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok, successEnvelope } from "../http/envelope.ts";
import { idempotencyKeyOf, idempotent, storeFailedLogger } from "../http/idempotency.ts";
import { applyForInvoice } from "../invoicing/apply.ts";
import { receiveInvoiceCallback } from "../invoicing/callback.ts";
import { customerPdf, invoiceDetail, listInvoices } from "../invoicing/customerInvoices.ts";
import { deleteTitle, listTitles, saveTitle } from "../invoicing/titles.ts";

/**
 * The customer's invoices (issue 35): titles, asking for an invoice, following requests, an issued
 * one's PDF, and the e-invoice provider's callback. Handlers are glue; the rules live in
 * src/invoicing/ and `Invoice` (@fuel/domain).
 */
export const invoiceRoutes = (app: FastifyInstance): void => {
  const { db, clock } = app.deps;

  registerEndpoint(app, Api.invoiceTitles, (_none, ctx) => listTitles(db, ctx.user().userId));

  registerEndpoint(app, Api.invoiceTitleSave, async (body, ctx) => ok(await saveTitle(db, ctx.user().userId, body, ctx.now), "invoice title saved"));

  registerEndpoint(app, Api.invoiceTitleDelete, async ({ title_id }, ctx) => {
    await deleteTitle(db, ctx.user().userId, title_id);
    return ok({}, "invoice title deleted");
  });

  // A retried apply (the app resends after a lost answer with the same Idempotency-Key) gets the first answer, not a second request's refusal.
  registerEndpoint(app, Api.invoiceApply, (body, ctx) =>
    idempotent(
      db,
      { key: idempotencyKeyOf(ctx.request), userId: ctx.user().userId, scope: Api.invoiceApply.path, body, now: () => clock.now(), onStoreFailed: storeFailedLogger(ctx.request) },
      async () => ok(await applyForInvoice(db, ctx.user().userId, body, ctx.now), "invoice requested"),
    ),
  );

  registerEndpoint(app, Api.invoiceList, (_none, ctx) => listInvoices(db, ctx.user().userId));

  registerEndpoint(app, Api.invoiceDetail, ({ invoice_id }, ctx) => invoiceDetail(db, ctx.user().userId, invoice_id));

  registerEndpoint(app, Api.invoicePdf, ({ invoice_id }, ctx) => customerPdf(db, ctx.user().userId, invoice_id));

  // The callback is checked against the exact bytes the provider signed, so, like the payment
  // notifications (./payments.ts), it keeps the raw body in a context with its own JSON parser.
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    raw.post(Api.invoiceNotify.path, async (request) => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers[name] = value;
      const body = typeof request.body === "string" ? request.body : "";
      const message = await receiveInvoiceCallback({ db, provider: app.deps.providers.invoice, clock, log: request.log }, headers, body);
      return successEnvelope(null, message);
    });
  });
};
