import { Refund } from "@fuel/domain";
import { Api } from "@fuel/domain/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { fuelOrderQrCode, resetQrCode } from "../cashier/customerQr.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok, orderCreated } from "../http/envelope.ts";
import { idempotencyKeyOf, idempotent, storeFailedLogger } from "../http/idempotency.ts";
import { cancelOrder } from "../orders/cancelOrder.ts";
import { createFuelOrder } from "../orders/createFuelOrder.ts";
import { listOrders, orderDetail } from "../orderRecords/readOrders.ts";
import { requestRefund } from "../orders/requestRefund.ts";

/**
 * One-key fuel orders (spec §3, §4, §7; issue 4): create, list, detail, cancel, refund, and the
 * QR codes. Handlers are glue; the rules live in src/orders/ and src/cashier/.
 */
export const orderRoutes = (app: FastifyInstance): void => {
  const { db, clock } = app.deps;
  const channels = app.deps.providers.payments.channels;
  const refundDeps = (request: FastifyRequest) => ({ db, channels, log: request.log });

  registerEndpoint(app, Api.orderCreate, (draft, ctx) =>
    idempotent(
      db,
      { key: idempotencyKeyOf(ctx.request), userId: ctx.user().userId, scope: Api.orderCreate.path, body: draft, now: () => clock.now(), onStoreFailed: storeFailedLogger(ctx.request) },
      async () => orderCreated(await createFuelOrder({ db, channels, catalogue: app.deps.catalogue }, ctx.user().userId, ctx.user().oauthId, draft, ctx.now)),
    ),
  );

  registerEndpoint(app, Api.orderList, ({ page, order_status }, ctx) => listOrders(db, ctx.user().userId, order_status, page, ctx.now));

  registerEndpoint(app, Api.orderDetail, ({ order_id }, ctx) => orderDetail(db, ctx.user().userId, order_id, ctx.now));

  registerEndpoint(app, Api.orderCancel, async ({ order_id }, ctx) =>
    ok(await cancelOrder({ db, channels, log: ctx.request.log }, ctx.user().userId, order_id, ctx.now), "order cancelled"),
  );

  registerEndpoint(app, Api.orderRefund, async ({ order_id, reason }, ctx) => {
    const answer = await requestRefund(refundDeps(ctx.request), ctx.user().userId, order_id, reason, ctx.now);
    return ok(answer, answer.refund_status === Refund.REFUND_STATUS.refunded ? "refunded" : "refund requested");
  });

  registerEndpoint(app, Api.kepaiQrCode, async ({ orderNumber }, ctx) => ({
    respCode: "00000" as const,
    qrcode: await fuelOrderQrCode(db, ctx.user().userId, orderNumber.trim(), ctx.now),
  }));

  registerEndpoint(app, Api.orderResetQr, async ({ order_id }, ctx) => ok({ qrcode: await resetQrCode(db, ctx.user().userId, order_id, ctx.now) }, "QR code regenerated"));
};
