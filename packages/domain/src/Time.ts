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

const WIRE_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))$/u;

const MS_PER_DAY = MINUTES_PER_DAY * MS_PER_MINUTE;

const two = (n: number): string => String(n).padStart(2, "0");

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's civil_from_days), without `Date`. */
const civilDate = (days: number): { readonly year: number; readonly month: number; readonly day: number } => {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1 };
};

/** The China wall clock of an instant, to the second: `[year, month, day, hour, minute, second]`. */
const chinaWallClock = (at: EpochMs): readonly [number, number, number, number, number, number] => {
  const local = at + CHINA_UTC_OFFSET_MS;
  const days = Math.floor(local / MS_PER_DAY);
  const secondOfDay = Math.floor((local - days * MS_PER_DAY) / 1_000);
  const { year, month, day } = civilDate(days);
  return [year, month, day, Math.floor(secondOfDay / 3_600), Math.floor(secondOfDay / 60) % 60, secondOfDay % 60];
};

/**
 * Spec §3 (created_at, payment_time): an instant as the wire writes it, ISO-8601 in China time to
 * the second, `2024-11-26T09:16:05+08:00`. Milliseconds are dropped (not rounded): the wire shows
 * whole seconds. Read it back with {@link parseWireInstant}.
 */
export const formatChinaIso = (at: EpochMs): string => {
  const [year, month, day, hour, minute, second] = chinaWallClock(at);
  return `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}+08:00`;
};

/** The China-time stamp of an instant, `20241126091605` (the start of a merchant order number). */
export const formatChinaStamp = (at: EpochMs): string => formatChinaIso(at).slice(0, 19).replace(/[-T:]/g, "");

/**
 * An instant the wire wrote (ISO-8601 with an explicit offset, as {@link formatChinaIso} writes it,
 * or "Z"), as epoch milliseconds; `undefined` when the text is not one. The domain's rules take
 * epoch milliseconds, so a client converts `created_at` and `payment_time` with this.
 */
export const parseWireInstant = (text: string): EpochMs | undefined => {
  const m = WIRE_INSTANT.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = m[7] === undefined ? 0 : Number(m[7].slice(1, 4).padEnd(3, "0"));
  const real = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && hour <= 23 && minute <= 59 && second <= 59;
  if (!real) return undefined;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const offsetMinutes = m[8] === "Z" ? 0 : (m[9] === "-" ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  return wall - offsetMinutes * MS_PER_MINUTE;
};

/** A span of time left, split as a person reads it: `{ hours: 0, minutes: 14, seconds: 32 }` for 872 s. */
export interface TimeLeft {
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

/**
 * Whole seconds left (a pay window's `count`, a QR code's 48 h) split into hours, minutes and
 * seconds, so a countdown reads as time left ('14 min 32 s left') and never as a clock time
 * ('14:32'). A fraction is dropped (a countdown never shows more time than is left); anything not
 * a positive finite number (elapsed, NaN) is no time left.
 */
export const splitSeconds = (seconds: number): TimeLeft => {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return { hours: Math.floor(whole / 3_600), minutes: Math.floor((whole % 3_600) / 60), seconds: whole % 60 };
};

/** A China calendar day as an instant range: from its first millisecond (`start`) to the next day's first (`end`, excluded). */
export interface ChinaDay {
  readonly start: EpochMs;
  readonly end: EpochMs;
}

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/u;

/**
 * Reads a China calendar day written `YYYY-MM-DD` (what a date picker gives) as its instant range,
 * so a day filter means the same whole day at the desk, on the server and in the business's
 * books, whatever zone a device is set to. `undefined` for anything that is not a real date
 * (`2026-02-30`, `2026-2-3`, blank).
 */
export const parseChinaDay = (text: string): ChinaDay | undefined => {
  const m = DAY_TEXT.exec(text);
  if (m === null) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  const start = chinaInstant(year, month, day);
  return { start, end: start + MS_PER_DAY };
};

/** The China calendar day of an instant, `YYYY-MM-DD` (the day {@link parseChinaDay} reads back). */
export const chinaDayText = (at: EpochMs): string => formatChinaIso(at).slice(0, 10);

/** The first millisecond of the China calendar day `days` days after the day of `at` (0: that day's own start). */
export const chinaDayStartAfter = (at: EpochMs, days: number): EpochMs => {
  const local = at + CHINA_UTC_OFFSET_MS;
  return (Math.floor(local / MS_PER_DAY) + days) * MS_PER_DAY - CHINA_UTC_OFFSET_MS;
};
