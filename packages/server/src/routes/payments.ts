import { Api, type OrderStatusAnswer } from "@fuel/domain/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok, successEnvelope } from "../http/envelope.ts";
import { NOTIFY_PATHS } from "../payments/channels.ts";
import { paymentResult, payAgain } from "../payments/customerPayments.ts";
import type { ChannelName, NotificationHeaders } from "../payments/PaymentChannel.ts";
import { receiveNotification } from "../payments/receiveNotification.ts";
import { payInSandbox } from "../payments/sandbox/payInSandbox.ts";

/**
 * Payment (spec §7; issue 4): the pay sheet again for an unpaid order, the settled result, and
 * the channels' server-to-server notifications.
 */
export const paymentRoutes = (app: FastifyInstance): void => {
  const { db } = app.deps;
  const channels = app.deps.providers.payments.channels;
  const deps = (request: FastifyRequest) => ({ db, channels, log: request.log });

  registerEndpoint(app, Api.paymentQuery, async ({ order_id }, ctx) => {
    const { params } = await payAgain(deps(ctx.request), ctx.user().userId, order_id, "wechat", ctx.now);
    return { payInfo: params.payInfo, merchOrderNo: params.channelOrderNo };
  });

  registerEndpoint(app, Api.paymentFyQuery, async ({ order_id }, ctx) => {
    const { order, params } = await payAgain(deps(ctx.request), ctx.user().userId, order_id, "fy", ctx.now);
    return { result_code: "000000" as const, result_msg: "success", reserved_pay_info: params.payInfo, reserved_fy_order_no: params.channelOrderNo, order_id: order.id };
  });

  registerEndpoint(app, Api.paymentQueryResult, ({ order_id }, ctx) => paymentResult(deps(ctx.request), ctx.user().userId, order_id, ctx.now));

  // Notifications are checked against the exact bytes the channel signed, so these two routes keep
  // the raw body (an encapsulated context with its own JSON parser) instead of the contract's
  // decoded one; the JSAPI channel's verifier decodes the body with the contract schema itself.
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    for (const [channel, path] of Object.entries(NOTIFY_PATHS) as Array<[ChannelName, string]>) {
      raw.post(path, async (request) => {
        const header = (name: string): string | undefined => {
          const v = request.headers[name];
          return typeof v === "string" ? v : undefined;
        };
        const headers: NotificationHeaders = {
          timestamp: header("wechatpay-timestamp"),
          nonce: header("wechatpay-nonce"),
          signature: header("wechatpay-signature"),
          serial: header("wechatpay-serial"),
        };
        const body = typeof request.body === "string" ? request.body : "";
        const message = await receiveNotification(deps(request), channel, headers, body, app.deps.clock.now());
        return successEnvelope(null, message);
      });
    }
  });
};

const SANDBOX_PAY_MESSAGES = { ok: "paid in the sandbox", fail: "payment failed in the sandbox", cancel: "payment cancelled in the sandbox" } as const;

/** The customer's pay sheet, played by the sandbox channel (DESIGN.md §4); sandbox mode only. */
export const paymentSandboxRoutes = (app: FastifyInstance): void => {
  const { db, clock } = app.deps;
  const { sandbox } = app.deps.providers.payments;

  registerEndpoint(app, Api.sandboxPay, async ({ order_id, result, notify }, ctx) => {
    const deliver = async (channel: ChannelName, body: string, headers: Readonly<Record<string, string>>): Promise<boolean> => {
      const res = await app.inject({ method: "POST", url: NOTIFY_PATHS[channel], headers: { ...headers, "content-type": "application/json" }, payload: body });
      if (res.statusCode !== 200) ctx.request.log.error({ status: res.statusCode, body: res.body }, "the server refused the sandbox channel's notification");
      return res.statusCode === 200;
    };
    const status = await payInSandbox({ db, sandbox, now: () => clock.now(), deliver }, order_id, result, notify !== false);
    return ok({ order_id, order_status: status as OrderStatusAnswer["order_status"] }, SANDBOX_PAY_MESSAGES[result]);
  });
};
