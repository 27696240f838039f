import { Invoice } from "@fuel/domain";
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { Result } from "effect";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import type { Tx } from "../db/queryable.ts";
import { invoiceOrders, invoices, orders, payments, stations, users } from "../db/schema.ts";
import type { Clock } from "../providers/clock/Clock.ts";
import { refuseInTx } from "./deskActs.ts";
import {
  applyIdFor,
  InvoiceProviderUnavailable,
  nextAttempt,
  type InvoiceProvider,
  type InvoiceSeller,
  type IssueRequest,
  type IssueState,
} from "./provider/index.ts";
import type { InvoiceRow } from "./records.ts";

/**
 * Issue 35 item 6: requests whose issuer is `platform` go to the e-invoice provider. A job
 * (../jobs/invoicing.ts) takes each requested one (→ issuing, attempt 1 with its apply id), sends
 * it, asks the provider how it stands, and records the result, which may also come by callback
 * (`POST /api/invoice/notify`, ./callback.ts): issued with its number and PDF, or failed. A
 * failed attempt is retried with a new apply id by the provider's rule (./provider/retry.ts, at
 * most 4 retries), then the request is refused with the provider's reason and its orders freed.
 *
 * Every change is made on the request's locked row and only for the attempt the row names, so a
 * late callback of an old attempt, a poll and a callback of the same result, or two servers
 * running the job change a request once. An attempt is written before it is sent: a crash between
 * the two leaves it with `provider_checked_at` null, and the next run sends it again under the same
 * apply id (the provider takes an id once).
 */

export interface PlatformDeps {
  readonly db: Database;
  readonly provider: InvoiceProvider;
  readonly clock: Clock;
  readonly log: Pick<FastifyBaseLogger, "error" | "warn" | "info">;
}

/** How many requests one run takes at most, of each kind of work. */
export const RUN_BATCH = 20;

/**
 * The seller of a top-up's invoice: the platform, which sold the prepaid card. The provider keeps
 * the platform's own merchant account as its default (station 0 has none of its own).
 */
export const PLATFORM_SELLER: InvoiceSeller = { stationId: 0, title: "", code: "" };

/** What a run did. */
export interface IssuingReport {
  readonly sent: number;
  readonly checked: number;
  readonly issued: number;
  readonly retried: number;
  readonly refused: number;
}

type Outcome = "issuing" | "issued" | "retried" | "refused" | "stale";

/** The issue request of a request's current attempt, from its stored snapshot. */
const issueRequestOf = async (db: Database, row: InvoiceRow): Promise<IssueRequest> => {
  const held = await db
    .select({ orderId: orders.id, mchntOrderNo: orders.mchntOrderNo, usedAt: orders.usedAt })
    .from(invoiceOrders)
    .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
    .where(eq(invoiceOrders.invoiceId, row.id))
    .orderBy(asc(orders.id));
  const ids = held.map((o) => o.orderId);
  const paid =
    ids.length === 0
      ? []
      : await db
          .select({ orderId: payments.orderId, channel: payments.channel, transactionId: payments.transactionId, amount: payments.amount })
          .from(payments)
          .where(and(inArray(payments.orderId, ids), eq(payments.refundRequired, false)))
          .orderBy(asc(payments.id));
  const [payer] = await db.select({ openid: users.openid }).from(users).where(eq(users.id, row.userId));
  const [station] = row.stationId === null ? [] : await db.select().from(stations).where(eq(stations.id, row.stationId));
  const seller: InvoiceSeller =
    station === undefined ? { ...PLATFORM_SELLER, stationId: row.stationId ?? 0, title: row.stationTitle ?? "" } : { stationId: station.id, title: station.title, code: station.codeId };
  const mchnt = new Map(held.map((o) => [o.orderId, o.mchntOrderNo]));
  const lastUse = held.reduce<Date | undefined>((last, o) => (o.usedAt !== null && (last === undefined || o.usedAt > last) ? o.usedAt : last), undefined);
  return {
    invoiceId: row.id,
    attempt: row.attempt,
    applyId: row.applyId ?? applyIdFor(row.id, Math.max(1, row.attempt)),
    payerOpenid: payer?.openid ?? null,
    buyer: {
      type: row.titleType === "company" ? "company" : "personal",
      name: row.titleName,
      taxId: row.titleTaxId,
      email: row.titleEmail,
      phone: row.titlePhone,
      address: row.titleAddress,
      bank: row.titleBank,
      account: row.titleAccount,
    },
    seller,
    lines: [
      {
        description: row.description,
        // A prepaid-card line has no quantity: the provider reads "0".
        litres: row.litres ?? "0",
        unitPrice: row.unitPrice ?? "0",
        amountCents: row.amount,
        taxRatePercent: row.taxPercent ?? 0,
        taxCents: row.tax,
        ...(lastUse === undefined ? {} : { tradeTime: lastUse }),
      },
    ],
    totalCents: row.amount,
    payments: paid.map((p) => ({ channel: p.channel === "fy" ? "fy" : "wechat", mchntOrderNo: mchnt.get(p.orderId) ?? "", transactionId: p.transactionId, amountCents: p.amount })),
  };
};

