import { Api, type OrderStatusAnswer } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { redeemQrCode } from "../cashier/redeem.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok } from "../http/envelope.ts";
import { HttpError, NotFound } from "../refusals/httpErrors.ts";
import { conflict, notFound } from "../refusals/refusals.ts";
import { findOrder } from "../orderRecords/queries.ts";
import { NOTIFY_PATHS } from "../payments/channels.ts";
import { signedNotification } from "../payments/sandbox/notifications.ts";
import { settleRecharge } from "../recharge/settleRecharge.ts";

/**
 * The sandbox stand-ins for the outside world's side of money (DESIGN.md §4), registered only in
 * sandbox mode: the customer's pay sheet, the cashier scanning a QR code, the card distributor
 * settling a recharge.
 */

/** How often the sandbox channel delivers each notification: twice, as real channels may, to prove it changes things once. */
export const SANDBOX_DELIVERIES = 2;

export const sandboxMoneyRoutes = (app: FastifyInstance): void => {
  const { db, clock } = app.deps;
  const { channels, sandbox } = app.deps.providers.payments;

  registerEndpoint(app, Api.sandboxPay, async ({ order_id, result, notify }, ctx) => {
    const order = await findOrder(db, order_id);
    if (order === undefined) throw notFound("OrderNotFound");
    const channel = order.paytype === "fy" ? "fy" : "wechat";
    const sandboxChannel = sandbox[channel];
    if (sandboxChannel === undefined) throw new NotFound("this order's payment channel is not a sandbox");
    if (order.prepayId === null) throw conflict("OrderNotPayable");
    if (result === "cancel") return ok({ order_id, order_status: order.status as OrderStatusAnswer["order_status"] }, "payment cancelled in the sandbox");

    const paid = await sandboxChannel.gateway.pay(order.mchntOrderNo, result);
    if (paid === "unknown-order" || paid === "window-closed") throw conflict("OrderNotPayable");

    if (notify !== false) {
      const resource = {
        out_trade_no: paid.mchntOrderNo,
        transaction_id: paid.transactionId ?? `FAILED-${paid.prepayId}`,
        trade_state: paid.tradeState === "SUCCESS" || paid.tradeState === "REFUND" ? ("SUCCESS" as const) : ("PAYERROR" as const),
        ...(paid.paidAt === null ? {} : { success_time: new Date(paid.paidAt).toISOString() }),
        amount: { total: paid.amount, currency: "CNY" as const },
      };
      for (let i = 0; i < SANDBOX_DELIVERIES; i++) {
        // Through the real notification route: the same signature check, decryption and handler as production.
        const { body, headers } = signedNotification(sandboxChannel.platform, resource, clock.now());
        const res = await app.inject({ method: "POST", url: NOTIFY_PATHS[channel], headers: { ...headers, "content-type": "application/json" }, payload: body });
        if (res.statusCode !== 200) {
          ctx.request.log.error({ status: res.statusCode, body: res.body }, "the server refused the sandbox channel's notification");
          throw new HttpError(502, "the payment notification was refused by the server");
        }
      }
    }
    const after = await findOrder(db, order_id);
    const status = (after ?? order).status as OrderStatusAnswer["order_status"];
    return ok({ order_id, order_status: status }, result === "ok" ? "paid in the sandbox" : "payment failed in the sandbox");
  });

  registerEndpoint(app, Api.sandboxCashierRedeem, async ({ qrcode }, ctx) => {
    const redeemed = await redeemQrCode(db, qrcode.trim(), ctx.now);
    return ok({ order_id: redeemed.orderId, order_status: redeemed.status as OrderStatusAnswer["order_status"] }, "redeemed at the cashier");
  });

  registerEndpoint(app, Api.sandboxRechargeSettle, async ({ order_id, result, reason }, ctx) =>
    ok(await settleRecharge({ db, channels, log: ctx.request.log }, order_id, result, reason, ctx.now), result === "done" ? "recharge done" : "recharge rejected"),
  );
};
