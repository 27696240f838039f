import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AUTOVACUUM, upkeepPlan, type TableActivity } from "../../src/db/pglite/upkeep.ts";

/** PGlite's autovacuum stand-in decides as autovacuum does (src/db/pglite/upkeep.ts). */

const count = fc.integer({ min: 0, max: 50_000_000 });
const activity = fc.record({ table: fc.constantFrom("orders", "idempotency_keys", "users", "payments"), rows: count, dead: count, insertedSinceVacuum: count, modifiedSinceAnalyze: count });

const planFor = (t: TableActivity) => upkeepPlan([t])[0];

describe("PGlite upkeep: autovacuum's rules", () => {
  it("a table is vacuumed exactly when its dead rows exceed 50 + 20 % of its rows, or its inserts since the last vacuum exceed 1,000 + 20 %", () => {
    fc.assert(
      fc.property(activity, (t) => {
        const expected = t.dead > 50 + 0.2 * t.rows || t.insertedSinceVacuum > 1_000 + 0.2 * t.rows;
        expect(planFor(t)?.vacuum ?? false).toBe(expected);
      }),
    );
  });

  it("a table is analyzed exactly when the rows changed since the last analyze exceed 50 + 10 % of its rows", () => {
    fc.assert(
      fc.property(activity, (t) => {
        expect(planFor(t)?.analyze ?? false).toBe(t.modifiedSinceAnalyze > 50 + 0.1 * t.rows);
      }),
    );
  });

  it("at the thresholds nothing is done; one row past either, the table is vacuumed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }).map((n) => n * 5), (rows) => {
        const dead = AUTOVACUUM.vacuumThreshold + AUTOVACUUM.vacuumScaleFactor * rows;
        const inserted = AUTOVACUUM.insertThreshold + AUTOVACUUM.insertScaleFactor * rows;
        const quiet = { table: "orders", rows, dead, insertedSinceVacuum: inserted, modifiedSinceAnalyze: 0 };
        expect(upkeepPlan([quiet])).toEqual([]);
        expect(planFor({ ...quiet, dead: dead + 1 })).toEqual({ table: "orders", vacuum: true, analyze: false });
        expect(planFor({ ...quiet, insertedSinceVacuum: inserted + 1 })).toEqual({ table: "orders", vacuum: true, analyze: false });
      }),
    );
  });

  it("more dead rows, inserts or changes never take work away, and more rows never add any", () => {
    fc.assert(
      fc.property(activity, count, (t, more) => {
        const before = planFor(t);
        const busier = planFor({ ...t, dead: t.dead + more, insertedSinceVacuum: t.insertedSinceVacuum + more, modifiedSinceAnalyze: t.modifiedSinceAnalyze + more });
        if (before?.vacuum === true) expect(busier?.vacuum).toBe(true);
        if (before?.analyze === true) expect(busier?.analyze).toBe(true);
        const bigger = planFor({ ...t, rows: t.rows + more });
        if (bigger?.vacuum === true) expect(before?.vacuum).toBe(true);
        if (bigger?.analyze === true) expect(before?.analyze).toBe(true);
      }),
    );
  });

  it("a table never vacuumed nor analyzed (no row estimate yet) is counted as empty, not as negative", () => {
    expect(planFor({ table: "orders", rows: -1, dead: 51, insertedSinceVacuum: 0, modifiedSinceAnalyze: 51 })).toEqual({ table: "orders", vacuum: true, analyze: true });
    expect(upkeepPlan([{ table: "orders", rows: -1, dead: 50, insertedSinceVacuum: 1_000, modifiedSinceAnalyze: 50 }])).toEqual([]);
  });

  it("each table is judged alone, in the order given, and quiet ones are left out", () => {
    fc.assert(
      fc.property(fc.array(activity, { maxLength: 12 }), (tables) => {
        const plan = upkeepPlan(tables);
        expect(plan).toEqual(tables.map((t) => planFor(t)).filter((p) => p !== undefined));
        for (const p of plan) expect(p.vacuum || p.analyze).toBe(true);
      }),
    );
  });
});
