import { Time } from "@fuel/domain";

const two = (n: number): string => String(n).padStart(2, "0");

/** A countdown in whole seconds as `mm:ss`, or `h:mm:ss` from one hour on (the 48 h of a QR code). */
export const formatCountdown = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${two(minutes)}:${two(s % 60)}`;
};

/**
 * A wire instant (created_at, payment_time) as the customer reads it: China time to the minute,
 * `2024-11-26 09:15`, wherever the phone is set (the domain's `Time`). Unreadable text shows as sent.
 */
export const formatChinaTime = (wire: string | null): string => {
  if (wire === null) return "";
  const at = Time.parseWireInstant(wire);
  return at === undefined ? wire : Time.formatChinaIso(at).slice(0, 16).replace("T", " ");
};
