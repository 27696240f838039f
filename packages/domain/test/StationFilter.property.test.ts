import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isOpenAt } from "../src/Station.ts";
import { matchesStationFilter, NO_STATION_FILTER, selectStations, sortStations, STATION_COLUMNS, type StationFilter } from "../src/StationFilter.ts";
import { station as stationFacts } from "../src/testing/arbitraries.ts";
import { epochMs } from "../src/testing/orders.ts";

const city = fc.constantFrom("广州", "深圳", "Testville");
const deskStation = fc
  .record({ facts: stationFacts, id: fc.integer({ min: 1, max: 10_000 }), city, title: fc.string({ maxLength: 12 }), address: fc.string({ maxLength: 20 }) })
  .map(({ facts, ...rest }) => ({ ...facts, ...rest }));
const stations = fc.uniqueArray(deskStation, { selector: (s) => s.id, maxLength: 30 });
const filter: fc.Arbitrary<StationFilter> = fc.record({ city: fc.oneof(fc.constant(""), city), open: fc.constantFrom("any" as const, "open" as const, "closed" as const), text: fc.string({ maxLength: 4 }) });
const sort = fc.record({ column: fc.constantFrom(...STATION_COLUMNS), direction: fc.constantFrom("asc" as const, "desc" as const) });

describe("StationFilter, for every list, filter and instant", () => {
  it("no filter keeps every station", () => {
    fc.assert(fc.property(stations, epochMs, (list, now) => {
      expect(list.every((s) => matchesStationFilter(s, NO_STATION_FILTER, now))).toBe(true);
    }));
  });

  it("open and closed now split the stations in two, by the customer's own rule (Station.isOpenAt)", () => {
    fc.assert(fc.property(deskStation, epochMs, (s, now) => {
      const open = matchesStationFilter(s, { ...NO_STATION_FILTER, open: "open" }, now);
      const closed = matchesStationFilter(s, { ...NO_STATION_FILTER, open: "closed" }, now);
      expect(open).toBe(isOpenAt(s, now));
      expect(closed).toBe(!open);
    }));
  });

  it("a city keeps only that city's stations; text is found in the name or address in any case", () => {
    fc.assert(fc.property(deskStation, city, (s, c) => {
      expect(matchesStationFilter(s, { ...NO_STATION_FILTER, city: c }, 0)).toBe(s.city === c);
      if (s.title.trim() !== "") expect(matchesStationFilter(s, { ...NO_STATION_FILTER, text: s.title.toUpperCase() }, 0)).toBe(true);
      if (s.address.trim() !== "") expect(matchesStationFilter(s, { ...NO_STATION_FILTER, text: ` ${s.address} ` }, 0)).toBe(true);
    }));
  });

  it("selecting keeps exactly the matching stations, each once, sorted", () => {
    fc.assert(fc.property(stations, filter, sort, epochMs, (list, f, s, now) => {
      const chosen = selectStations(list, f, s, now);
      expect(new Set(chosen.map((x) => x.id))).toEqual(new Set(list.filter((x) => matchesStationFilter(x, f, now)).map((x) => x.id)));
      expect(chosen).toEqual(sortStations(chosen, s));
    }));
  });

  it("a sort is total: descending is ascending reversed", () => {
    fc.assert(fc.property(stations, fc.constantFrom(...STATION_COLUMNS), (list, column) => {
      expect(sortStations(list, { column, direction: "desc" }).map((s) => s.id)).toEqual(sortStations(list, { column, direction: "asc" }).map((s) => s.id).reverse());
    }));
  });
});
