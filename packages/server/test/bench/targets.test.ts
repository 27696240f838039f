import { describe, expect, it } from "vitest";
import type { PhaseSpec } from "../../bench/write/protocol.ts";
import type { Line } from "../../bench/write/report.ts";
import { verdictLine, verdicts, WRITE_TARGETS } from "../../bench/write/targets.ts";

/** Issue 14's targets as the write benchmark judges one run (bench/write/targets.ts). */

/** A 10 s line: `ok` of `jobs` succeeded, with the given p99 and main-thread CPU. */
const line = (
  database: "PGlite" | "PostgreSQL",
  phase: Omit<PhaseSpec, "seconds">,
  figures: { readonly ok: number; readonly p99Ms: number; readonly non2xx?: number; readonly mainThreadCpuMs?: number | null },
): Line => {
  const requests = phase.scenario === "mix" ? figures.ok * 2 : figures.ok;
  return {
    database,
    outcome: {
      phase: { ...phase, seconds: 10 },
      jobs: figures.ok + (figures.non2xx ?? 0),
      requests,
      ok: figures.ok,
      non2xx: figures.non2xx ?? 0,
      transport: 0,
      late: 0,
      p50Ms: figures.p99Ms / 3,
      p99Ms: figures.p99Ms,
      maxMs: figures.p99Ms * 2,
      elapsedMs: 10_000,
      sendLagP99Ms: 0,
      sendLagMaxMs: 0,
      generatorCpuMs: 0,
      sampleErrors: [],
    },
    server: { wallMs: 10_000, mainThreadCpuMs: figures.mainThreadCpuMs === undefined ? requests * 1.2 : figures.mainThreadCpuMs, eluActiveMs: 0, processCpuMs: 0 },
  };
};

const byLabel = (label: string, lines: readonly Line[]) => {
  const v = verdicts(lines).find((x) => x.target.label === label);
  if (v === undefined) throw new Error(`no target ${label}`);
  return v;
};

describe("the write benchmark's verdicts", () => {
  it("a p99 target is met at its limit and not above it, read from the line of its database, scenario and rate", () => {
    const at = [line("PGlite", { scenario: "create", load: { kind: "open", rate: 200 } }, { ok: 2_000, p99Ms: 30 })];
    expect(byLabel("PGlite creation p99 at 200/s", at)).toMatchObject({ status: "met", value: 30 });
    const above = [line("PGlite", { scenario: "create", load: { kind: "open", rate: 200 } }, { ok: 2_000, p99Ms: 30.1 })];
    expect(byLabel("PGlite creation p99 at 200/s", above)).toMatchObject({ status: "not met", value: 30.1 });
    // Another rate, another database: not this target's line.
    const elsewhere = [
      line("PGlite", { scenario: "create", load: { kind: "open", rate: 400 } }, { ok: 4_000, p99Ms: 5 }),
      line("PostgreSQL", { scenario: "create", load: { kind: "open", rate: 200 } }, { ok: 2_000, p99Ms: 5 }),
    ];
    expect(byLabel("PGlite creation p99 at 200/s", elsewhere).status).toBe("not measured");
  });

  it("a throughput target counts successful work per second of the closed loop: creations, or create-then-pay cycles", () => {
    const closed = { kind: "closed", connections: 32 } as const;
    expect(byLabel("PostgreSQL creations, closed loop", [line("PostgreSQL", { scenario: "create", load: closed }, { ok: 5_000, p99Ms: 80 })])).toMatchObject({ status: "met", value: 500 });
    expect(byLabel("PostgreSQL creations, closed loop", [line("PostgreSQL", { scenario: "create", load: closed }, { ok: 4_990, p99Ms: 80 })])).toMatchObject({ status: "not met", value: 499 });
    // 4,100 cycles in 10 s are 8,200 requests: 410 cycles/s.
    expect(byLabel("PGlite create-then-pay cycles, closed loop", [line("PGlite", { scenario: "mix", load: closed }, { ok: 4_100, p99Ms: 120 })])).toMatchObject({ status: "met", value: 410 });
  });

  it("main-thread CPU per creation is the line's CPU over its requests; unavailable is not measured, never met", () => {
    const rate = { kind: "open", rate: 200 } as const;
    const label = "PostgreSQL main-thread CPU per creation at 200/s";
    expect(byLabel(label, [line("PostgreSQL", { scenario: "create", load: rate }, { ok: 2_000, p99Ms: 9, mainThreadCpuMs: 2_000 * 1.4 })])).toMatchObject({ status: "met" });
    expect(byLabel(label, [line("PostgreSQL", { scenario: "create", load: rate }, { ok: 2_000, p99Ms: 9, mainThreadCpuMs: 2_000 * 1.6 })])).toMatchObject({ status: "not met" });
    expect(byLabel(label, [line("PostgreSQL", { scenario: "create", load: rate }, { ok: 2_000, p99Ms: 9, mainThreadCpuMs: null })]).status).toBe("not measured");
  });

  it("a line with failed requests meets nothing, however fast it was", () => {
    const failed = [line("PostgreSQL", { scenario: "notify", load: { kind: "open", rate: 200 } }, { ok: 1_990, non2xx: 10, p99Ms: 3 })];
    expect(byLabel("PostgreSQL notification p99 at 200/s", failed)).toMatchObject({ status: "errors", errors: 10 });
  });

  it("prints one line per target, each saying met, NOT MET or not measured, with the figure and the limit", () => {
    const rate = { kind: "open", rate: 200 } as const;
    const printed = verdicts([
      line("PGlite", { scenario: "create", load: rate }, { ok: 2_000, p99Ms: 12.34 }),
      line("PGlite", { scenario: "notify", load: rate }, { ok: 2_000, p99Ms: 45 }),
    ]).map(verdictLine);
    expect(printed).toHaveLength(WRITE_TARGETS.length);
    expect(printed).toContain("met      PGlite creation p99 at 200/s: 12.3 ms (<= 30 ms)");
    expect(printed).toContain("NOT MET  PGlite notification p99 at 200/s: 45.0 ms (<= 30 ms)");
    expect(printed).toContain("-        PostgreSQL creations, closed loop: not measured in this run (>= 500/s)");
  });
});
