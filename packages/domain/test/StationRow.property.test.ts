import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogue } from "../src/Messages.ts";
import { formatCents, formatYuan } from "../src/Money.ts";
import {
  KNOWN_GRADES,
  MAX_LISTED_PROBLEMS,
  MAX_PRICE_CENTS,
  MAX_SHORT_TEXT_LENGTH,
  STATION_COLUMNS,
  checkStationRow,
  problemText,
  problemsParams,
  readProblemList,
  type StationColumn,
  type StationProblem,
} from "../src/StationRow.ts";

type Row = Record<StationColumn, string>;

const clock = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
  fc.constant("24:00"),
);
const decimal = (limit: number) => fc.integer({ min: -limit * 1000, max: limit * 1000 }).map((n) => String(n / 1000));
const name = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== "" && !s.includes(";"));

/** A row every rule accepts: original at or above now, known grades, readable hours. */
const validRow: fc.Arbitrary<Row> = fc
  .record({
    city: name,
    title: name,
    address: fc.string({ maxLength: 60 }),
    longitude: decimal(180),
    latitude: decimal(90),
    shop_image: fc.constant(""),
    now: fc.integer({ min: 1, max: 9_000_000 }),
    extra: fc.integer({ min: 0, max: 999_999 }),
    nation_price: fc.integer({ min: 0, max: 9_999_999 }).map(String),
    sell_type: fc.subarray([...KNOWN_GRADES]).map((g) => g.join(";")),
    code_id: fc.string({ maxLength: 20 }),
    tel: fc.string({ maxLength: 20 }),
    business_start_time: clock,
    business_end_time: clock,
  })
  .map(({ now, extra, ...rest }) => ({ ...rest, now_price: String(now), original_price: String(now + extra) }));

const check = (row: Row) => checkStationRow((c) => row[c]);
const keysOf = (row: Row) => {
  const checked = check(row);
  return checked.ok ? [] : checked.problems;
};

describe("StationRow.checkStationRow, for any row", () => {
  it("accepts any valid row, its prices read as the integers written", () => {
    fc.assert(
      fc.property(validRow, (row) => {
        const checked = check(row);
        expect(checked.ok).toBe(true);
        if (checked.ok) expect([checked.station.now_price, checked.station.original_price]).toEqual([Number(row.now_price), Number(row.original_price)]);
      }),
    );
  });

  it("refuses a now or original price that is not whole cents above 0, naming that field", () => {
    const notCents = fc.oneof(
      fc.double({ noNaN: true, min: -1e6, max: 1e6 }).filter((n) => !Number.isInteger(n) && !/^[0-9]+\.[0-9]{1,2}$/.test(String(n))).map(String),
      fc.constantFrom("", "0", "-5", "0.00", "7.055", "abc", "1e3", " "),
    );
    fc.assert(
      fc.property(validRow, fc.constantFrom("now_price" as const, "original_price" as const), notCents, (row, field, value) => {
        expect(keysOf({ ...row, [field]: value })).toContainEqual({ key: "StationPriceNotPositiveCents", params: { field, value: value.trim() } });
      }),
    );
  });

  it("a price written in yuan where cents belong is told the cents to write (7.45 -> 745)", () => {
    fc.assert(
      fc.property(validRow, fc.constantFrom("now_price" as const, "original_price" as const, "nation_price" as const), fc.integer({ min: 1, max: MAX_PRICE_CENTS }), fc.boolean(), (row, field, cents, short) => {
        // "7.50" or "7.5": both are yuan figures.
        const value = short ? formatCents(cents).replace(/0$/, "") : formatCents(cents);
        expect(keysOf({ ...row, [field]: value })).toContainEqual({ key: "StationPriceLooksLikeYuan", params: { field, value, yuan: formatYuan(cents), cents } });
      }),
    );
  });

  it("refuses any price above the most a litre may cost, quoting both in yuan", () => {
    fc.assert(
      fc.property(validRow, fc.constantFrom("now_price" as const, "original_price" as const, "nation_price" as const), fc.integer({ min: MAX_PRICE_CENTS + 1, max: 2 ** 40 }), (row, field, cents) => {
        expect(keysOf({ ...row, [field]: String(cents) })).toContainEqual({ key: "StationPriceTooHigh", params: { field, price: formatYuan(cents), max: "¥99999.99" } });
      }),
    );
  });

  it("refuses any original price below the now price, naming both in yuan", () => {
    fc.assert(
      fc.property(validRow, fc.integer({ min: 2, max: 9_999_999 }), fc.integer({ min: 1, max: 9_999_998 }), (row, now, less) => {
        const original = Math.max(1, now - less);
        fc.pre(original < now);
        const problems = keysOf({ ...row, now_price: String(now), original_price: String(original) });
        expect(problems).toEqual([{ key: "StationOriginalBelowNow", params: { field: "original_price", original: formatYuan(original), other: "now_price", now: formatYuan(now) } }]);
      }),
    );
  });

  it("refuses a short field longer than the customer's station list sends (city, code, phone, grades: 64 characters)", () => {
    fc.assert(
      fc.property(validRow, fc.constantFrom("city" as const, "code_id" as const, "tel" as const), fc.integer({ min: MAX_SHORT_TEXT_LENGTH + 1, max: 300 }), (row, field, length) => {
        expect(keysOf({ ...row, [field]: "广".repeat(length) })).toContainEqual({ key: "StationFieldTooLong", params: { field, maxLength: MAX_SHORT_TEXT_LENGTH } });
      }),
    );
  });

  it("refuses a coordinate out of range and an hour that is no clock time", () => {
    fc.assert(
      fc.property(validRow, fc.integer({ min: 181, max: 999 }), fc.constantFrom("25:00", "7:00", "24:01", ""), (row, far, hour) => {
        const problems = keysOf({ ...row, longitude: String(far), business_end_time: hour });
        expect(problems.map((p) => p.key)).toEqual(["StationCoordinateOutOfRange", "StationClockInvalid"]);
      }),
    );
  });

  it("every problem is a catalogue key whose texts, English and Chinese, have all their slots filled", () => {
    const anyRow = fc.record(Object.fromEntries(STATION_COLUMNS.map((c) => [c, fc.string({ maxLength: 10 })])) as Record<StationColumn, fc.Arbitrary<string>>);
    fc.assert(
      fc.property(anyRow, (row) => {
        for (const p of keysOf(row)) {
          expect(Object.hasOwn(catalogue.en, p.key)).toBe(true);
          // Every slot of both texts has a value (the values themselves may hold braces: they echo the row).
          for (const locale of ["en", "zh-CN"] as const) {
            for (const [, slot] of catalogue[locale][p.key].matchAll(/\{(\w+)\}/g)) expect(p.params).toHaveProperty(slot!);
          }
        }
      }),
    );
  });
});

