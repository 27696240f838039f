import { randomBytes } from "node:crypto";
import type { Agent } from "node:http";
import { Constants, Pricing } from "@fuel/domain";
import { ORDER_CREATIONS_PER_CUSTOMER } from "../../src/limits/policy.ts";
import { signUpCustomers, type Customer } from "./customers.ts";
import { newAgent, send, type Target } from "./http.ts";
import { signedNotification, type PlatformSecrets, type SignedNotification } from "./notification.ts";
import type { FromGenerator, PhaseOutcome, PhaseSpec, ToGenerator } from "./protocol.ts";
import { dieselStation, sandboxPlatform, type DieselStation } from "./sandboxServer.ts";
import { closedLoop, openLoop, openLoopJobs, type Job, type JobResult, type LoadRecord } from "./schedule.ts";
import { summarize } from "./stats.ts";

/**
 * The write benchmark's load generator: a child process of ./main.ts (`fork`), so its event loop
 * is neither the server's nor the benchmark's. It keeps the customers, the orders they hold
 * unpaid and the platform's signing key, and runs one phase at a time when told to (./protocol.ts).
 *
 * - create: `POST /api/order/create`, each from the next customer with room for an unpaid order
 *   (at most 5: Constants.MAX_UNPAID_ORDERS) and for a creation (at most 10 in 10 minutes, the
 *   server's churn limit: ./main.ts signs up enough customers for a run), a distinct amount per customer (so the double-tap
 *   guard never answers an earlier order) and a distinct `Idempotency-Key`.
 * - notify: one signed SUCCESS notification per order the creations left unpaid, each sent once
 *   (signed before the phase starts, as a channel has them ready).
 * - mix: a cycle is a creation, then, once it is answered, its notification (signed then); the
 *   latency is the whole cycle's, from when its creation was due.
 */

const APP_TIMEOUT_MS = 10_000;
const NOTIFY_PATH = "/api/payment/notify";
const CREATE_PATH = "/api/order/create";

interface Holder extends Customer {
  /** Unpaid orders and creations in flight: never more than the server's cap. */
  holding: number;
  /** The next order amount's offset: every draft of a customer differs. */
  amounts: number;
  /** When (our clock, ascending) this customer's creations within the churn limit's window were sent. */
  created: number[];
}

interface UnpaidOrder {
  readonly holder: Holder;
  readonly mchntOrderNo: string;
  readonly amountCents: number;
}

interface World {
  readonly agent: Agent;
  readonly target: Target;
  readonly holders: Holder[];
  readonly station: DieselStation;
  readonly secrets: PlatformSecrets;
  /** The server's clock minus ours (the sandbox clock may run ahead). */
  readonly clockOffsetMs: number;
}

let world: World | undefined;
const unpaid: UnpaidOrder[] = [];
let cursor = 0;
let keySeq = 0;
let txSeq = 0;
const runTag = randomBytes(4).toString("hex");
const txTag = String(randomBytes(4).readUInt32BE(0)).padStart(10, "0");

const reply = (message: FromGenerator): void => {
  process.send?.(message);
};

const need = (): World => {
  if (world === undefined) throw new Error("prepare first");
  return world;
};

/**
 * How many more orders `h` may create now: the server's unpaid cap and its churn limit
 * (src/limits/policy.ts: creations per customer in a rolling window, whatever became of them),
 * both of which a customer paying normally stays under, as the benchmark's customers must.
 */
const roomOf = (h: Holder, now: number): number => {
  while (h.created.length > 0 && h.created[0]! <= now - ORDER_CREATIONS_PER_CUSTOMER.windowMs) h.created.shift();
  return Math.max(0, Math.min(Constants.MAX_UNPAID_ORDERS - h.holding, ORDER_CREATIONS_PER_CUSTOMER.max - h.created.length));
};

/** The next customer with room for one more order, reserved; undefined when all are full. */
const reserve = (holders: Holder[]): Holder | undefined => {
  const now = Date.now();
  for (let tries = 0; tries < holders.length; tries++) {
    const h = holders[cursor++ % holders.length]!;
    if (roomOf(h, now) > 0) {
      h.holding++;
      h.created.push(now);
      return h;
    }
  }
  return undefined;
};

const room = (holders: readonly Holder[]): number => {
  const now = Date.now();
  return holders.reduce((n, h) => n + roomOf(h, now), 0);
};

const errorSamples: string[] = [];
const noteError = (what: string): void => {
  if (errorSamples.length < 5) errorSamples.push(what.slice(0, 300));
};

