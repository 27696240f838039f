/**
 * Latency percentiles of the write benchmark: exact, over every sample (no histogram buckets),
 * by the nearest-rank definition: the p-th percentile of n sorted samples is the sample at rank
 * ceil(p / 100 * n), so p99 of 100 samples is the 99th smallest and p100 is the maximum.
 */

/** The p-th percentile (0 < p <= 100) of ascending `sorted` samples; NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  if (!(p > 0 && p <= 100)) throw new RangeError(`a percentile is in (0, 100], got ${p}`);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
};

export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export const summarize = (samples: readonly number[]): LatencySummary => {
  const sorted = Float64Array.from(samples).sort();
  const arr = Array.from(sorted);
  return { count: arr.length, p50: percentile(arr, 50), p99: percentile(arr, 99), max: arr.length === 0 ? Number.NaN : arr[arr.length - 1]! };
};

/** The median of a few runs' figures (the middle one; the mean of the two middle ones for an even count). */
export const median = (values: readonly number[]): number => {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 === 1 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
};
