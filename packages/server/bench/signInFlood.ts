import { Agent } from "node:http";
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { hashingGate } from "../src/security/passwords.ts";
import { send, tally, type Answer } from "./signInHttp.ts";

/**
 * Issue 22's flood: for `seconds`, every address of the flood keeps 3 connections busy, each
 * sending wrong passwords back to back, each to a random other phone (so the per-phone limit never
 * shields anyone); meanwhile 20 customers, spread evenly over the flood, each from an address never
 * seen before, sign in with the right password. Target: at least 19 of 20 succeed, each within 2 s.
 *
 * Addresses come from 198.18.0.0/15 (reserved for benchmarks) and only ever appear in
 * X-Forwarded-For: every request goes to the bench server on 127.0.0.1.
 */

export const FLOOD_SECONDS = Number(process.env["BENCH_SIGNIN_FLOOD_SECONDS"] ?? 40);
const CONNECTIONS_PER_ADDRESS = 3;
export const FLOOD_CUSTOMERS = 20;
const CUSTOMERS = FLOOD_CUSTOMERS;
const TARGET_SUCCEEDED = 19;
const TARGET_MS = 2_000;

export interface FloodScenario {
  readonly port: number;
  /** Flooding addresses. */
  readonly addresses: number;
  readonly seconds: number;
  /** Distinguishes this scenario's addresses from every other's (0-255). */
  readonly index: number;
  /** The customers who type the right password, one each sign-in ({@link FLOOD_CUSTOMERS}). */
  readonly customers: readonly { readonly phone: string; readonly password: string }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomPhone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const signIn = (port: number, phone: string, password: string, ip: string, agent?: Agent): Promise<Answer> =>
  send(port, "POST", "/api/login", ip, { phone, type: "password", password }, agent).catch(() => ({ status: 0, ms: NaN }));

/** One connection of the flood: wrong passwords back to back until `end`. */
const floodConnection = async (port: number, ip: string, end: number, answers: Answer[]): Promise<void> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    while (performance.now() < end) answers.push(await signIn(port, randomPhone(), "wrong-pass", ip, agent));
  } finally {
    agent.destroy();
  }
};

/** Runs one flood and prints its figures; resolves when every request of it has been answered. */
export const floodScenario = async ({ port, addresses, seconds, index, customers: accounts }: FloodScenario): Promise<void> => {
  const loadBefore = loadavg()[0]!;
  const startedBefore = hashingGate.startedTotal;
  const refusedBefore = hashingGate.refusedTotal;
  // The server and this client share one event loop: its delay is what every request waits for besides hashing.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let maxEstimateMs = hashingGate.estimateMs;
  const sampler = setInterval(() => (maxEstimateMs = Math.max(maxEstimateMs, hashingGate.estimateMs)), 250);
  const started = performance.now();
  const end = started + seconds * 1000;
  const flood: Answer[] = [];
  const connections = Array.from({ length: addresses * CONNECTIONS_PER_ADDRESS }, (_, c) =>
    floodConnection(port, `198.18.${index}.${Math.floor(c / CONNECTIONS_PER_ADDRESS) + 1}`, end, flood),
  );
  const customers = Array.from({ length: CUSTOMERS }, async (_, i) => {
    await sleep(((i + 0.5) * seconds * 1000) / CUSTOMERS);
    const { phone, password } = accounts[i % accounts.length]!;
    return signIn(port, phone, password, `198.19.${index}.${i + 1}`);
  });
  const right = await Promise.all(customers);
  await Promise.all(connections);
  const elapsedS = (performance.now() - started) / 1000;
  clearInterval(sampler);
  // The gate counts what it did (the old gate did not: then the answers tell).
  const gateStarted = hashingGate.startedTotal === undefined ? undefined : hashingGate.startedTotal - startedBefore;
  const refusedAfter = hashingGate.refusedTotal as Record<string, number> | undefined;
  const gateRefused =
    refusedAfter === undefined
      ? "not counted by this gate"
      : Object.entries(refusedAfter)
          .map(([why, n]) => `${n - ((refusedBefore as Record<string, number>)[why] ?? 0)} ${why}`)
          .join(", ");
  loopDelay.disable();

  const succeeded = right.filter((a) => a.status === 200);
  const ms = right.map((a) => a.ms).sort((a, b) => a - b);
  const withinTarget = succeeded.filter((a) => a.ms <= TARGET_MS).length;
  // Each 400 (wrong password) and each 200 is one hash run; refusals ran none.
  const hashes = gateStarted ?? flood.filter((a) => a.status === 400).length + succeeded.length;
  console.log(
    `flood from ${addresses} addresses x ${CONNECTIONS_PER_ADDRESS} connections, ${seconds} s (load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after):\n` +
      `  right sign-ins: ${succeeded.length} of ${CUSTOMERS} succeeded (${withinTarget} within ${TARGET_MS} ms), all ${CUSTOMERS}: p50 ${percentile(ms, 50).toFixed(0)} ms, max ${percentile(ms, 100).toFixed(0)} ms; answers ${tally(right, true)}\n` +
      `  flood: ${flood.length} answers, ${tally(flood, true)}\n` +
      `  hashes run: ${hashes} in ${elapsedS.toFixed(1)} s, ${(hashes / elapsedS).toFixed(1)} per second; the gate's hash time estimate at most ${maxEstimateMs.toFixed(0)} ms; the gate refused ${gateRefused}\n` +
      `  event loop delay: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms\n` +
      `  target (>= ${TARGET_SUCCEEDED} of ${CUSTOMERS} within ${TARGET_MS} ms): ${withinTarget >= TARGET_SUCCEEDED ? "met" : "MISSED"}`,
  );
};
