import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cityInitial, groupByInitial, OTHER } from "../../src/stores/cityIndex.ts";

describe("the A-Z city index", () => {
  it("files a Chinese city under its pinyin initial", () => {
    expect(["广州市", "深圳市", "东莞市", "北京市", "哈尔滨市", "乌鲁木齐市", "西安市", "珠海市"].map(cityInitial)).toEqual(["G", "S", "D", "B", "H", "W", "X", "Z"]);
  });

  it("reads the city names whose first character sounds otherwise by its city reading", () => {
    expect(["重庆市", "长沙市", "厦门市"].map(cityInitial)).toEqual(["C", "C", "X"]);
  });

  it("files a Latin name under its first letter, upper case", () => {
    fc.assert(fc.property(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"), fc.string({ maxLength: 8 }), (first, rest) => {
      expect(cityInitial(first + rest)).toBe(first.toUpperCase());
    }));
  });

  it("files anything else under #", () => {
    expect(cityInitial("9号")).toBe(OTHER);
    expect(cityInitial("")).toBe(OTHER);
  });

  it("orders the groups A-Z with # last, every city in exactly one group", () => {
    fc.assert(fc.property(fc.uniqueArray(fc.constantFrom("广州市", "深圳市", "东莞市", "Lhasa", "9号", "重庆市", "北京市"), { maxLength: 7 }), (names) => {
      const groups = groupByInitial(names.map((city) => ({ city })));
      const initials = groups.map((g) => g.initial);
      expect(initials).toEqual([...initials].sort((a, b) => (a === OTHER ? 1 : b === OTHER ? -1 : a.localeCompare(b))));
      expect(groups.flatMap((g) => g.cities.map((c) => c.city)).sort()).toEqual([...names].sort());
    }));
  });
});
