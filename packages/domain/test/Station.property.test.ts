import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceMetres } from "../src/Distance.ts";
import { savingPerLitreAgainstNational } from "../src/Pricing.ts";
import { arrangeStations, isOpenAllDay, isOpenAt, opensAt, sellsDiesel, type StationFacts, type StationSort } from "../src/Station.ts";
import { lngLatInChina, station } from "../src/testing/arbitraries.ts";
import { chinaInstant, chinaMinuteOfDay } from "../src/Time.ts";

const clockText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const minuteOfDay = fc.integer({ min: 0, max: 1439 });
/** An instant on some day of 2026, China time. */
const instant = fc.tuple(fc.integer({ min: 1, max: 28 }), minuteOfDay, fc.integer({ min: 0, max: 59 }))
  .map(([day, minute, second]) => chinaInstant(2026, 3, day, Math.floor(minute / 60), minute % 60, second));
/** Two distinct minutes and an instant often right at, just before or just after either of them (the edges). */
const hoursAndInstant = fc.tuple(minuteOfDay, minuteOfDay, fc.integer({ min: 1, max: 28 }), fc.constantFrom(-1, 0, 1, undefined), fc.boolean(), minuteOfDay)
  .filter(([a, b]) => a !== b)
  .map(([a, b, day, offset, atA, other]) => {
    const m = offset === undefined ? other : ((atA ? a : b) + offset + 1440) % 1440;
    return [a, b, chinaInstant(2026, 3, day, Math.floor(m / 60), m % 60)] as const;
  });
const hours = (start: number, end: number) => ({ business_start_time: clockText(start), business_end_time: clockText(end) });

describe("Station.isOpenAt, for any hours and instant", () => {
  it("day hours (start < end): open exactly when start <= now < end", () => {
    fc.assert(
      fc.property(hoursAndInstant, ([a, b, now]) => {
        const [start, end] = a < b ? [a, b] : [b, a];
        const t = chinaMinuteOfDay(now);
        expect(isOpenAt(hours(start, end), now)).toBe(t >= start && t < end);
      }),
    );
  });
  it("hours that cross midnight (start > end): open exactly when now >= start or now < end", () => {
    fc.assert(
      fc.property(hoursAndInstant, ([a, b, now]) => {
        const [start, end] = a > b ? [a, b] : [b, a];
        const t = chinaMinuteOfDay(now);
        expect(isOpenAt(hours(start, end), now)).toBe(t >= start || t < end);
      }),
    );
  });
  it("a station crossing midnight is open exactly when its day-hours complement is closed", () => {
    fc.assert(
      fc.property(hoursAndInstant, ([a, b, now]) => {
        expect(isOpenAt(hours(a, b), now)).toBe(!isOpenAt(hours(b, a), now));
      }),
    );
  });
  it("00:00-24:00, equal start and end, and missing hours are always open", () => {
    fc.assert(
      fc.property(minuteOfDay, instant, (m, now) => {
        expect(isOpenAt({ business_start_time: "00:00", business_end_time: "24:00" }, now)).toBe(true);
        expect(isOpenAt(hours(m, m), now)).toBe(true);
        expect(isOpenAt({ business_start_time: "", business_end_time: "" }, now)).toBe(true);
        expect(isOpenAt({ business_start_time: clockText(m), business_end_time: "" }, now)).toBe(true);
      }),
    );
  });
});

describe("Station.isOpenAllDay, for any hours", () => {
  it("a station open all day is open at every instant; one that is not is closed at some minute", () => {
    fc.assert(
      fc.property(minuteOfDay, minuteOfDay, instant, (start, end, now) => {
        const h = hours(start, end);
        if (isOpenAllDay(h)) expect(isOpenAt(h, now)).toBe(true);
        else expect(isOpenAt(h, chinaInstant(2026, 3, 1, Math.floor(end / 60), end % 60))).toBe(false);
      }),
    );
  });
});