describe("StationRow's English", () => {
  it("reads as the CLI always printed it", () => {
    const problems = keysOf({
      city: "",
      title: "T",
      address: "",
      longitude: "200",
      latitude: "23",
      shop_image: "",
      now_price: "800",
      nation_price: "0",
      original_price: "752",
      sell_type: "0#;93#",
      code_id: "",
      tel: "",
      business_start_time: "25:00",
      business_end_time: "22:00",
    });
    expect(problems.map((p) => problemText({ ...p, line: 6 }))).toEqual([
      "line 6: city is empty",
      "line 6: longitude must be a number from -180 to 180, got '200'",
      "line 6: original_price (¥7.52/L) is below now_price (¥8.00/L): the discount would be negative",
      "line 6: sell_type has unknown grades '93#' (known: 0#;92#;95#;98#)",
      "line 6: business_start_time must be HH:mm (or 24:00), got '25:00'",
    ]);
  });
});

describe("StationRow.problemsParams and readProblemList, for any list of problems", () => {
  const aProblem: fc.Arbitrary<StationProblem> = fc
    .tuple(fc.integer({ min: 1, max: 100_000 }), fc.string({ maxLength: 300 }), fc.boolean())
    .map(([line, value, lined]) => (lined ? { key: "StationClockInvalid", params: { field: "business_start_time", value }, line } : { key: "StationFieldEmpty", params: { field: "city" } }));

  it("lists what fits and counts the rest: none lost, the header kept small", () => {
    fc.assert(
      fc.property(fc.array(aProblem, { minLength: 1, maxLength: 300 }), (problems) => {
        const params = problemsParams(problems);
        const listed = readProblemList(params.problem_list);
        expect(listed).toBeDefined();
        const more = listed!.at(-1)?.key === "StationProblemsMore" ? Number(listed!.at(-1)?.params["count"]) : 0;
        const shown = listed!.length - (more > 0 ? 1 : 0);
        expect(shown).toBeLessThanOrEqual(MAX_LISTED_PROBLEMS);
        expect(shown + more).toBe(problems.length);
        expect(listed!.slice(0, shown).map((p) => [p.key, p.line])).toEqual(problems.slice(0, shown).map((p) => [p.key, p.line]));
        expect(encodeURIComponent(JSON.stringify(params)).length).toBeLessThanOrEqual(12_000);
        // The English text begins with the first problem's line (not split on "; ": a row's echoed value may hold one).
        expect(params.problems.startsWith(problemText(listed![0]!))).toBe(true);
      }),
    );
  });

  it("reads nothing it does not know: another key, a bad line or bad JSON is no list", () => {
    for (const raw of [undefined, 3, "", "not json", "{}", "[]", '[{"key":"constructor","params":{}}]', '[{"key":"StationFieldEmpty","params":{"field":{}}}]', '[{"key":"StationFieldEmpty","params":{},"line":0}]']) {
      expect(readProblemList(raw)).toBeUndefined();
    }
  });
});

describe("StationRow's optional invoice_policy column (issue 35)", () => {
  const policy = (row: Row, cell: string) => checkStationRow((c) => row[c], () => cell);

  it("any valid row with station, platform or none (blanks around it) reads that policy", () => {
    fc.assert(
      fc.property(validRow, fc.constantFrom("station", "platform", "none"), fc.constantFrom("", " ", "\t"), (row, p, pad) => {
        const checked = policy(row, `${pad}${p}${pad}`);
        expect(checked.ok && checked.station.invoice_policy).toBe(p);
      }),
    );
  });

  it("any valid row without the column, or with it empty, carries no policy (the station keeps its own)", () => {
    fc.assert(
      fc.property(validRow, fc.constantFrom("", "  "), (row, cell) => {
        const checked = policy(row, cell);
        expect(checked.ok).toBe(true);
        if (checked.ok) expect("invoice_policy" in checked.station).toBe(false);
        const without = check(row);
        expect(without.ok && "invoice_policy" in without.station).toBe(false);
      }),
    );
  });

  it("any other text is refused with StationInvoicePolicyInvalid naming it", () => {
    fc.assert(
      fc.property(validRow, fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !["station", "platform", "none"].includes(s.trim()) && s.trim() !== ""), (row, cell) => {
        const checked = policy(row, cell);
        expect(checked.ok).toBe(false);
        if (!checked.ok) expect(checked.problems).toContainEqual(expect.objectContaining({ key: "StationInvoicePolicyInvalid", params: expect.objectContaining({ value: cell.trim() }) }));
      }),
    );
  });
});
