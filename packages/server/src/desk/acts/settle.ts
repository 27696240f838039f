import type { OrderStatusAnswer } from "@fuel/domain/api";
import type { RefundDeps } from "../../payments/refunds.ts";
import { settleRecharge } from "../../recharge/settleRecharge.ts";
import type { RecordAct } from "./actor.ts";

/**
 * `POST /api/desk/settle {order_id, result, reason?}` (issue 26): the distributor settles a paid
 * recharge or card purchase through the same code as the sandbox (../../recharge/settleRecharge.ts):
 * 'done' tops the card up (a purchase gets its card), 'rejected' needs a reason and refunds at once.
 * The audit row ("settle" or "reject", status before and after, the reason or the card issued) is
 * written in the settling transaction; a refused settlement changes nothing and writes no row.
 */
export const settleAtDesk = async (
  deps: RefundDeps,
  orderId: number,
  result: "done" | "rejected",
  reason: string | undefined,
  now: number,
  record: RecordAct,
): Promise<OrderStatusAnswer> =>
  settleRecharge(deps, orderId, result, reason, now, (tx, s) =>
    record(tx, {
      act: s.rejected ? "reject" : "settle",
      subject: String(s.orderId),
      before: { order_status: s.before },
      after: { order_status: s.status, ...(s.reason === undefined ? {} : { reason: s.reason }) },
    }),
  );