type Created = { readonly ok: true; readonly order: UnpaidOrder } | { readonly ok: false; readonly outcome: "non2xx" | "transport" };

/** One order creation by `holder` (already reserved); on failure the reservation is released. */
const createOrder = async (w: World, holder: Holder): Promise<Created> => {
  const orderAmount = 10_000 + holder.amounts++;
  const body = JSON.stringify({ gas_Type: "0#", order_amount: String(orderAmount), phone: holder.phone, station_id: w.station.id, paytype: "wechat" });
  const headers = { "content-type": "application/json", authorization: `Bearer ${holder.token}`, "idempotency-key": `bench-${runTag}-${keySeq++}` };
  try {
    const answer = await send(w.agent, w.target, "POST", CREATE_PATH, headers, body);
    if (answer.status < 200 || answer.status >= 300) {
      holder.holding--;
      noteError(`create ${answer.status} ${answer.body}`);
      return { ok: false, outcome: "non2xx" };
    }
    const data = (JSON.parse(answer.body) as { data: { merchOrderNo: string } }).data;
    return { ok: true, order: { holder, mchntOrderNo: data.merchOrderNo, amountCents: Pricing.payableCents(orderAmount, w.station.nowPrice, w.station.originalPrice) } };
  } catch (err) {
    holder.holding--;
    noteError(`create: ${String(err)}`);
    return { ok: false, outcome: "transport" };
  }
};

const sign = (w: World, order: UnpaidOrder): Promise<SignedNotification> =>
  signedNotification(w.secrets, { mchntOrderNo: order.mchntOrderNo, amountCents: order.amountCents, transactionId: `4200${txTag}${String(txSeq++).padStart(14, "0")}` }, Date.now() + w.clockOffsetMs);

/** Sends one notification; a paid order frees its customer's room, an unpaid one goes back on the list. */
const deliver = async (w: World, order: UnpaidOrder, n: SignedNotification): Promise<JobResult> => {
  try {
    const answer = await send(w.agent, w.target, "POST", NOTIFY_PATH, n.headers, n.body);
    if (answer.status === 200) {
      order.holder.holding--;
      return { outcome: "ok", requests: 1 };
    }
    noteError(`notify ${answer.status} ${answer.body}`);
    unpaid.push(order);
    return { outcome: "non2xx", requests: 1 };
  } catch (err) {
    noteError(`notify: ${String(err)}`);
    unpaid.push(order);
    return { outcome: "transport", requests: 1 };
  }
};

interface Armed {
  readonly phase: PhaseSpec;
  readonly maxJobs: number;
  readonly job: Job;
}

let armed: Armed | undefined;

/** Makes `count` unpaid orders without measuring (a notification phase with no creation phase before it). */
const makeOrders = async (w: World, count: number): Promise<void> => {
  await closedLoop({
    connections: 16,
    seconds: 3600,
    maxJobs: Math.min(count, room(w.holders)),
    job: async () => {
      const holder = reserve(w.holders);
      if (holder === undefined) return { outcome: "non2xx", requests: 0 };
      const created = await createOrder(w, holder);
      if (created.ok) unpaid.push(created.order);
      return { outcome: created.ok ? "ok" : created.outcome, requests: 1 };
    },
  });
};

const arm = async (phase: PhaseSpec): Promise<FromGenerator> => {
  const w = need();
  errorSamples.length = 0;
  const open = phase.load.kind === "open" ? phase.load : undefined;
  if (phase.scenario === "create") {
    const maxJobs = room(w.holders);
    armed = {
      phase,
      maxJobs,
      job: async () => {
        const holder = reserve(w.holders);
        if (holder === undefined) return { outcome: "non2xx", requests: 0 };
        const created = await createOrder(w, holder);
        if (created.ok) unpaid.push(created.order);
        return { outcome: created.ok ? "ok" : created.outcome, requests: 1 };
      },
    };
    return { type: "armed", jobs: open ? openLoopJobs(open.rate, phase.seconds, maxJobs) : maxJobs, prepared: `room for ${maxJobs} orders` };
  }
  if (phase.scenario === "notify") {
    // Closed loop: every order the creations left (or, with no creation phase before, as many as there is room for).
    const wanted = open ? openLoopJobs(open.rate, phase.seconds) : unpaid.length > 0 ? unpaid.length : room(w.holders);
    if (unpaid.length < wanted) await makeOrders(w, wanted - unpaid.length);
    const orders = unpaid.splice(0, Math.min(wanted, unpaid.length));
    const signed = await Promise.all(orders.map((o) => sign(w, o)));
    armed = { phase, maxJobs: orders.length, job: (i) => deliver(w, orders[i]!, signed[i]!) };
    return { type: "armed", jobs: open ? openLoopJobs(open.rate, phase.seconds, orders.length) : orders.length, prepared: `${orders.length} notifications signed` };
  }
  // mix: create, then pay what was created
  armed = {
    phase,
    maxJobs: Number.POSITIVE_INFINITY,
    job: async () => {
      const holder = reserve(w.holders);
      if (holder === undefined) {
        noteError("mix: every customer holds 5 unpaid orders or made 10 in 10 minutes");
        return { outcome: "transport", requests: 0 };
      }
      const created = await createOrder(w, holder);
      if (!created.ok) return { outcome: created.outcome, requests: 1 };
      const paid = await deliver(w, created.order, await sign(w, created.order));
      return { outcome: paid.outcome, requests: 2 };
    },
  };
  return { type: "armed", jobs: open ? openLoopJobs(open.rate / 2, phase.seconds) : 0, prepared: "cycles sign as they go" };
};

