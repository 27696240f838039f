import { Agent, request } from "node:http";

/**
 * An open-loop load at a steady rate: request i is due at start + i / rate, evenly spaced, sent on
 * time whether or not earlier answers have come back. Latency counts from the moment a request
 * was DUE, not from when it was sent, so a server that falls behind shows it (no coordinated
 * omission). autocannon's `overallRate` fires every connection's share at the same instant each
 * second, which measures its own bursts more than the server; this spreads requests as real
 * traffic does.
 */

export interface SteadyRequest {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface SteadyResult {
  readonly sent: number;
  readonly rate: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly non2xx: number;
  readonly errors: number;
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export const steadyLoad = async (options: {
  readonly port: number;
  readonly rate: number;
  readonly seconds: number;
  readonly next: () => SteadyRequest;
}): Promise<SteadyResult> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];

  const send = (due: number): Promise<void> =>
    new Promise((resolve) => {
      const r = options.next();
      const req = request({ host: "127.0.0.1", port: options.port, method: r.method, path: r.path, headers: r.headers, agent }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(performance.now() - due);
          if (res.statusCode === undefined || res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end(r.body);
    });

  let i = 0;
  while (i < total) {
    const now = performance.now();
    while (i < total && start + (i * 1000) / options.rate <= now) {
      inFlight.push(send(start + (i * 1000) / options.rate));
      i++;
    }
    const wait = start + (i * 1000) / options.rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    sent: total,
    rate: round(total / elapsed),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    non2xx,
    errors,
  };
};
