import { execFileSync, fork, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ORDER_CREATIONS_PER_CUSTOMER } from "../../src/limits/policy.ts";
import type { FromGenerator, PhaseSpec, Scenario, ToGenerator } from "./protocol.ts";
import { costBetween, machineAccounting, snapshot } from "./machineCpu.ts";
import { printLine, TABLE_HEADER, tableRow, type Line, type ServerCost } from "./report.ts";
import { verdictLine, verdicts } from "./targets.ts";

/**
 * `npm run bench:write -w @fuel/server` (issue 14 item 4): the write path measured from outside.
 *
 * For each database (in-memory PGlite; and, with BENCH_DATABASE_URL, a fresh `fuel_bench_<pid>`
 * database on that PostgreSQL server, dropped at the end) it starts the real server as its own
 * process (`node --conditions=@fuel/source --import tsx src/main.ts`, sandbox mode, a free port,
 * `FUEL_BENCH_PROBE=1`), has the load generator (./generator.ts, another process) sign up the
 * customers through the API, warms up, then runs each load (open loop at fixed rates, then a
 * closed-loop maximum) for each scenario (create, notify, mix; ./generator.ts says what each
 * sends). Around each phase it reads the server's probe (src/routes/benchProbe.ts) and prints, per
 * line: p50/p99/max latency, the 2xx throughput, errors, answers later than the app's 10 s, and
 * the server's main-thread CPU per request.
 *
 * Knobs (environment): BENCH_SECONDS per phase (10), BENCH_RATES (`50,100,200,400,max`; `max` is
 * the closed loop), BENCH_CONNECTIONS for it (32), BENCH_SCENARIOS (`create,notify,mix`),
 * BENCH_CUSTOMERS (enough for the largest phase: max(200, rate x seconds / 4), where a closed
 * loop counts as 800/s: each customer holds at most 5 unpaid orders, and a creation phase that
 * ran out of room would stop early and report a rate it was never asked for; and enough for the
 * whole run's creations at the server's churn limit, 10 per customer in 10 minutes: about 3,700
 * with the defaults, where 2,000 customers would have met the limit),
 * BENCH_WARMUP_SECONDS (8: create-then-pay cycles on 8 connections before the first line), BENCH_DATABASE_URL (an admin URL of a PostgreSQL server),
 * BENCH_DATABASES (`pglite,postgres`: which of them to run), BENCH_LOG_LEVEL (the server's, `warn`),
 * BENCH_OUT (write every line as JSON there, for ./summarize.ts), BENCH_SERVER_LOG (append the server's log there), BENCH_SERVER_DIR (another
 * checkout's packages/server to start instead of this one: "before" figures), BENCH_SERVER_NODE_ARGS and
 * BENCH_GENERATOR_NODE_ARGS (extra node options for either process, e.g. `--cpu-prof`).
 */

const packageDir = fileURLToPath(new URL("../..", import.meta.url));
// The server measured: this checkout's, or another's packages/server (a worktree of an earlier
// commit with the probe added, for before-and-after figures under the same generator).
const serverDir = process.env["BENCH_SERVER_DIR"]?.trim() || packageDir;
const generatorPath = fileURLToPath(new URL("./generator.ts", import.meta.url));
const TSX = ["--conditions=@fuel/source", "--import", "tsx"];

const env = (name: string): string | undefined => {
  const v = process.env[name]?.trim();
  return v === undefined || v === "" ? undefined : v;
};
const seconds = Number(env("BENCH_SECONDS") ?? 10);
const loads = (env("BENCH_RATES") ?? "50,100,200,400,max").split(",").map((r) => r.trim());
const connections = Number(env("BENCH_CONNECTIONS") ?? 32);
const scenarios = (env("BENCH_SCENARIOS") ?? "create,notify,mix").split(",").map((s) => s.trim()) as Scenario[];
const topRate = Math.max(0, ...loads.filter((l) => l !== "max").map(Number));
const CLOSED_LOOP_RATE_GUESS = 800;
const roomRate = Math.max(topRate, loads.includes("max") ? CLOSED_LOOP_RATE_GUESS : 0);
const warmUpSeconds = Number(env("BENCH_WARMUP_SECONDS") ?? 8);
// The phases that create orders (notify creates its own when no create phase came before it).
const creatingScenarios = scenarios.filter((s) => s === "create" || s === "mix" || (s === "notify" && !scenarios.includes("create"))).length;
/** Creations in a whole run at most (a run is minutes long: all of them fall in one churn-limit window). */
const creationsPerRun =
  warmUpSeconds * CLOSED_LOOP_RATE_GUESS + loads.reduce((n, l) => n + (l === "max" ? CLOSED_LOOP_RATE_GUESS : Number(l)) * seconds * creatingScenarios, 0);
