import { readFileSync } from "node:fs";
import { loadName, MEDIAN_TABLE_HEADER, medianRow, type Line } from "./report.ts";

/**
 * `node --conditions=@fuel/source --import tsx bench/write/summarize.ts run1.json run2.json ...`:
 * the median and the range of each figure over several runs of `npm run bench:write` (each run
 * with BENCH_OUT=runN.json), one Markdown row per (database, scenario, load).
 */

interface Run {
  readonly started: string;
  readonly commit: string;
  readonly loadAverage: { readonly start: readonly number[]; readonly end: readonly number[] };
  readonly lines: readonly Line[];
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: summarize.ts run1.json [run2.json ...]");
  process.exit(2);
}
const runs = files.map((f) => JSON.parse(readFileSync(f, "utf8")) as Run);
for (const [i, r] of runs.entries()) {
  console.log(`run ${i + 1}: ${r.started}, server at ${r.commit}, load average ${r.loadAverage.start.map((x) => x.toFixed(1)).join(" ")} -> ${r.loadAverage.end.map((x) => x.toFixed(1)).join(" ")}`);
}
const groups = new Map<string, Line[]>();
for (const r of runs) {
  for (const l of r.lines) {
    const key = `${l.database}|${l.outcome.phase.scenario}|${loadName(l.outcome.phase)}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
}
console.log(`\n${MEDIAN_TABLE_HEADER}`);
for (const lines of groups.values()) console.log(medianRow(lines));
