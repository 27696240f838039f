import { randomBytes } from "node:crypto";
import { Constants } from "@fuel/domain";
import { asc, eq } from "drizzle-orm";
import pg from "pg";
import { orders, stations } from "../src/db/schema.ts";
import { signedNotification } from "../src/payments/sandbox/notifications.ts";
import { benchWorld } from "./setup.ts";
import { steadyLoad, type SteadyResult } from "./steady.ts";

/**
 * Issue 4's benchmark: order creation, then payment notifications, each at a steady rate
 * (default 200 req/s, evenly spaced: ./steady.ts) against the whole app on in-memory PGlite, or
 * on a PostgreSQL server with BENCH_DATABASE_URL. Every creation is a new order (distinct
 * amounts, so the double-tap guard never short-cuts it) and every notification pays a different
 * order made by the creation runs, signed and encrypted like a real channel's.
 */

/** Long enough for V8 to optimise the hot paths: the first seconds run several times slower. */
const WARM_UP_SECONDS = 5;

export interface MoneyBenchOptions {
  readonly seconds: number;
  readonly rate: number;
}

export interface MoneyBenchResult {
  readonly create: SteadyResult;
  readonly notify: SteadyResult;
  readonly ordersPaid: number;
}

/** A fresh database: in-memory PGlite, or a throw-away `fuel_bench_<random>` on BENCH_DATABASE_URL's server, dropped afterwards. */
const benchDatabase = async (): Promise<{ url: string; drop: () => Promise<void> }> => {
  const admin = process.env["BENCH_DATABASE_URL"]?.trim();
  if (admin === undefined || admin === "") return { url: "memory://", drop: async () => {} };
  const name = `fuel_bench_${randomBytes(4).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
};

export const moneyBench = async (o: MoneyBenchOptions): Promise<MoneyBenchResult> => {
  const target = await benchDatabase();
  // A customer holds at most 5 unpaid orders (Constants.MAX_UNPAID_ORDERS): spread the creations over enough customers.
  const perCustomer = Constants.MAX_UNPAID_ORDERS;
  const { server, database, clock, port, tokens } = await benchWorld(target.url, Math.ceil((o.rate * (WARM_UP_SECONDS + o.seconds) * 1.2) / perCustomer) + 1);
  const [station] = await database.db.select().from(stations).where(eq(stations.sellType, "0#;92#;95#")).orderBy(asc(stations.id)).limit(1);

  const { app } = server;
  try {
    let amount = 10_000;
    const create = (seconds: number) =>
      steadyLoad({
        port,
        rate: o.rate,
        seconds,
        next: () => ({
          method: "POST",
          path: "/api/order/create",
          headers: { "content-type": "application/json", authorization: `Bearer ${tokens[Math.floor((amount - 10_000) / perCustomer) % tokens.length]}` },
          body: JSON.stringify({ gas_Type: "0#", order_amount: String(amount++), phone: "13900000000", station_id: station!.id, paytype: "wechat" }),
        }),
      });
    await create(WARM_UP_SECONDS); // warm-up: JIT, the database's caches
    const created = await create(o.seconds);

    // One signed notification per unpaid order, prepared before the clock starts (signing is the channel's cost, not ours).
    const sandbox = app.deps.providers.payments.sandbox.wechat;
    if (sandbox === undefined) throw new Error("the bench needs the sandbox channel");
    const unpaid = await database.db.select().from(orders).where(eq(orders.status, 1)).orderBy(asc(orders.id));
    const notifications = unpaid.map((order, i) =>
      signedNotification(
        sandbox.platform,
        {
          out_trade_no: order.mchntOrderNo,
          transaction_id: `4200${String(i).padStart(24, "0")}`,
          trade_state: "SUCCESS",
          success_time: new Date(clock.now()).toISOString(),
          amount: { total: order.amount, currency: "CNY" },
        },
        clock.now(),
      ),
    );
    let next = 0;
    const notifyRun = (seconds: number) =>
      steadyLoad({
        port,
        rate: o.rate,
        seconds,
        next: () => {
          const n = notifications[next++ % notifications.length]!;
          return { method: "POST", path: "/api/payment/notify", headers: { ...n.headers, "content-type": "application/json" }, body: n.body };
        },
      });
    // The warm-up and the run each pay fresh orders, out of those the creation runs made.
    await notifyRun(Math.min(WARM_UP_SECONDS, Math.floor(notifications.length / o.rate / 3)));
    const notify = await notifyRun(Math.min(o.seconds, Math.floor((notifications.length - next) / o.rate)));
    const paid = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 2));
    return { create: created, notify, ordersPaid: paid.length };
  } finally {
    await server.close();
    await target.drop();
  }
};
