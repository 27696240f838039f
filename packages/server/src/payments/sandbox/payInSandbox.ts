import type { Database } from "../../db/client.ts";
import { findOrder } from "../../orderRecords/queries.ts";
import { refuse } from "../../refusals/Refusal.ts";
import type { SandboxChannel } from "../channels.ts";
import type { ChannelName } from "../PaymentChannel.ts";
import { signedNotificationAsync } from "./notifications.ts";

/** How often the sandbox channel delivers each notification: twice, as real channels may, to prove it changes things once. */
export const SANDBOX_DELIVERIES = 2;

export interface SandboxPayDeps {
  readonly db: Database;
  /** The channels running as sandboxes. */
  readonly sandbox: Readonly<Partial<Record<ChannelName, SandboxChannel>>>;
  readonly now: () => number;
  /**
   * Hands a signed notification to the server's own notification route for `channel` (the same
   * signature check, decryption and handler as production); false when the route refused it.
   */
  readonly deliver: (channel: ChannelName, body: string, headers: Readonly<Record<string, string>>) => Promise<boolean>;
}

/**
 * The customer's side of the sandbox pay sheet (DESIGN.md §4, `/api/sandbox/pay`): the sandbox
 * channel takes the money (or records a failed attempt) and, unless `notify` is false, sends the
 * platform's signed notification {@link SANDBOX_DELIVERIES} times. `cancel` closes the sheet
 * without paying. Answers the order's status afterwards.
 */
export const payInSandbox = async (deps: SandboxPayDeps, orderId: number, result: "ok" | "fail" | "cancel", notify: boolean): Promise<number> => {
  const order = await findOrder(deps.db, orderId);
  if (order === undefined) throw refuse("OrderNotFound");
  const channel: ChannelName = order.paytype === "fy" ? "fy" : "wechat";
  const sandboxChannel = deps.sandbox[channel];
  if (sandboxChannel === undefined) throw refuse("SandboxChannelMissing");
  if (order.prepayId === null) throw refuse("OrderNotPayable");
  if (result === "cancel") return order.status;

  const paid = await sandboxChannel.gateway.pay(order.mchntOrderNo, result);
  if (paid === "unknown-order" || paid === "window-closed") throw refuse("OrderNotPayable");

  if (notify) {
    const resource = {
      out_trade_no: paid.mchntOrderNo,
      transaction_id: paid.transactionId ?? `FAILED-${paid.prepayId}`,
      trade_state: paid.tradeState === "SUCCESS" || paid.tradeState === "REFUND" ? ("SUCCESS" as const) : ("PAYERROR" as const),
      ...(paid.paidAt === null ? {} : { success_time: new Date(paid.paidAt).toISOString() }),
      amount: { total: paid.amount, currency: "CNY" as const },
    };
    for (let i = 0; i < SANDBOX_DELIVERIES; i++) {
      const { body, headers } = await signedNotificationAsync(sandboxChannel.platform, resource, deps.now());
      if (!(await deps.deliver(channel, body, headers))) throw refuse("SandboxNotificationRefused");
    }
  }
  return ((await findOrder(deps.db, orderId)) ?? order).status;
};
