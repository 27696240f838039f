import { describe, expect, it } from "vitest";
import { activeWindow, DEFAULT_MAINTENANCE_WINDOWS, isUnderMaintenance } from "../src/Maintenance.ts";
import { chinaInstant } from "../src/Time.ts";
import { text } from "../src/Messages.ts";

const at = (h: number, m: number, s = 0) => chinaInstant(2024, 11, 25, h, m, s);

describe("Maintenance (spec §8, §9)", () => {
  it("the default window is 2024-11-25 01:30 to 06:30 China time", () => {
    expect(DEFAULT_MAINTENANCE_WINDOWS).toHaveLength(1);
    expect(DEFAULT_MAINTENANCE_WINDOWS[0]?.start).toBe(Date.UTC(2024, 10, 24, 17, 30));
    expect(DEFAULT_MAINTENANCE_WINDOWS[0]?.end).toBe(Date.UTC(2024, 10, 24, 22, 30));
  });
  it("one second before 01:30 is open for business", () => expect(isUnderMaintenance(at(1, 29, 59))).toBe(false));
  it("01:30:00 is in the window", () => expect(isUnderMaintenance(at(1, 30))).toBe(true));
  it("06:29:59 is in the window", () => expect(isUnderMaintenance(at(6, 29, 59))).toBe(true));
  it("06:30:00 is open for business again", () => expect(isUnderMaintenance(at(6, 30))).toBe(false));
  it("the window says 'card service paused for system upgrade'", () => {
    const w = activeWindow(at(3, 0));
    expect(w && text(w.messageKey)).toBe("card service paused for system upgrade");
  });
  it("windows are data: a custom list replaces the default", () => {
    const windows = [{ start: 100, end: 200, messageKey: "MaintenanceWindow" as const }];
    expect(isUnderMaintenance(150, windows)).toBe(true);
    expect(isUnderMaintenance(at(3, 0), windows)).toBe(false);
  });
});
