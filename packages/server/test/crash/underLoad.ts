import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { Agent } from "node:http";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { Pricing } from "@fuel/domain";
import pg from "pg";
import { signUpCustomers, type Customer } from "../../bench/write/customers.ts";
import { send, type Target } from "../../bench/write/http.ts";
import { signedNotification } from "../../bench/write/notification.ts";
import type { DieselStation, SandboxPlatform } from "../../bench/write/sandboxServer.ts";
import { DEMO_ORDER_PREFIX } from "../../src/seed/demoInvoicing.ts";

/**
 * The real server process on PostgreSQL under create-and-pay load while its database misbehaves
 * (issue 22): shared by test/crash/backendTermination.slow.test.ts and databaseOutage.slow.test.ts.
 * Unlike sigkillUnderLoad's kills, the process must live through it all: every request gets an
 * answer, 2xx or a 503 to retry, never a 500 nor a dropped connection.
 */

const SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));

export interface ServerProcess {
  readonly child: ChildProcess;
  /** Resolves with where it listens, as soon as it says so (before its database is ready when it waits for it). */
  readonly target: Promise<Target>;
  /** Resolves once it says 'listening on': migrated, seeded and serving. */
  readonly serving: Promise<void>;
  readonly exited: Promise<void>;
  alive(): boolean;
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s: resolves when it has exited. */
  stop(): Promise<void>;
}

const URL_PATTERN = /http:\/\/(127\.0\.0\.1):(\d+)\//;

