import { CHINA_UTC_OFFSET_MS } from "./Constants.ts";

/**
 * Time helpers. Every instant is epoch milliseconds passed in by the caller: the domain never
 * reads a clock. Wall-clock rules (business hours, the maintenance window) are in China time,
 * UTC+8 all year, so they hold wherever the server or the phone happens to be set.
 * @module
 */

/** Epoch milliseconds. */
export type EpochMs = number;

const MS_PER_MINUTE = 60_000;
const MINUTES_PER_DAY = 24 * 60;

/** Minutes since midnight, China time, of an instant (0..1439). */
export const chinaMinuteOfDay = (now: EpochMs): number => {
  const minutes = Math.floor((now + CHINA_UTC_OFFSET_MS) / MS_PER_MINUTE);
  return ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
};

const HH_MM = /^([01]?\d|2[0-4]):([0-5]\d)(?::[0-5]\d)?$/;

/** Reads "HH:mm" (or "HH:mm:ss") into minutes since midnight; "24:00" is 1440. `undefined` when malformed. */
export const parseClockTime = (text: string): number | undefined => {
  const m = HH_MM.exec(text.trim());
  if (!m) return undefined;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes > MINUTES_PER_DAY ? undefined : minutes;
};

/** The instant of a China wall-clock time: `chinaInstant(2024, 11, 25, 1, 30)` is 2024-11-25 01:30 +08:00. */
export const chinaInstant = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): EpochMs =>
  Date.UTC(year, month - 1, day, hour, minute, second) - CHINA_UTC_OFFSET_MS;