const customers = Number(
  env("BENCH_CUSTOMERS") ?? Math.max(200, Math.ceil((roomRate * seconds) / 4), Math.ceil(creationsPerRun / ORDER_CREATIONS_PER_CUSTOMER.max)),
);
const adminUrl = env("BENCH_DATABASE_URL");
const databases = (env("BENCH_DATABASES") ?? (adminUrl === undefined ? "pglite" : "pglite,postgres")).split(",").map((d) => d.trim());
const logLevel = env("BENCH_LOG_LEVEL") ?? "warn";
const outPath = env("BENCH_OUT");
const serverLogPath = env("BENCH_SERVER_LOG");
// Extra node options for the server and the generator processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where the time goes).
const serverNodeArgs = env("BENCH_SERVER_NODE_ARGS")?.split(/\s+/) ?? [];
const generatorNodeArgs = env("BENCH_GENERATOR_NODE_ARGS")?.split(/\s+/) ?? [];

for (const s of scenarios) if (!["create", "notify", "mix"].includes(s)) throw new Error(`BENCH_SCENARIOS: unknown scenario ${s}`);
for (const l of loads) if (l !== "max" && !(Number(l) > 0)) throw new Error(`BENCH_RATES: ${l} is neither a rate nor 'max'`);
if (databases.includes("postgres") && adminUrl === undefined) throw new Error("BENCH_DATABASES names postgres: set BENCH_DATABASE_URL");

// ----- the database

interface Target {
  readonly name: string;
  readonly url: string;
  readonly drop: () => Promise<void>;
}

const adminQuery = async (url: string, statement: string): Promise<void> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