const go = async (): Promise<FromGenerator> => {
  const a = armed;
  if (a === undefined) throw new Error("arm first");
  armed = undefined;
  const cpu0 = process.cpuUsage();
  const { load, seconds, scenario } = a.phase;
  // The mix's rate is in requests per second like the others: a cycle is two requests.
  const jobRate = load.kind === "open" ? (scenario === "mix" ? load.rate / 2 : load.rate) : 0;
  const record: LoadRecord =
    load.kind === "open"
      ? await openLoop({ rate: jobRate, seconds, maxJobs: a.maxJobs, job: a.job })
      : await closedLoop({ connections: load.connections, seconds, maxJobs: a.maxJobs, job: a.job });
  const cpu = process.cpuUsage(cpu0);
  const lat = summarize(record.latenciesMs);
  const lag = summarize(record.sendLagMs);
  const outcome: PhaseOutcome = {
    phase: a.phase,
    jobs: record.jobs,
    requests: record.requests,
    ok: record.ok,
    non2xx: record.non2xx,
    transport: record.transport,
    late: record.latenciesMs.filter((l) => l > APP_TIMEOUT_MS).length,
    p50Ms: lat.p50,
    p99Ms: lat.p99,
    maxMs: lat.max,
    elapsedMs: record.elapsedMs,
    sendLagP99Ms: lag.count === 0 ? 0 : lag.p99,
    sendLagMaxMs: lag.count === 0 ? 0 : lag.max,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
    sampleErrors: [...errorSamples],
  };
  return { type: "done", outcome };
};

const settle = async (): Promise<FromGenerator> => {
  const w = need();
  let paid = 0;
  let failed = 0;
  // A notification refused for a passing reason is tried again; give up after three rounds.
  for (let round = 0; round < 3 && unpaid.length > 0; round++) {
    const orders = unpaid.splice(0);
    const signed = await Promise.all(orders.map((o) => sign(w, o)));
    failed = 0;
    await closedLoop({
      connections: 16,
      seconds: 3600,
      maxJobs: orders.length,
      job: async (i) => {
        const r = await deliver(w, orders[i]!, signed[i]!);
        if (r.outcome === "ok") paid++;
        else failed++;
        return r;
      },
    });
  }
  return { type: "settled", paid, failed };
};

const prepare = async (m: Extract<ToGenerator, { type: "prepare" }>): Promise<FromGenerator> => {
  const started = performance.now();
  const agent = newAgent();
  const target: Target = { host: m.host, port: m.port };
  const customers = await signUpCustomers(agent, target, m.customers, m.concurrency);
  const station = await dieselStation(agent, target);
  const platform = await sandboxPlatform(target);
  world = {
    agent,
    target,
    holders: customers.map((c) => ({ ...c, holding: 0, amounts: 0, created: [] })),
    station,
    secrets: platform.secrets,
    clockOffsetMs: platform.clockOffsetMs,
  };
  return { type: "prepared", customers: customers.length, setupMs: performance.now() - started, stationId: station.id };
};

process.on("message", (m: ToGenerator) => {
  const handle = async (): Promise<FromGenerator | undefined> => {
    switch (m.type) {
      case "prepare":
        return prepare(m);
      case "arm":
        return arm(m.phase);
      case "go":
        return go();
      case "settle":
        return settle();
      case "exit":
        world?.agent.destroy();
        process.disconnect();
        return undefined;
    }
  };
  handle().then(
    (answer) => {
      if (answer !== undefined) reply(answer);
    },
    (err: unknown) => reply({ type: "error", message: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
