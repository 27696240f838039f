import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * Where the machine's CPU went during a phase, by who spent it: the server (its process and every
 * descendant: `WORKERS` processes, PGlite's thread is inside it), the PostgreSQL server's
 * processes, the load generator, and everything else. Read from Linux's /proc (every process's
 * user + system ticks, and /proc/stat for the whole machine), so it also counts what the server's
 * own probe cannot see: PostgreSQL's backends, and a second server process.
 *
 * With it a closed-loop figure says what limited it: when the machine is all busy, a second server
 * process can only take cores from PostgreSQL and the generator, and the best `WORKERS=2` could do
 * here is cores / (CPU per request, all of it) (docs/performance.md, "`WORKERS=2`").
 */

export interface MachineSnapshot {
  readonly atMs: number;
  /** Ticks of every CPU, busy and idle, since boot. */
  readonly totalTicks: number;
  readonly idleTicks: number;
  /** Ticks the hypervisor gave to another machine while this one had work (a noisy host). */
  readonly stealTicks: number;
  /** Each process's ticks since it started, by pid, and whose it is. */
  readonly processes: ReadonlyMap<number, { readonly who: Who; readonly ticks: number }>;
}

type Who = "server" | "postgres" | "generator";

/** A phase's CPU in milliseconds, by who spent it. */
export interface MachineCost {
  readonly wallMs: number;
  readonly cores: number;
  /** CPU time of the whole machine, busy (user, system, irq), steal left out. */
  readonly busyMs: number;
  /** CPU time the hypervisor took for other machines: what makes figures of a noisy host vary. */
  readonly stealMs: number;
  readonly serverMs: number;
  readonly postgresMs: number;
  readonly generatorMs: number;
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Proc {
  readonly pid: number;
  readonly ppid: number;
  readonly comm: string;
  readonly ticks: number;
}

const readProc = (pid: number): Proc | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    // After the command: state, ppid, ..., utime (12th), stime (13th).
    const fields = stat.slice(close + 2).split(" ");
    return { pid, ppid: Number(fields[1]), comm: stat.slice(stat.indexOf("(") + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // gone since the listing
  }
};

/** Whether this machine has /proc (Linux): without it the figures are left out. */
export const machineAccounting = (() => {
  try {
    readFileSync("/proc/stat", "utf8");
    return true;
  } catch {
    return false;
  }
})();

export const snapshot = (serverPid: number | undefined, generatorPid: number | undefined): MachineSnapshot => {
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  // The instant the machine's ticks were read, not after the walk of /proc below: on a busy
  // machine that walk takes tens of ms, and a wall time measured across it no longer matched the
  // ticks (busy time came out above cores x wall time).
  const atMs = performance.now();
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const totalTicks = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  const idleTicks = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const stealTicks = cpu[7] ?? 0;
  const procs = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is Proc => p !== undefined);
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  const descendsFrom = (p: Proc, root: number): boolean => {
    for (let at: Proc | undefined = p, hops = 0; at !== undefined && hops < 64; at = byPid.get(at.ppid), hops++) if (at.pid === root) return true;
    return false;
  };
  const processes = new Map<number, { who: Who; ticks: number }>();
  for (const p of procs) {
    const who: Who | undefined =
      serverPid !== undefined && descendsFrom(p, serverPid) ? "server" : generatorPid !== undefined && p.pid === generatorPid ? "generator" : p.comm === "postgres" ? "postgres" : undefined;
    if (who !== undefined) processes.set(p.pid, { who, ticks: p.ticks });
  }
  return { atMs, totalTicks, idleTicks, stealTicks, processes };
};

/**
 * Ticks each party spent between two snapshots: a process in both counts its growth, one started
 * since counts all of its ticks; one that ended since (a closed PostgreSQL connection's backend)
 * took its last ticks with it, so those are missing, never subtracted.
 */
const spentBetween = (a: MachineSnapshot, b: MachineSnapshot): Record<Who, number> => {
  const spent: Record<Who, number> = { server: 0, postgres: 0, generator: 0 };
  for (const [pid, after] of b.processes) spent[after.who] += Math.max(0, after.ticks - (a.processes.get(pid)?.ticks ?? 0));
  return spent;
};

export const costBetween = (a: MachineSnapshot, b: MachineSnapshot, cores: number): MachineCost => {
  const ms = (ticks: number) => (ticks * 1000) / ticksPerSecond;
  return {
    wallMs: b.atMs - a.atMs,
    cores,
    // /proc/stat counts every CPU's ticks: its total over the phase is cores x wall time.
    busyMs: ms(b.totalTicks - a.totalTicks - (b.idleTicks - a.idleTicks) - (b.stealTicks - a.stealTicks)),
    stealMs: ms(b.stealTicks - a.stealTicks),
    serverMs: ms(spentBetween(a, b).server),
    postgresMs: ms(spentBetween(a, b).postgres),
    generatorMs: ms(spentBetween(a, b).generator),
  };
};
