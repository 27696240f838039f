import { figures, type Line } from "./report.ts";
import type { Scenario } from "./protocol.ts";

/**
 * Issue 14's targets for one server process, each read from the benchmark line it is about, so a
 * run says at its end which it met (docs/performance.md keeps the medians of several runs; one
 * run on a shared machine can miss a target its median meets). `WORKERS=2` against one process
 * takes two runs, and is not judged here.
 */

export interface WriteTarget {
  readonly label: string;
  readonly database: "PGlite" | "PostgreSQL";
  readonly scenario: Scenario;
  /** The open-loop rate of the line, or the closed loop. */
  readonly load: number | "max";
  readonly figure: "p99" | "okPerSecond" | "cyclesPerSecond" | "mainCpuPerRequest";
  readonly bound: "atMost" | "atLeast";
  readonly limit: number;
  readonly unit: string;
}

export const WRITE_TARGETS: readonly WriteTarget[] = [
  { label: "PostgreSQL creation p99 at 200/s", database: "PostgreSQL", scenario: "create", load: 200, figure: "p99", bound: "atMost", limit: 30, unit: "ms" },
  { label: "PostgreSQL notification p99 at 200/s", database: "PostgreSQL", scenario: "notify", load: 200, figure: "p99", bound: "atMost", limit: 30, unit: "ms" },
  { label: "PostgreSQL creations, closed loop", database: "PostgreSQL", scenario: "create", load: "max", figure: "okPerSecond", bound: "atLeast", limit: 500, unit: "/s" },
  { label: "PostgreSQL main-thread CPU per creation at 200/s", database: "PostgreSQL", scenario: "create", load: 200, figure: "mainCpuPerRequest", bound: "atMost", limit: 1.5, unit: "ms" },
  { label: "PGlite creation p99 at 200/s", database: "PGlite", scenario: "create", load: 200, figure: "p99", bound: "atMost", limit: 30, unit: "ms" },
  { label: "PGlite notification p99 at 200/s", database: "PGlite", scenario: "notify", load: 200, figure: "p99", bound: "atMost", limit: 30, unit: "ms" },
  { label: "PGlite create-then-pay cycles, closed loop", database: "PGlite", scenario: "mix", load: "max", figure: "cyclesPerSecond", bound: "atLeast", limit: 400, unit: " cycles/s" },
];

export type Verdict =
  | { readonly target: WriteTarget; readonly status: "met" | "not met"; readonly value: number }
  /** The line had failed requests: its figures do not count. */
  | { readonly target: WriteTarget; readonly status: "errors"; readonly errors: number }
  /** This run did not measure the line (BENCH_RATES, BENCH_SCENARIOS, BENCH_DATABASES), or the figure is unavailable here. */
  | { readonly target: WriteTarget; readonly status: "not measured" };

const isLineOf = (t: WriteTarget, l: Line): boolean => {
  const p = l.outcome.phase;
  if (l.database !== t.database || p.scenario !== t.scenario) return false;
  return t.load === "max" ? p.load.kind === "closed" : p.load.kind === "open" && p.load.rate === t.load;
};

export const verdicts = (lines: readonly Line[], targets: readonly WriteTarget[] = WRITE_TARGETS): Verdict[] =>
  targets.map((target) => {
    const line = lines.find((l) => isLineOf(target, l));
    if (line === undefined) return { target, status: "not measured" };
    const errors = line.outcome.non2xx + line.outcome.transport;
    if (errors > 0) return { target, status: "errors", errors };
    const value = figures(line)[target.figure];
    if (!Number.isFinite(value)) return { target, status: "not measured" };
    const met = target.bound === "atMost" ? value <= target.limit : value >= target.limit;
    return { target, status: met ? "met" : "not met", value };
  });

const shown = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(x >= 10 ? 1 : 2));

/** One line per target: `met      PGlite creation p99 at 200/s: 12.3 ms (<= 30 ms)`. */
export const verdictLine = (v: Verdict): string => {
  const t = v.target;
  const wanted = `${t.bound === "atMost" ? "<=" : ">="} ${t.limit}${t.unit === "ms" ? " ms" : t.unit}`;
  switch (v.status) {
    case "met":
    case "not met":
      return `${v.status === "met" ? "met     " : "NOT MET "} ${t.label}: ${shown(v.value)}${t.unit === "ms" ? " ms" : t.unit} (${wanted})`;
    case "errors":
      return `NOT MET  ${t.label}: ${v.errors} failed requests (${wanted}, without errors)`;
    case "not measured":
      return `-        ${t.label}: not measured in this run (${wanted})`;
  }
};