/** `npm start` in sandbox mode with one process (WORKERS=1), on a port the system picks. */
export const startServerProcess = (databaseUrl: string, scratch: string): ServerProcess => {
  const child = spawn(process.execPath, ["--conditions=@fuel/source", "--import", "tsx", "src/main.ts"], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WORKERS: "1",
      PORT: "0",
      HOST: "127.0.0.1",
      FUEL_MODE: "sandbox",
      LOG_LEVEL: "warn",
      UI_DIST_DIR: join(scratch, "no-ui"),
      FUEL_BENCH_PROBE: "1",
      TRUST_PROXY: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let announce: (t: Target) => void = () => {};
  let serve: () => void = () => {};
  let fail: (err: Error) => void = () => {};
  const target = new Promise<Target>((resolve, reject) => {
    announce = resolve;
    fail = reject;
  });
  const serving = new Promise<void>((resolve, reject) => {
    serve = resolve;
    void exited.then(() => reject(new Error(`the server exited (${child.exitCode ?? child.signalCode}) before serving:\n${out}`)));
  });
  // Awaited by the test when it needs it; a process that exits early must not also be an unhandled rejection.
  serving.catch(() => undefined);
  target.catch(() => undefined);
  void exited.then(() => fail(new Error(`the server exited (${child.exitCode ?? child.signalCode}) before listening:\n${out}`)));
  const note = (chunk: Buffer): void => {
    if (out.length < 200_000) out += chunk.toString("utf8");
    const match = URL_PATTERN.exec(out);
    if (match !== null) announce({ host: match[1]!, port: Number(match[2]) });
    if (/listening on http/.test(out)) serve();
  };
  child.stdout?.on("data", note);
  child.stderr?.on("data", note);
  const alive = (): boolean => child.exitCode === null && child.signalCode === null;
  return {
    child,
    target,
    serving,
    exited,
    alive,
    output: () => out,
    stop: async () => {
      if (!alive()) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
};

// ----- the load

interface KnownOrder {
  readonly id: number;
  readonly mchntOrderNo: string;
  readonly orderAmount: number;
  readonly amount: number;
  readonly phone: string;
}

/** What the server answered, over the whole run. */
export interface Ledger {
  /** Orders whose creation was answered 2xx. */
  readonly created: Map<string, KnownOrder>;
  /** Notifications answered 200: transaction id -> merchant order number. */
  readonly paid: Map<string, string>;
  /** Cancellations answered 200 (merchant order numbers). */
  readonly cancelled: Set<string>;
  /** Answers by status. */
  readonly statuses: Map<number, number>;
  /** Anything but 2xx and 503, and requests with no answer: each one a failure of the test. */
  readonly unexpected: string[];
}

export const newLedger = (): Ledger => ({ created: new Map(), paid: new Map(), cancelled: new Set(), statuses: new Map(), unexpected: [] });

/**
 * How often a created order is cancelled rather than paid: cancelling runs a transaction (a
 * client checked out of the pool across statements, where a terminated backend used to end the
 * process); creating and paying are single statements.
 */
const CANCEL_SHARE = 0.4;

/**
 * A customer creates at most this many orders: the server's churn limit (issue 22) allows 10 in
 * 10 minutes, and a creation answered 503 may still have counted.
 */
const CREATIONS_PER_CUSTOMER = 8;

interface Shopper {
  readonly customer: Customer;
  creations: number;
  /** Created and not yet paid (as far as the answers tell), each with the notification that pays it. */
  readonly unpaid: Array<{ readonly order: KnownOrder; readonly transactionId: string; readonly cancel: boolean }>;
}

/**
 * The unpaid cap's 409 (5 unpaid orders): expected once creations answered 503 had committed all
 * the same (the failure came after the order's own transaction, storing the answer for its
 * Idempotency-Key); the client does not know of those orders, the server rightly counts them. The
 * customer hands over to a fresh one.
 */
const unpaidCap = (answer: { status: number; body: string }): boolean => answer.status === 409 && answer.body.includes("unpaid orders");

let transactions = 0;
const transactionTag = String(randomBytes(4).readUInt32BE(0)).padStart(10, "0");

/**
 * Customers creating orders and paying each one right after (a notification answered 503 is sent
 * again, the same one, until answered 200), `concurrency` at a time, a fresh customer taking over
 * from one who made {@link CREATIONS_PER_CUSTOMER}, until `stop()` or the customers run out.
 */
export const runLoad = (
  agent: Agent,
  target: Target,
  station: DieselStation,
  platform: SandboxPlatform,
  customers: readonly Customer[],
  concurrency: number,
  ledger: Ledger,
  /** How long a lane waits after a 503 before its next request (as a client honouring retry-after would, in short). */
  pauseAfter503Ms = 0,
): { stop(): Promise<void> } => {
  let stopping = false;
  let next = 0;
  const count = (status: number): void => {
    ledger.statuses.set(status, (ledger.statuses.get(status) ?? 0) + 1);
  };
  const post = async (path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string } | undefined> => {
    try {
      const answer = await send(agent, target, "POST", path, headers, body, 30_000);
      count(answer.status);
      if (answer.status !== 503 && (answer.status < 200 || answer.status >= 300) && !unpaidCap(answer)) ledger.unexpected.push(`${path} ${answer.status} ${answer.body.slice(0, 200)}`);
      if (answer.status === 503 && pauseAfter503Ms > 0) await sleep(pauseAfter503Ms);
      return answer;
    } catch (err) {
      ledger.unexpected.push(`${path}: no answer (${String(err)})`);
      return undefined;
    }
  };
  const pay = async (shopper: Shopper): Promise<void> => {
    const { order, transactionId, cancel } = shopper.unpaid[0]!;
    if (cancel) {
      const answer = await post(
        "/api/order/cancel",
        { "content-type": "application/json", authorization: `Bearer ${shopper.customer.token}` },
        JSON.stringify({ order_id: order.id }),
      );
      if (answer?.status === 200) {
        ledger.cancelled.add(order.mchntOrderNo);
        shopper.unpaid.shift();
      }
      return;
    }
    const notification = await signedNotification(platform.secrets, { mchntOrderNo: order.mchntOrderNo, amountCents: order.amount, transactionId }, Date.now() + platform.clockOffsetMs);
    const answer = await post("/api/payment/notify", { ...notification.headers }, notification.body);
    if (answer?.status === 200) {
      ledger.paid.set(transactionId, order.mchntOrderNo);
      shopper.unpaid.shift();
    }
  };
  const create = async (shopper: Shopper): Promise<void> => {
    const orderAmount = 10_000 + shopper.creations++;
    const { phone, token } = shopper.customer;
    const answer = await post(
      "/api/order/create",
      { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": `outage-${randomBytes(8).toString("hex")}` },
      JSON.stringify({ gas_Type: "0#", order_amount: String(orderAmount), phone, station_id: station.id, paytype: "wechat" }),
    );
    if (answer !== undefined && unpaidCap(answer)) shopper.creations = CREATIONS_PER_CUSTOMER;
    if (answer === undefined || answer.status < 200 || answer.status >= 300) return;
    const created = JSON.parse(answer.body) as { order_id: number; data: { merchOrderNo: string } };
    const merchOrderNo = created.data.merchOrderNo;
    const order = { id: created.order_id, mchntOrderNo: merchOrderNo, orderAmount, amount: Pricing.payableCents(orderAmount, station.nowPrice, station.originalPrice), phone };
    ledger.created.set(merchOrderNo, order);
    shopper.unpaid.push({ order, transactionId: `4200${transactionTag}${String(transactions++).padStart(14, "0")}`, cancel: Math.random() < CANCEL_SHARE });
  };
  const lane = async (): Promise<void> => {
    let shopper: Shopper | undefined;
    while (!stopping) {
      if (shopper === undefined || (shopper.creations >= CREATIONS_PER_CUSTOMER && shopper.unpaid.length === 0)) {
        const customer = customers[next++];
        if (customer === undefined) return;
        shopper = { customer, creations: 0, unpaid: [] };
      }
      if (shopper.unpaid.length > 0) await pay(shopper);
      else await create(shopper);
      if (ledger.unexpected.length > 20) return;
    }
  };
  const lanes = Promise.all(Array.from({ length: concurrency }, lane));
  return {
    stop: async () => {
      stopping = true;
      await lanes;
    },
  };
};

/** Customers for {@link runLoad}. */
export const customersFor = (agent: Agent, target: Target, count: number): Promise<Customer[]> => signUpCustomers(agent, target, count, 16);

// ----- after the run

interface OrderRow {
  readonly mchnt_order_no: string;
  readonly status: number;
  readonly order_amount: number;
  readonly amount: number;
  readonly phone: string;
  readonly has_paid_at: boolean;
  readonly payments: number;
  readonly good_payments: number;
  readonly live_qr_codes: number;
  readonly prepaid: boolean;
}

/** Runs one read-only statement on the database the server used, once the server has stopped. */
export type ReadRows = <R>(statement: string) => Promise<R[]>;

/** {@link violationsIn} on a PostgreSQL database. */
export const violations = async (databaseUrl: string, ledger: Ledger): Promise<{ problems: string[]; orders: number; payments: number }> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await violationsIn(async <R>(statement: string) => (await client.query(statement)).rows as R[], ledger);
  } finally {
    await client.end();
  }
};

/**
 * What in the database breaks the rules, one line each: every acknowledged order is there with
 * its amounts; every acknowledged notification left its order paid with exactly that payment; no
 * acknowledged cancellation left its order cancelled; no order is half-written (paid with its
 * payment, paid time and live QR code, or unpaid or cancelled with none;
 * its prepay at the sandbox channel); every stored Idempotency-Key answer names an order.
 */
export const violationsIn = async (read: ReadRows, ledger: Ledger): Promise<{ problems: string[]; orders: number; payments: number }> => {
  const orderRows = (
    await read<OrderRow>(`SELECT o.mchnt_order_no, o.status, o.order_amount, o.amount, o.phone,
        o.paid_at IS NOT NULL AS has_paid_at,
        (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id) AS payments,
        (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.amount = o.amount AND NOT p.refund_required) AS good_payments,
        (SELECT count(*)::int FROM qr_codes q WHERE q.order_id = o.id AND q.voided_at IS NULL AND q.redeemed_at IS NULL) AS live_qr_codes,
        EXISTS (SELECT 1 FROM sandbox_channel_orders s WHERE s.prepay_id = o.prepay_id AND s.mchnt_order_no = o.mchnt_order_no) AS prepaid
   FROM orders o
   -- The sandbox's demo data (a driver's used orders to invoice) is not the load's.
   WHERE o.mchnt_order_no NOT LIKE '${DEMO_ORDER_PREFIX}%'`)
  );
  const paymentRows = await read<{ transaction_id: string; mchnt_order_no: string }>(`SELECT p.transaction_id, o.mchnt_order_no FROM payments p JOIN orders o ON o.id = p.order_id`);
  const stored = await read<{ key: string; mchnt_order_no: string | null }>(`SELECT i.key, i.response->'data'->>'merchOrderNo' AS mchnt_order_no FROM idempotency_keys i WHERE i.response IS NOT NULL`);
  const problems: string[] = [];
  const orders = new Map(orderRows.map((o) => [o.mchnt_order_no, o]));
  for (const [no, known] of ledger.created) {
    const row = orders.get(no);
    if (row === undefined) problems.push(`acknowledged order ${no} is missing`);
    else if (row.order_amount !== known.orderAmount || row.amount !== known.amount || row.phone !== known.phone) problems.push(`acknowledged order ${no} changed: ${JSON.stringify(row)}`);
  }
  const payments = new Map(paymentRows.map((p) => [p.transaction_id, p.mchnt_order_no]));
  for (const [transactionId, no] of ledger.paid) {
    if (payments.get(transactionId) !== no) problems.push(`acknowledged notification ${transactionId} for ${no} left no payment`);
    const row = orders.get(no);
    if (row?.status !== 2 || row.payments !== 1) problems.push(`acknowledged notification ${transactionId} left ${no} as ${JSON.stringify(row)}`);
  }
  for (const row of orderRows) {
    const paid = row.status === 2 && row.payments === 1 && row.good_payments === 1 && row.has_paid_at && row.live_qr_codes === 1;
    const unpaid = (row.status === 1 || row.status === 9) && row.payments === 0 && !row.has_paid_at && row.live_qr_codes === 0;
    if (!(paid || unpaid) || !row.prepaid) problems.push(`order half-written: ${JSON.stringify(row)}`);
  }
  for (const no of ledger.cancelled) {
    if (orders.get(no)?.status !== 9) problems.push(`acknowledged cancellation left ${no} as ${JSON.stringify(orders.get(no))}`);
  }
  for (const answer of stored) {
    if (answer.mchnt_order_no === null || !orders.has(answer.mchnt_order_no)) problems.push(`idempotency key ${answer.key} answers a missing order ${answer.mchnt_order_no}`);
  }
  return { problems, orders: orderRows.length, payments: paymentRows.length };
};

/** `{status: count}` for the log line. */
export const statusCounts = (ledger: Ledger): string =>
  [...ledger.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
