import { describe, expect, it } from "vitest";
import { arrangeStations, computeStation, isOpenAllDay, isOpenAt, opensAt, sellTypes, sellsDiesel } from "../src/Station.ts";
import { chinaInstant } from "../src/Time.ts";

const hours = (business_start_time: string, business_end_time: string) => ({ business_start_time, business_end_time });
const at = (h: number, m: number, s = 0) => chinaInstant(2026, 11, 22, h, m, s);

describe("Station.sellTypes", () => {
  it('parses "0#;92#" into a list', () => {
    expect(sellTypes("0#;92#")).toEqual(["0#", "92#"]);
  });
  it("ignores blanks, spaces, duplicates and accepts the full-width semicolon", () => {
    expect(sellTypes(" 0# ;;92#；0#;")).toEqual(["0#", "92#"]);
    expect(sellTypes("")).toEqual([]);
  });
});

describe("Station.sellsDiesel", () => {
  it("is true only when 0# is listed", () => {
    expect(sellsDiesel({ sell_type: "92#;0#" })).toBe(true);
    expect(sellsDiesel({ sell_type: "92#;95#;98#" })).toBe(false);
    expect(sellsDiesel({ sell_type: "10#" })).toBe(false);
  });
});

describe("Station.isOpenAt", () => {
  it("day hours: open from start inclusive to end exclusive", () => {
    const h = hours("06:00", "22:00");
    expect(isOpenAt(h, at(5, 59, 59))).toBe(false);
    expect(isOpenAt(h, at(6, 0))).toBe(true);
    expect(isOpenAt(h, at(21, 59))).toBe(true);
    expect(isOpenAt(h, at(22, 0))).toBe(false);
  });
  it("hours past midnight wrap around", () => {
    const h = hours("22:00", "06:00");
    expect(isOpenAt(h, at(23, 30))).toBe(true);
    expect(isOpenAt(h, at(2, 0))).toBe(true);
    expect(isOpenAt(h, at(6, 0))).toBe(false);
    expect(isOpenAt(h, at(12, 0))).toBe(false);
  });
  it("equal start and end, or 00:00-24:00, mean open all day", () => {
    expect(isOpenAt(hours("00:00", "00:00"), at(3, 0))).toBe(true);
    expect(isOpenAt(hours("00:00", "24:00"), at(23, 59))).toBe(true);
  });
  it("uses China time whatever the instant's UTC hour", () => {
    // 2026-11-22 07:00 China = 2026-11-21 23:00 UTC
    expect(isOpenAt(hours("06:00", "08:00"), Date.UTC(2026, 10, 21, 23, 0))).toBe(true);
  });
  it("unreadable hours count as open", () => {
    expect(isOpenAt(hours("soon", "late"), at(3, 0))).toBe(true);
  });
});

describe("Station.computeStation", () => {
  it("computes drop, discount and distance text", () => {
    const s = { longitude: 116.4, latitude: 39.9, now_price: 730, nation_price: 850, original_price: 800, sell_type: "0#", ...hours("00:00", "24:00") };
    const c = computeStation(s, { longitude: 116.4, latitude: 39.9 }, "unknown distance");
    expect(c).toEqual({ drop: 50, discount: 70, saving: 120, distance: 0, distanceText: "0m" });
    expect(computeStation(s, undefined, "unknown distance").distanceText).toBe("unknown distance");
  });
});

describe("Station.isOpenAllDay", () => {
  it("00:00-24:00, equal times and missing hours are all day; real hours are not", () => {
    expect(isOpenAllDay(hours("00:00", "24:00"))).toBe(true);
    expect(isOpenAllDay(hours("06:00", "06:00"))).toBe(true);
    expect(isOpenAllDay(hours("", ""))).toBe(true);
    expect(isOpenAllDay(hours("22:00", "06:00"))).toBe(false);
  });
});

describe("Station.opensAt", () => {
  it("a closed station opens at its opening time, written HH:mm", () => {
    expect(opensAt(hours("7:00", "22:00"), at(5, 0))).toBe("07:00");
    expect(opensAt(hours("22:00", "06:00"), at(12, 0))).toBe("22:00");
  });
  it("an open station, all-day hours or missing hours have no opening time", () => {
    expect(opensAt(hours("06:00", "22:00"), at(12, 0))).toBeUndefined();
    expect(opensAt(hours("00:00", "24:00"), at(3, 0))).toBeUndefined();
    expect(opensAt(hours("", ""), at(3, 0))).toBeUndefined();
  });
});

describe("Station.arrangeStations", () => {
  const base = { now_price: 700, nation_price: 760, original_price: 740, sell_type: "0#", ...hours("00:00", "24:00") };
  const near = { ...base, id: "near", longitude: 113.30, latitude: 23.10, now_price: 710 };
  const mid = { ...base, id: "mid", longitude: 113.35, latitude: 23.10, now_price: 690 };
  const far = { ...base, id: "far", longitude: 113.50, latitude: 23.10, now_price: 700, ...hours("06:00", "07:00") };
  const noDiesel = { ...base, id: "gasoline", longitude: 113.29, latitude: 23.10, sell_type: "92#;95#" };
  const from = { longitude: 113.28, latitude: 23.10 };
  const ids = (xs: ReadonlyArray<{ id: string }>) => xs.map((x) => x.id);
  it("diesel sellers first, nearest first within each group", () => {
    expect(ids(arrangeStations([far, noDiesel, mid, near], { sort: "distance", openNowOnly: false }, from, at(12, 0)))).toEqual(["near", "mid", "far", "gasoline"]);
  });
  it("by price: cheapest of our prices first, still diesel sellers first", () => {
    expect(ids(arrangeStations([far, noDiesel, mid, near], { sort: "price", openNowOnly: false }, from, at(12, 0)))).toEqual(["mid", "far", "near", "gasoline"]);
  });
  it("open now leaves out the stations closed at that instant", () => {
    expect(ids(arrangeStations([far, noDiesel, mid, near], { sort: "distance", openNowOnly: true }, from, at(12, 0)))).toEqual(["near", "mid", "gasoline"]);
    expect(ids(arrangeStations([far, noDiesel, mid, near], { sort: "distance", openNowOnly: true }, from, at(6, 30)))).toEqual(["near", "mid", "far", "gasoline"]);
  });
});
