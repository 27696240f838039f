/**
 * Instants as the wire writes them (spec §3 created_at, payment_time): ISO-8601 in China time,
 * `2024-11-26T09:16:05+08:00`. China has one zone, UTC+8, without daylight saving.
 */
const CHINA_OFFSET_MS = 8 * 3600_000;

export const chinaIso = (at: Date | number): string => {
  const ms = typeof at === "number" ? at : at.getTime();
  return `${new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
};

/** `20241126091605`: the China-time stamp merchant order numbers start with. */
export const chinaStamp = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace(/[-T:]/g, "");
