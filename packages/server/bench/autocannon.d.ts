// The slice of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  export interface Request {
    method?: string;
    path: string;
    body?: string;
    headers?: Record<string, string>;
    /** Rewrites each request just before it is sent (a fresh body per request). */
    setupRequest?: (req: Request) => Request;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    requests?: Request[];
    /** Total requests per second across all connections (a steady rate rather than as fast as possible). */
    overallRate?: number;
    amount?: number;
    headers?: Record<string, string>;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
