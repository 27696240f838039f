/**
 * What the write benchmark (./main.ts) and its load generator (./generator.ts, a child process)
 * say to each other over the IPC channel. Each request gets exactly one reply.
 */

export type Scenario = "create" | "notify" | "mix";

export type Load = { readonly kind: "open"; readonly rate: number } | { readonly kind: "closed"; readonly connections: number };

export interface PhaseSpec {
  readonly scenario: Scenario;
  readonly load: Load;
  readonly seconds: number;
}

export type ToGenerator =
  /** Sign up `customers` activated customers with bound phones through the API, read the station and the sandbox platform's secrets. */
  | { readonly type: "prepare"; readonly host: string; readonly port: number; readonly customers: number; readonly concurrency: number }
  /** Get ready for a phase (sign the notifications it will send, make the orders it will pay): nothing measured yet. */
  | { readonly type: "arm"; readonly phase: PhaseSpec }
  /** Run the armed phase. */
  | { readonly type: "go" }
  /** Pay every order still unpaid (not measured), so each phase starts with every customer's room free. */
  | { readonly type: "settle" }
  | { readonly type: "exit" };

export interface PhaseOutcome {
  readonly phase: PhaseSpec;
  /** Jobs started: orders, notifications or create-then-pay cycles. */
  readonly jobs: number;
  readonly requests: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly transport: number;
  /** Answers (cycles for the mix) later than the app's 10 s client timeout, counted from when they were due. */
  readonly late: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly elapsedMs: number;
  /** The generator's own lateness in sending (open loop), p99 and max, ms. */
  readonly sendLagP99Ms: number;
  readonly sendLagMaxMs: number;
  /** CPU the generator process used during the phase, ms (all its threads: signing runs on libuv's pool). */
  readonly generatorCpuMs: number;
  /** A few of the non-2xx answers, for the log. */
  readonly sampleErrors: readonly string[];
}

export type FromGenerator =
  | { readonly type: "prepared"; readonly customers: number; readonly setupMs: number; readonly stationId: number }
  | { readonly type: "armed"; readonly jobs: number; readonly prepared: string }
  | { readonly type: "done"; readonly outcome: PhaseOutcome }
  | { readonly type: "settled"; readonly paid: number; readonly failed: number }
  | { readonly type: "error"; readonly message: string };
