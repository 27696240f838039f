import { chinaInstant, type EpochMs } from "./Time.ts";

/**
 * Maintenance windows as data (spec §8, §9): while one is open, recharge creation is refused
 * with 'card service paused for system upgrade'. Windows are half-open: [start, end).
 * @module
 */

/** One window during which card services are paused. */
export interface MaintenanceWindow {
  readonly start: EpochMs;
  readonly end: EpochMs;
  /** The catalogue key of the message shown while it is open. */
  readonly messageKey: "MaintenanceWindow";
}

/** Spec §9: 2024-11-25 from 01:30 to 06:30 China time. */
export const DEFAULT_MAINTENANCE_WINDOWS: ReadonlyArray<MaintenanceWindow> = [
  { start: chinaInstant(2024, 11, 25, 1, 30), end: chinaInstant(2024, 11, 25, 6, 30), messageKey: "MaintenanceWindow" },
];

/** The window open at `now`, if any. */
export const activeWindow = (
  now: EpochMs,
  windows: ReadonlyArray<MaintenanceWindow> = DEFAULT_MAINTENANCE_WINDOWS,
): MaintenanceWindow | undefined => windows.find((w) => now >= w.start && now < w.end);

/** Whether card services are paused at `now`. */
export const isUnderMaintenance = (now: EpochMs, windows: ReadonlyArray<MaintenanceWindow> = DEFAULT_MAINTENANCE_WINDOWS): boolean =>
  activeWindow(now, windows) !== undefined;
