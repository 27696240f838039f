import type { MachineCost } from "./machineCpu.ts";
import type { PhaseOutcome, PhaseSpec } from "./protocol.ts";
import { median } from "./stats.ts";

/**
 * One measured line of the write benchmark (a database, a scenario, a load) and how it is printed:
 * a line while the run goes, a Markdown table at the end, and the median and spread of several
 * runs' JSON files (./summarize.ts).
 */

/** Differences of the server's probe (src/routes/benchProbe.ts) over one phase, in ms. */
export interface ServerCost {
  readonly wallMs: number;
  /** The main thread's time on a CPU (Linux schedstat); null where unavailable. */
  readonly mainThreadCpuMs: number | null;
  /** The event loop's busy wall time (ELU active). */
  readonly eluActiveMs: number;
  /** Every thread of the server process (user + system). */
  readonly processCpuMs: number;
}

export interface Line {
  readonly database: string;
  readonly outcome: PhaseOutcome;
  readonly server: ServerCost;
  /** The whole machine's CPU over the phase, by who spent it (Linux only: ./machineCpu.ts). */
  readonly machine?: MachineCost;
}

export const loadName = (p: PhaseSpec): string => (p.load.kind === "open" ? `${p.load.rate}/s` : `max (${p.load.connections} conn.)`);

const per = (x: number | null, n: number): number => (x === null || n === 0 ? Number.NaN : x / n);

/** The figures of a line, as numbers (NaN when not applicable). */
export const figures = (l: Line) => {
  const o = l.outcome;
  const s = o.elapsedMs / 1000;
  // Successful work per second: 2xx requests (a cycle that paid counts its two).
  const okRequests = o.phase.scenario === "mix" ? o.ok * 2 : o.ok;
  return {
    sent: o.jobs,
    okPerSecond: okRequests / s,
    cyclesPerSecond: o.phase.scenario === "mix" ? o.ok / s : Number.NaN,
    p50: o.p50Ms,
    p99: o.p99Ms,
    max: o.maxMs,
    non2xx: o.non2xx,
    transport: o.transport,
    late: o.late,
    mainCpuPerRequest: per(l.server.mainThreadCpuMs, o.requests),
    eluPerRequest: per(l.server.eluActiveMs, o.requests),
    processCpuPerRequest: per(l.server.processCpuMs, o.requests),
    mainCpuPerCycle: o.phase.scenario === "mix" ? per(l.server.mainThreadCpuMs, o.jobs) : Number.NaN,
    mainBusy: l.server.mainThreadCpuMs === null || l.server.wallMs === 0 ? Number.NaN : l.server.mainThreadCpuMs / l.server.wallMs,
    generatorCpuPerRequest: per(o.generatorCpuMs, o.requests),
    machineBusy: l.machine === undefined ? Number.NaN : l.machine.busyMs / (l.machine.wallMs * l.machine.cores),
    machineSteal: l.machine === undefined ? Number.NaN : l.machine.stealMs / (l.machine.wallMs * l.machine.cores),
    machineCpuPerRequest: per(l.machine?.busyMs ?? null, o.requests),
    serverProcessesCpuPerRequest: per(l.machine?.serverMs ?? null, o.requests),
    postgresCpuPerRequest: per(l.machine?.postgresMs ?? null, o.requests),
  };
};

const f = (x: number, digits = 1): string => (Number.isFinite(x) ? x.toFixed(digits) : "-");
const ms = (x: number): string => (!Number.isFinite(x) ? "-" : x >= 1000 ? Math.round(x).toLocaleString("en-US") : x >= 100 ? x.toFixed(0) : x.toFixed(1));