const databaseFor = async (kind: string): Promise<Target> => {
  if (kind === "pglite") return { name: "PGlite", url: "memory://", drop: async () => {} };
  const admin = adminUrl!;
  const name = `fuel_bench_${process.pid}_${randomBytes(2).toString("hex")}`;
  await adminQuery(admin, `CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { name: "PostgreSQL", url: url.toString(), drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
};

// ----- the server process

interface Server {
  readonly host: string;
  readonly port: number;
  readonly child: ChildProcess;
}

const startServer = (databaseUrl: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...serverNodeArgs, ...TSX, "src/main.ts"], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: "0",
        HOST: "127.0.0.1",
        FUEL_MODE: "sandbox",
        LOG_LEVEL: logLevel,
        FUEL_BENCH_PROBE: "1",
        // Sign-up sends one SMS per customer; each customer's sign-up names its own address (./customers.ts).
        TRUST_PROXY: "true",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    if (serverLogPath !== undefined) child.stdout?.pipe(createWriteStream(serverLogPath, { flags: "a" }));
    const timer = setTimeout(() => reject(new Error(`the server did not start in 180 s:\n${out}`)), 180_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (out.length < 100_000) out += chunk.toString();
      const match = /listening on http:\/\/([^\s/]+):(\d+)\//.exec(out);
      if (match !== null) {
        clearTimeout(timer);
        resolve({ host: match[1]!, port: Number(match[2]), child });
      }
    });
    child.on("exit", (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });

const stopServer = async (server: Server): Promise<void> => {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  const timeout = sleep(30_000).then(() => "timeout");
  if ((await Promise.race([exited, timeout])) === "timeout") {
    server.child.kill("SIGKILL");
    await exited;
  }
};

interface Probe {
  readonly wallMs: number;
  readonly mainThreadCpuMs: number | null;
  readonly eluActiveMs: number;
  readonly processUserMs: number;
  readonly processSystemMs: number;
}

const probe = async (server: Server): Promise<Probe> => {
  const res = await fetch(`http://${server.host}:${server.port}/__bench/probe`);
  if (!res.ok) throw new Error(`the probe answered ${res.status}: is FUEL_BENCH_PROBE wired in (src/routes/benchProbe.ts)?`);
  return (await res.json()) as Probe;
};

const costOf = (a: Probe, b: Probe): ServerCost => ({
  wallMs: b.wallMs - a.wallMs,
  mainThreadCpuMs: a.mainThreadCpuMs === null || b.mainThreadCpuMs === null ? null : b.mainThreadCpuMs - a.mainThreadCpuMs,
  eluActiveMs: b.eluActiveMs - a.eluActiveMs,
  processCpuMs: b.processUserMs + b.processSystemMs - (a.processUserMs + a.processSystemMs),
});

// ----- the generator process

interface Generator {
  readonly pid: number | undefined;
  ask(message: ToGenerator): Promise<FromGenerator>;
  close(): Promise<void>;
}

const startGenerator = (): Generator => {
  const child = fork(generatorPath, [], { execArgv: [...generatorNodeArgs, ...TSX], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let waiting: { resolve: (m: FromGenerator) => void; reject: (e: Error) => void } | undefined;
  child.on("message", (m: FromGenerator) => {
    const w = waiting;
    waiting = undefined;
    if (m.type === "error") w?.reject(new Error(`the load generator failed: ${m.message}`));
    else w?.resolve(m);
  });
  child.on("exit", (code) => waiting?.reject(new Error(`the load generator exited (${code})`)));
  return {
    pid: child.pid,
    ask: (message) =>
      new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        child.send(message);
      }),
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send({ type: "exit" } satisfies ToGenerator);
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
};

const expect = <T extends FromGenerator["type"]>(m: FromGenerator, type: T): Extract<FromGenerator, { type: T }> => {
  if (m.type !== type) throw new Error(`the generator answered ${m.type}, expected ${type}`);
  return m as Extract<FromGenerator, { type: T }>;
};

// ----- one database

const runOn = async (kind: string, lines: Line[]): Promise<void> => {
  const target = await databaseFor(kind);
  let server: Server | undefined;
  const generator = startGenerator();
  try {
    const t0 = performance.now();
    server = await startServer(target.url);
    console.log(`\n== ${target.name}: server up in ${((performance.now() - t0) / 1000).toFixed(1)} s on port ${server.port}`);
    const prepared = expect(await generator.ask({ type: "prepare", host: server.host, port: server.port, customers, concurrency: 16 }), "prepared");
    console.log(`${prepared.customers} customers signed up through the API in ${(prepared.setupMs / 1000).toFixed(1)} s (station ${prepared.stationId})`);

    const phase = async (spec: PhaseSpec, measured: boolean): Promise<void> => {
      const armed = expect(await generator.ask({ type: "arm", phase: spec }), "armed");
      await sleep(500);
      const before = await probe(server!);
      const machineBefore = machineAccounting ? snapshot(server!.child.pid, generator.pid) : undefined;
      const done = expect(await generator.ask({ type: "go" }), "done");
      const machineAfter = machineAccounting ? snapshot(server!.child.pid, generator.pid) : undefined;
      const after = await probe(server!);
      const machine = machineBefore === undefined || machineAfter === undefined ? undefined : costBetween(machineBefore, machineAfter, cpus().length);
      const line: Line = { database: target.name, outcome: done.outcome, server: costOf(before, after), ...(machine === undefined ? {} : { machine }) };
      if (measured) {
        lines.push(line);
        console.log(printLine(line));
        if (done.outcome.sampleErrors.length > 0) console.log(`   first errors: ${done.outcome.sampleErrors.join(" | ")}`);
      } else {
        console.log(`warm-up (${spec.scenario} ${armed.prepared}): ${printLine(line)}`);
      }
    };
    const settle = async (): Promise<void> => {
      const s = expect(await generator.ask({ type: "settle" }), "settled");
      if (s.failed > 0) console.log(`settling: ${s.paid} paid, ${s.failed} notifications still refused`);
    };

    if (warmUpSeconds > 0) {
      // Both paths, as fast as 8 connections go (a fixed rate could already overload a slow server): JIT, caches, the pool.
      await phase({ scenario: "mix", load: { kind: "closed", connections: 8 }, seconds: warmUpSeconds }, false);
      await settle();
    }
    for (const l of loads) {
      const load = l === "max" ? ({ kind: "closed", connections } as const) : ({ kind: "open", rate: Number(l) } as const);
      for (const scenario of scenarios) await phase({ scenario, load, seconds }, true);
      await settle();
    }
  } finally {
    await generator.close();
    if (server !== undefined) await stopServer(server);
    await target.drop();
  }
};

// ----- the run

const commit = (() => {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: serverDir, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src"], { cwd: serverDir, encoding: "utf8" }).trim() !== "";
    return `${head}${dirty ? " + uncommitted changes in packages/server/src" : ""}`;
  } catch {
    return "unknown";
  }
})();
const load0 = loadavg();
const started = new Date();
console.log(
  `write benchmark ${started.toISOString()}: node ${process.version}, ${cpus().length} cores, load average ${load0.map((x) => x.toFixed(2)).join(" ")}; server at ${commit}\n` +
    `${seconds} s per phase; loads ${loads.join(", ")} (max = closed loop, ${connections} connections); scenarios ${scenarios.join(", ")}; ${customers} customers; databases ${databases.join(", ")}`,
);
const lines: Line[] = [];
for (const kind of databases) await runOn(kind, lines);
const load1 = loadavg();
const minutes = (Date.now() - started.getTime()) / 60_000;
console.log(`\ndone in ${minutes.toFixed(1)} min; load average at the end ${load1.map((x) => x.toFixed(2)).join(" ")}\n`);
console.log(TABLE_HEADER);
for (const l of lines) console.log(tableRow(l));
console.log(`\nissue 14's targets, judged on this run alone (docs/performance.md keeps the medians of several):`);
for (const v of verdicts(lines)) console.log(`  ${verdictLine(v)}`);
if (outPath !== undefined) {
  writeFileSync(outPath, JSON.stringify({ started: started.toISOString(), commit, node: process.version, loadAverage: { start: load0, end: load1 }, seconds, customers, connections, lines }, null, 2));
  console.log(`\nlines written to ${outPath}`);
}
