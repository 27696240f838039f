import { Time } from "@fuel/domain";

/**
 * A wire instant (created_at, payment_time) as the customer reads it: China time to the minute,
 * `2024-11-26 09:15`, wherever the phone is set (the domain's `Time`). Unreadable text shows as sent.
 */
export const formatChinaTime = (wire: string | null): string => {
  if (wire === null) return "";
  const at = Time.parseWireInstant(wire);
  return at === undefined ? wire : formatChinaAt(at);
};

/** An instant (epoch ms) as {@link formatChinaTime} words a wire one: `2024-11-26 09:15`, China time. */
export const formatChinaAt = (at: number): string => Time.formatChinaIso(at).slice(0, 16).replace("T", " ");
