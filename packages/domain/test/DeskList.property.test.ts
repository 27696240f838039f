import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampPage, directed, nextSort, pageCount, pageOf, PAGE_SIZES } from "../src/DeskList.ts";

const size = fc.constantFrom(...PAGE_SIZES);
const rows = fc.array(fc.integer(), { maxLength: 400 });

describe("DeskList: pages, for every list and page size", () => {
  it("the pages hold every row exactly once, in order", () => {
    fc.assert(fc.property(rows, size, (list, n) => {
      const pages = Array.from({ length: pageCount(list.length, n) }, (_, i) => pageOf(list, i + 1, n));
      expect(pages.flat()).toEqual(list);
    }));
  });

  it("no page holds more than the page size, and only the last holds fewer", () => {
    fc.assert(fc.property(rows, size, (list, n) => {
      const count = pageCount(list.length, n);
      for (let p = 1; p <= count; p += 1) {
        const page = pageOf(list, p, n);
        expect(page.length).toBeLessThanOrEqual(n);
        if (p < count) expect(page.length).toBe(n);
      }
    }));
  });

  it("an empty list still has its page 1; a page past the end or before 1 is clamped", () => {
    fc.assert(fc.property(fc.nat(10_000), size, fc.integer({ min: -50, max: 500 }), (total, n, page) => {
      const at = clampPage(page, total, n);
      expect(at).toBeGreaterThanOrEqual(1);
      expect(at).toBeLessThanOrEqual(pageCount(total, n));
      if (page >= 1 && page <= pageCount(total, n)) expect(at).toBe(page);
    }));
  });
});

describe("DeskList: sorting by a header", () => {
  const column = fc.constantFrom("a", "b", "c");
  const sort = fc.record({ column, direction: fc.constantFrom("asc" as const, "desc" as const) });

  it("a new column sorts ascending; the same column again turns the other way, and twice back", () => {
    fc.assert(fc.property(sort, column, (current, clicked) => {
      const next = nextSort(current, clicked);
      if (clicked !== current.column) expect(next).toEqual({ column: clicked, direction: "asc" });
      else expect(next.direction).not.toBe(current.direction);
      expect(nextSort(nextSort(next, clicked), clicked)).toEqual(next);
    }));
  });

  it("descending is ascending reversed, ties kept as ties", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 20 })), (list) => {
      const compare = (a: number, b: number) => a - b;
      expect([...list].sort(directed(compare, "desc"))).toEqual([...list].sort(compare).reverse());
    }));
  });
});