export const printLine = (l: Line): string => {
  const g = figures(l);
  const o = l.outcome;
  const rate = o.phase.scenario === "mix" ? `${f(g.okPerSecond)} req/s (${f(g.cyclesPerSecond)} cycles/s)` : `${f(g.okPerSecond)} req/s`;
  return (
    `${l.database.padEnd(8)} ${o.phase.scenario.padEnd(6)} ${loadName(o.phase).padEnd(16)} ${String(o.jobs).padStart(5)} sent  ${rate}` +
    `  p50 ${ms(g.p50)}  p99 ${ms(g.p99)}  max ${ms(g.max)} ms  errors ${o.non2xx}/${o.transport}  late>10s ${o.late}` +
    `  server main-thread CPU ${f(g.mainCpuPerRequest, 2)} ms/req (ELU ${f(g.eluPerRequest, 2)}, process ${f(g.processCpuPerRequest, 2)}; main thread ${f(g.mainBusy * 100, 0)} % busy)` +
    `  [generator ${f(g.generatorCpuPerRequest, 2)} ms/req, send lag p99 ${f(o.sendLagP99Ms)} ms]` +
    (l.machine === undefined
      ? ""
      : `  {machine ${f(g.machineBusy * 100, 0)} % busy (+${f(g.machineSteal * 100, 0)} % taken by the host), ${f(g.machineCpuPerRequest, 2)} ms/req: server processes ${f(g.serverProcessesCpuPerRequest, 2)}, PostgreSQL ${f(g.postgresCpuPerRequest, 2)}}`)
  );
};

export const TABLE_HEADER =
  "| database | scenario | load | sent | achieved (2xx req/s) | p50 ms | p99 ms | max ms | errors non-2xx / transport | late > 10 s | main-thread CPU ms/req | ELU busy ms/req | process CPU ms/req |\n" +
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|";

export const tableRow = (l: Line): string => {
  const g = figures(l);
  const o = l.outcome;
  const achieved = o.phase.scenario === "mix" ? `${f(g.okPerSecond)} (${f(g.cyclesPerSecond)} cycles/s)` : f(g.okPerSecond);
  return `| ${l.database} | ${o.phase.scenario} | ${loadName(o.phase)} | ${o.jobs} | ${achieved} | ${ms(g.p50)} | ${ms(g.p99)} | ${ms(g.max)} | ${o.non2xx} / ${o.transport} | ${o.late} | ${f(g.mainCpuPerRequest, 2)} | ${f(g.eluPerRequest, 2)} | ${f(g.processCpuPerRequest, 2)} |`;
};

/** "median (min-max)" of one figure over runs. */
const spread = (values: readonly number[], fmt: (x: number) => string): string => {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length === 0) return "-";
  if (v.length === 1) return fmt(v[0]!);
  return `${fmt(median(v))} (${fmt(Math.min(...v))}-${fmt(Math.max(...v))})`;
};

/** One table row per (database, scenario, load) over several runs of the same lines: the median and the range of each figure. */
export const medianRow = (lines: readonly Line[]): string => {
  const first = lines[0]!;
  const gs = lines.map(figures);
  const pick = (k: keyof ReturnType<typeof figures>) => gs.map((g) => g[k]);
  const mix = first.outcome.phase.scenario === "mix";
  const achieved = spread(pick("okPerSecond"), (x) => f(x)) + (mix ? ` (${spread(pick("cyclesPerSecond"), (x) => f(x))} cycles/s)` : "");
  const errors = lines.map((l) => `${l.outcome.non2xx}/${l.outcome.transport}`).join(", ");
  return (
    `| ${first.database} | ${first.outcome.phase.scenario} | ${loadName(first.outcome.phase)} | ${lines.length} | ${achieved} | ${spread(pick("p50"), ms)} | ${spread(pick("p99"), ms)} | ${spread(pick("max"), ms)} | ${errors} | ` +
    `${lines.map((l) => l.outcome.late).join(", ")} | ${spread(pick("mainCpuPerRequest"), (x) => f(x, 2))} | ${spread(pick("eluPerRequest"), (x) => f(x, 2))} | ${spread(pick("processCpuPerRequest"), (x) => f(x, 2))} |`
  );
};

export const MEDIAN_TABLE_HEADER =
  "| database | scenario | load | runs | achieved (2xx req/s) | p50 ms | p99 ms | max ms | errors non-2xx/transport per run | late > 10 s per run | main-thread CPU ms/req | ELU busy ms/req | process CPU ms/req |\n" +
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|";
