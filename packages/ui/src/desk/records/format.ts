import { Time } from "@fuel/domain";

/**
 * A wire instant as the desk shows it: China time to the second, `2024-11-26 09:16:02`, whatever
 * the device's zone (staff compare it with the cashier's receipt and the channel's records, both
 * China time). Unreadable text shows as sent; null is nothing.
 */
export const deskTime = (wire: string | null): string => {
  if (wire === null) return "";
  const at = Time.parseWireInstant(wire);
  return at === undefined ? wire : Time.formatChinaIso(at).slice(0, 19).replace("T", " ");
};
