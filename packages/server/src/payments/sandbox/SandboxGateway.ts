import { randomBytes, randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { sandboxChannelOrders } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock/Clock.ts";
import type { ChannelGateway } from "../JsapiChannel.ts";
import {
  ChannelUnavailable,
  type ChannelName,
  type ChannelPaymentState,
  type PaymentRequest,
  type RefundOutcome,
  type RefundRequest,
} from "../PaymentChannel.ts";

export type SandboxLedgerRow = typeof sandboxChannelOrders.$inferSelect;

/** A channel transaction id in WeChat's style: 28 digits starting 4200. */
const newTransactionId = (): string => `4200${Array.from({ length: 24 }, () => randomInt(10)).join("")}`;

const ph = sql.placeholder;

/**
 * Opening a prepay, as one statement: a new merchant order gets a prepay id; a known one answers
 * the one it has (the no-op update makes RETURNING give the existing row). Every order creation
 * in sandbox mode makes it, so it is prepared once per database (src/db/prepared.ts).
 */
const prepayQuery = preparedPerDatabase("sandbox_prepay", (db, name) =>
  db
    .insert(sandboxChannelOrders)
    .values({
      channel: ph("channel"),
      mchntOrderNo: ph("mchntOrderNo"),
      prepayId: ph("prepayId"),
      amount: ph("amount"),
      payerOpenid: ph("payerOpenid"),
      expiresAt: ph("expiresAt"),
      tradeState: "NOTPAY",
      createdAt: ph("createdAt"),
    })
    .onConflictDoUpdate({ target: [sandboxChannelOrders.channel, sandboxChannelOrders.mchntOrderNo], set: { channel: sql`excluded.channel` } })
    .returning({ prepayId: sandboxChannelOrders.prepayId, amount: sandboxChannelOrders.amount })
    .prepare(name),
);

/**
 * The sandbox channel's servers: its ledger lives in our database (table
 * `sandbox_channel_orders`), so queries, closes and refunds behave as a real channel's would,
 * including refusing to take money after the pay window.
 */
export class SandboxGateway implements ChannelGateway {
  constructor(
    private readonly channel: ChannelName,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async createPrepay(request: PaymentRequest): Promise<string> {
    const [row] = await prepayQuery(this.db).execute({
      channel: this.channel,
      mchntOrderNo: request.mchntOrderNo,
      prepayId: `wx${randomBytes(16).toString("hex")}`,
      amount: request.amountCents,
      payerOpenid: request.payerOpenid,
      expiresAt: request.expiresAt,
      createdAt: new Date(this.clock.now()),
    });
    // A real channel refuses a merchant order number reused with another amount (ORDER_NO_USED).
    if (row === undefined || row.amount !== request.amountCents) throw new ChannelUnavailable("merchant order number already used with another amount");
    return row.prepayId;
  }

  async query(mchntOrderNo: string): Promise<ChannelPaymentState> {
    const row = await this.find(mchntOrderNo);
    if (row === undefined) return { state: "unknown-order" };
    if ((row.tradeState === "SUCCESS" || row.tradeState === "REFUND") && row.transactionId !== null && row.paidAt !== null) {
      return { state: "paid", transactionId: row.transactionId, amountCents: row.amount, paidAt: row.paidAt };
    }
    return row.tradeState === "CLOSED" ? { state: "closed" } : { state: "unpaid" };
  }

  async close(mchntOrderNo: string): Promise<"closed" | "paid"> {
    await this.db
      .update(sandboxChannelOrders)
      .set({ tradeState: "CLOSED" })
      .where(and(eq(sandboxChannelOrders.channel, this.channel), eq(sandboxChannelOrders.mchntOrderNo, mchntOrderNo), sql`${sandboxChannelOrders.tradeState} IN ('NOTPAY', 'PAYERROR')`));
    const row = await this.find(mchntOrderNo);
    return row?.tradeState === "SUCCESS" || row?.tradeState === "REFUND" ? "paid" : "closed";
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const row = await this.find(request.mchntOrderNo);
    if (row === undefined || row.transactionId !== request.transactionId) return "refused";
    // Refunds are always of the whole payment here; asking again for one already given back is "done", not a second refund.
    if (row.tradeState === "REFUND" && row.refundedAmount === row.amount) return "refunded";
    const updated = await this.db
      .update(sandboxChannelOrders)
      .set({ tradeState: "REFUND", refundedAmount: sql`${sandboxChannelOrders.refundedAmount} + ${request.amountCents}` })
      .where(
        and(
          eq(sandboxChannelOrders.channel, this.channel),
          eq(sandboxChannelOrders.mchntOrderNo, request.mchntOrderNo),
          eq(sandboxChannelOrders.tradeState, "SUCCESS"),
          sql`${sandboxChannelOrders.refundedAmount} + ${request.amountCents} <= ${sandboxChannelOrders.amount}`,
        ),
      )
      .returning({ no: sandboxChannelOrders.mchntOrderNo });
    return updated.length === 1 ? "refunded" : "refused";
  }

  /**
   * The customer's answer on the sandbox pay sheet: "ok" takes the money (once: a second "ok"
   * finds it already paid), "fail" records a failed attempt. Refused after the pay window, like a
   * real channel. Returns the ledger row after the attempt, or why nothing happened.
   */
  async pay(mchntOrderNo: string, result: "ok" | "fail"): Promise<SandboxLedgerRow | "unknown-order" | "window-closed"> {
    const now = new Date(this.clock.now());
    const row = await this.find(mchntOrderNo);
    if (row === undefined) return "unknown-order";
    if (row.tradeState === "SUCCESS" || row.tradeState === "REFUND") return row;
    if (row.tradeState === "CLOSED" || now >= row.expiresAt) return "window-closed";
    const [updated] = await this.db
      .update(sandboxChannelOrders)
      .set(result === "ok" ? { tradeState: "SUCCESS", transactionId: newTransactionId(), paidAt: now } : { tradeState: "PAYERROR" })
      .where(
        and(
          eq(sandboxChannelOrders.channel, this.channel),
          eq(sandboxChannelOrders.mchntOrderNo, mchntOrderNo),
          sql`${sandboxChannelOrders.tradeState} IN ('NOTPAY', 'PAYERROR')`,
        ),
      )
      .returning();
    // Lost a race with another "ok": the winner's row is the truth.
    return updated ?? (await this.find(mchntOrderNo)) ?? "unknown-order";
  }

  async find(mchntOrderNo: string): Promise<SandboxLedgerRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxChannelOrders)
      .where(and(eq(sandboxChannelOrders.channel, this.channel), eq(sandboxChannelOrders.mchntOrderNo, mchntOrderNo)))
      .limit(1);
    return row;
  }
}
