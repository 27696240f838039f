import { Time } from "@fuel/domain";
import type { DeskQueueResponse } from "@fuel/domain/api";
import type { Queryable } from "../../db/queryable.ts";
import { longestWaitingOrders } from "../../recharge/waitingOrders.ts";

/** The queue shows at most this many: the longest waiting, who matter most. */
export const DESK_QUEUE_SHOWN = 100;

/**
 * `GET /api/desk/queue` (issue 26): the paid recharges and card purchases waiting for the
 * distributor, oldest payment first (ties: the older order), exactly those settlement accepts.
 * The distributor tops up the whole card number, so it is shown whole; the station the customer
 * chose comes with it (issue 34), by title.
 */
export const settlementQueue = async (db: Queryable): Promise<DeskQueueResponse> => {
  const rows = await longestWaitingOrders(db, DESK_QUEUE_SHOWN);
  return {
    orders: rows.map((r) => ({
      order_id: r.id,
      mchnt_order_no: r.mchntOrderNo,
      issues_card: r.issuesCard,
      card_type: r.cardType as DeskQueueResponse["orders"][number]["card_type"],
      card_num: r.cardNum,
      last_number: r.lastNumber,
      team: r.team,
      order_amount: r.orderAmount,
      amount: r.amount,
      phone: r.phone,
      remark: r.remark,
      paid_at: r.paidAt === null ? null : Time.formatChinaIso(r.paidAt.getTime()),
      station_title: r.stationTitle,
    })),
  };
};