describe("Station.opensAt, for any hours and instant", () => {
  it("is undefined exactly when the station is open, else its opening time", () => {
    fc.assert(
      fc.property(hoursAndInstant, ([start, end, now]) => {
        const h = hours(start, end);
        expect(opensAt(h, now)).toBe(isOpenAt(h, now) ? undefined : clockText(start));
      }),
    );
  });
});

describe("Pricing.savingPerLitreAgainstNational, for any prices", () => {
  it("is national minus our price, exactly as decimal yuan arithmetic says", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 5_000 }), (nation, now) => {
        const yuan = new Decimal(nation).div(100).minus(new Decimal(now).div(100));
        expect(savingPerLitreAgainstNational({ nation_price: nation, now_price: now })).toBe(yuan.mul(100).toNumber());
      }),
    );
  });
  it("is never less than the pump's gap to national when our price is at or below the pump price", () => {
    fc.assert(
      fc.property(station, (s) => {
        expect(savingPerLitreAgainstNational(s)).toBeGreaterThanOrEqual(s.nation_price - s.original_price);
      }),
    );
  });
});

type Listed = StationFacts & { readonly key: number };
const stations = fc.array(station, { maxLength: 25 }).map((xs) => xs.map((s, key): Listed => ({ ...s, key })));
const choice = fc.record({ sort: fc.constantFrom<StationSort>("distance", "price"), openNowOnly: fc.boolean() });

describe("Station.arrangeStations, for any list, position, choice and instant", () => {
  it("shows every station once, or with 'open now' exactly those open at that instant", () => {
    fc.assert(
      fc.property(stations, choice, lngLatInChina, instant, (xs, c, from, now) => {
        const shown = arrangeStations(xs, c, from, now).map((s) => s.key).sort((a, b) => a - b);
        const expected = xs.filter((s) => !c.openNowOnly || isOpenAt(s, now)).map((s) => s.key);
        expect(shown).toEqual(expected);
      }),
    );
  });
  it("lists every diesel seller before any station without diesel", () => {
    fc.assert(
      fc.property(stations, choice, lngLatInChina, instant, (xs, c, from, now) => {
        const diesel = arrangeStations(xs, c, from, now).map((s) => sellsDiesel(s));
        expect(diesel).toEqual([...diesel].sort((a, b) => Number(b) - Number(a)));
      }),
    );
  });
  it("by distance: nearest first within each group", () => {
    fc.assert(
      fc.property(stations, lngLatInChina, instant, (xs, from, now) => {
        const shown = arrangeStations(xs, { sort: "distance", openNowOnly: false }, from, now);
        for (const group of [shown.filter(sellsDiesel), shown.filter((s) => !sellsDiesel(s))]) {
          const d = group.map((s) => distanceMetres(from, s) as number);
          d.forEach((m, i) => {
            if (i > 0) expect(m).toBeGreaterThanOrEqual((d[i - 1] as number) - 1e-6);
          });
        }
      }),
    );
  });
  it("by price: our price never falls within a group, and equal prices stay nearest first", () => {
    fc.assert(
      fc.property(stations, lngLatInChina, instant, (xs, from, now) => {
        const shown = arrangeStations(xs, { sort: "price", openNowOnly: false }, from, now);
        for (const group of [shown.filter(sellsDiesel), shown.filter((s) => !sellsDiesel(s))]) {
          group.forEach((s, i) => {
            const prev = group[i - 1];
            if (prev === undefined) return;
            expect(s.now_price).toBeGreaterThanOrEqual(prev.now_price);
            if (s.now_price === prev.now_price) expect(distanceMetres(from, s) as number).toBeGreaterThanOrEqual((distanceMetres(from, prev) as number) - 1e-6);
          });
        }
      }),
    );
  });
  it("with no known position, the distance order is the input's order", () => {
    fc.assert(
      fc.property(stations, instant, (xs, now) => {
        const shown = arrangeStations(xs, { sort: "distance", openNowOnly: false }, undefined, now);
        expect(shown).toEqual([...xs.filter(sellsDiesel), ...xs.filter((s) => !sellsDiesel(s))]);
      }),
    );
  });
});
