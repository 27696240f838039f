import { Api, type OrderStatusAnswer } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { redeemQrCode, SANDBOX_CASHIER } from "../cashier/redeem.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok } from "../http/envelope.ts";

/** The station cashier scanning a customer's QR code, played by the sandbox (DESIGN.md §4); sandbox mode only. */
export const cashierSandboxRoutes = (app: FastifyInstance): void => {
  const { db } = app.deps;

  registerEndpoint(app, Api.sandboxCashierRedeem, async ({ qrcode }, ctx) => {
    const redeemed = await redeemQrCode(db, { text: qrcode, entry: "scanned" }, ctx.now, SANDBOX_CASHIER);
    return ok({ order_id: redeemed.orderId, order_status: redeemed.status as OrderStatusAnswer["order_status"] }, "redeemed at the cashier");
  });
};