const lockInvoice = async (tx: Tx, invoiceId: number): Promise<InvoiceRow | undefined> =>
  (await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update"))[0];

/**
 * Records what the provider says of attempt `applyId` of request `invoiceId`, on its locked row:
 * issued, retried with a new id, refused for good, or still issuing. Anything about another
 * attempt than the row's, or about a request no longer issuing, changes nothing ("stale").
 */
export const recordProviderState = async (db: Database, invoiceId: number, applyId: string, state: IssueState, now: number): Promise<Outcome> =>
  db.transaction(async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    if (row === undefined || row.state !== "issuing" || row.applyId !== applyId) return "stale";
    if (state.state === "issuing") {
      await tx.update(invoices).set({ providerCheckedAt: new Date(now) }).where(eq(invoices.id, row.id));
      return "issuing";
    }
    if (state.state === "issued") {
      const next = Invoice.nextInvoiceState("issuing", "issue");
      if (Result.isFailure(next)) return "stale";
      await tx
        .update(invoices)
        .set({
          state: next.success,
          // A provider's number is taken as it gives it, within the column's room.
          number: state.number.slice(0, 64),
          issuedAt: state.issuedAt,
          pdf: state.pdf,
          pdfUrl: state.pdfUrl,
          inWallet: state.inWallet,
          providerCheckedAt: new Date(now),
        })
        .where(eq(invoices.id, row.id));
      return "issued";
    }
    const decision = nextAttempt(row.id, Math.max(1, row.attempt), state);
    if (decision.action === "retry") {
      // A new id, not yet sent: the next run (or this one) sends it.
      await tx.update(invoices).set({ attempt: decision.attempt, applyId: decision.applyId, providerCheckedAt: null }).where(eq(invoices.id, row.id));
      return "retried";
    }
    const refused = Invoice.nextInvoiceState("issuing", "refuse");
    if (Result.isFailure(refused)) return "stale";
    await refuseInTx(tx, row.id, refused.success, decision.action === "give-up" ? decision.reason : state.reason, null);
    return "refused";
  });

/** Takes a requested platform request: → issuing with attempt 1, on its locked row; false when another took it first. */
const take = async (db: Database, invoiceId: number): Promise<boolean> =>
  db.transaction(async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    if (row === undefined || row.issuer !== "platform") return false;
    const next = Invoice.nextInvoiceState(row.state as Invoice.InvoiceState, "send");
    if (Result.isFailure(next)) return false;
    await tx.update(invoices).set({ state: next.success, attempt: 1, applyId: applyIdFor(row.id, 1), providerCheckedAt: null }).where(eq(invoices.id, row.id));
    return true;
  });

/** Sends the request's current attempt and records the provider's first answer; an outage leaves it for the next run. */
const send = async (deps: PlatformDeps, invoiceId: number): Promise<Outcome | "unavailable"> => {
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (row === undefined || row.state !== "issuing" || row.applyId === null) return "stale";
  const request = await issueRequestOf(deps.db, row);
  try {
    const state = await deps.provider.issue(request);
    return await recordProviderState(deps.db, row.id, row.applyId, state, deps.clock.now());
  } catch (err) {
    if (!(err instanceof InvoiceProviderUnavailable)) throw err;
    deps.log.warn({ invoiceId, applyId: row.applyId, err: err.message }, "invoice not sent: e-invoice provider unavailable; the next run sends it again");
    return "unavailable";
  }
};

/** Asks the provider how a sent attempt stands and records it; an outage leaves it for the next run. */
const check = async (deps: PlatformDeps, row: InvoiceRow): Promise<Outcome | "unavailable"> => {
  if (row.applyId === null) return "stale";
  try {
    const state = await deps.provider.query({ invoiceId: row.id, applyId: row.applyId, stationId: row.stationId ?? PLATFORM_SELLER.stationId });
    return await recordProviderState(deps.db, row.id, row.applyId, state, deps.clock.now());
  } catch (err) {
    if (!(err instanceof InvoiceProviderUnavailable)) throw err;
    deps.log.warn({ invoiceId: row.id, applyId: row.applyId, err: err.message }, "invoice not checked: e-invoice provider unavailable");
    return "unavailable";
  }
};

/** One run: take and send requested platform requests, send attempts not yet sent (retries, crashes), check those sent. */
export const issueThroughProvider = async (deps: PlatformDeps): Promise<IssuingReport> => {
  const counts = { sent: 0, checked: 0, issued: 0, retried: 0, refused: 0 };
  const tally = (outcome: Outcome | "unavailable"): void => {
    if (outcome === "issued") counts.issued += 1;
    else if (outcome === "retried") counts.retried += 1;
    else if (outcome === "refused") counts.refused += 1;
  };
  const requested = await deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.state, "requested"), eq(invoices.issuer, "platform")))
    .orderBy(asc(invoices.createdAt), asc(invoices.id))
    .limit(RUN_BATCH);
  for (const { id } of requested) await take(deps.db, id);

  // Sent attempts first, so a retry made by this check is sent below within the same run.
  const sent = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.state, "issuing"), isNotNull(invoices.providerCheckedAt)))
    .orderBy(asc(invoices.providerCheckedAt), asc(invoices.id))
    .limit(RUN_BATCH);
  for (const row of sent) {
    counts.checked += 1;
    tally(await check(deps, row));
  }

  const unsent = await deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.state, "issuing"), isNull(invoices.providerCheckedAt)))
    .orderBy(asc(invoices.id))
    .limit(RUN_BATCH);
  for (const { id } of unsent) {
    const outcome = await send(deps, id);
    if (outcome !== "unavailable" && outcome !== "stale") counts.sent += 1;
    tally(outcome);
  }
  return counts;
};
