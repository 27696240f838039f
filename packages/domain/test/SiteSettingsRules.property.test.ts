import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogue } from "../src/Messages.ts";
import { formatYuan } from "../src/Money.ts";
import { changeProblems, FOLLOW_QRCODE_MAX_LENGTH, isQrImage, PRICE_FIELDS, savedProblems, type RuledChange, type RuledSettings } from "../src/SiteSettingsRules.ts";
import { MAX_PRICE_CENTS } from "../src/StationRow.ts";

/** Issue 34: the site settings under the same rules as station rows, checked after the change. */

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const base64 = (bytes: ReadonlyArray<number>): string => {
  const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b, c] = bytes.slice(i, i + 3);
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += digits[(n >> 18) & 63]! + digits[(n >> 12) & 63]! + (b === undefined ? "=" : digits[(n >> 6) & 63]!) + (c === undefined ? "=" : digits[n & 63]!);
  }
  return out;
};
const dataUrl = (type: string, bytes: ReadonlyArray<number>): string => `data:${type};base64,${base64(bytes)}`;
const tail = fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 300 });

/** Settings every rule accepts: card and our prices at most the pump price, the national price anything. */
const goodSettings: fc.Arbitrary<RuledSettings> = fc
  .record({
    original: fc.integer({ min: 1, max: MAX_PRICE_CENTS }),
    now: fc.nat(),
    xuni: fc.nat(),
    shiti: fc.nat(),
    nation: fc.integer({ min: 0, max: MAX_PRICE_CENTS }),
    entity: fc.stringMatching(/^[0-9]{0,12}$/),
    virtual: fc.stringMatching(/^[0-9]{0,12}$/),
  })
  .map(({ original, now, xuni, shiti, nation, entity, virtual }) => ({
    price_0_original: original,
    price_0_now: 1 + (now % original),
    price_0_xuni: 1 + (xuni % original),
    price_0_shiti: 1 + (shiti % original),
    price_0_nation: nation,
    entity_common_num: entity,
    virtual_common_num: virtual,
  }));

const keys = (problems: ReadonlyArray<{ key: string }>) => problems.map((p) => p.key);

describe("SiteSettingsRules, for any settings", () => {
  it("settings within the rules have no problem, saved or changed to", () => {
    fc.assert(
      fc.property(goodSettings, goodSettings, (saved, next) => {
        expect(savedProblems(saved)).toEqual([]);
        expect(changeProblems(saved, next)).toEqual([]);
        expect(changeProblems(undefined, next)).toEqual([]);
      }),
    );
  });

  it("a price of 0 is refused for every price but the national one (0: not published)", () => {
    fc.assert(
      fc.property(goodSettings, fc.constantFrom(...PRICE_FIELDS), (saved, field) => {
        const problems = changeProblems(saved, { [field]: 0 });
        if (field === "price_0_nation") expect(problems).toEqual([]);
        else expect(problems).toContainEqual({ key: "StationPriceNotPositiveCents", params: { field, value: "0" } });
      }),
    );
  });

  it("a price above the most a litre may cost is refused, quoted in yuan (¥10,000,000/L among them)", () => {
    fc.assert(
      fc.property(goodSettings, fc.constantFrom(...PRICE_FIELDS), fc.oneof(fc.constant(1_000_000_000), fc.integer({ min: MAX_PRICE_CENTS + 1, max: 2 ** 31 - 1 })), (saved, field, cents) => {
        expect(changeProblems(saved, { [field]: cents })).toContainEqual({ key: "StationPriceTooHigh", params: { field, price: formatYuan(cents), max: formatYuan(MAX_PRICE_CENTS) } });
      }),
    );
  });

  it("the order is checked after the change: a card or our price above the pump price is refused, whichever of the two changed", () => {
    fc.assert(
      fc.property(goodSettings, fc.constantFrom("price_0_now" as const, "price_0_xuni" as const, "price_0_shiti" as const), fc.boolean(), fc.integer({ min: 1, max: 1000 }), (saved, field, lowerOriginal, by) => {
        // Either the pump price drops below the price left as it was, or the price rises above the pump price left as it was.
        const change: RuledChange = lowerOriginal ? { price_0_original: Math.max(1, saved[field] - by) } : { [field]: saved.price_0_original + by };
        const after = { ...saved, ...change };
        fc.pre(after[field] > after.price_0_original && after[field] <= MAX_PRICE_CENTS);
        const problems = changeProblems(saved, change);
        const expected =
          field === "price_0_now"
            ? { key: "StationOriginalBelowNow", params: { field: "price_0_original", original: formatYuan(after.price_0_original), other: "price_0_now", now: formatYuan(after[field]) } }
            : { key: "SettingsCardPriceAboveOriginal", params: { field, price: formatYuan(after[field]), other: "price_0_original", original: formatYuan(after.price_0_original) } };
        expect(problems).toContainEqual(expected);
        expect(savedProblems(after)).toContainEqual(expected);
      }),
    );
  });

  it("with no settings yet, a change must name every price", () => {
    fc.assert(
      fc.property(goodSettings, fc.subarray([...PRICE_FIELDS], { minLength: 1 }), (next, left) => {
        const change = Object.fromEntries(Object.entries(next).filter(([f]) => !(left as string[]).includes(f)));
        expect(changeProblems(undefined, change)[0]).toEqual({ key: "SettingsFirstSaveMissing", params: { fields: PRICE_FIELDS.filter((f) => left.includes(f)).join(", ") } });
      }),
    );
  });

  it("a card prefix that is not digits is refused", () => {
    fc.assert(
      fc.property(goodSettings, fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !/^[0-9]*$/.test(s)), (saved, prefix) => {
        expect(changeProblems(saved, { entity_common_num: prefix })).toEqual([{ key: "SettingsCardPrefixInvalid", params: { field: "entity_common_num", value: prefix } }]);
      }),
    );
  });

  it("every problem's texts, English and Chinese, have all their slots filled", () => {
    const anyChange = fc.record(
      {
        price_0_now: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        price_0_original: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        price_0_nation: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        price_0_xuni: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        price_0_shiti: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        entity_common_num: fc.string(),
        follow_qrcode: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(anyChange, (change) => {
        for (const p of changeProblems(undefined, change)) {
          for (const locale of ["en", "zh-CN"] as const) {
            for (const [, slot] of catalogue[locale][p.key].matchAll(/\{(\w+)\}/g)) expect(p.params).toHaveProperty(slot!);
          }
        }
      }),
    );
  });
});

describe("SiteSettingsRules.isQrImage: a PNG or JPEG whose bytes are that format", () => {
  it("accepts any PNG or JPEG data URL whose bytes begin with the format's signature", () => {
    fc.assert(
      fc.property(fc.constantFrom(["image/png", PNG] as const, ["image/jpeg", JPEG] as const), tail, ([type, signature], rest) => {
        expect(isQrImage(dataUrl(type, [...signature, ...rest]))).toBe(true);
      }),
    );
  });

  it("refuses bytes that are not the format named: a script or an SVG labelled image/png, a GIF, a JPEG labelled PNG", () => {
    const svg = [..."<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"].map((c) => c.charCodeAt(0));
    const gif = [..."GIF89a"].map((c) => c.charCodeAt(0));
    for (const value of [
      dataUrl("image/png", svg),
      dataUrl("image/svg+xml", svg),
      dataUrl("image/gif", gif),
      dataUrl("image/png", gif),
      dataUrl("image/png", JPEG),
      dataUrl("image/jpeg", PNG),
      dataUrl("text/html", PNG),
      "https://example.com/qr.png",
      `${dataUrl("image/png", PNG)}<script>`,
      "data:image/png;base64,iVBORw0KGgo",
    ]) {
      expect(isQrImage(value), value.slice(0, 60)).toBe(false);
    }
    fc.assert(
      fc.property(fc.constantFrom("image/png", "image/jpeg"), tail, (type, bytes) => {
        fc.pre(!(bytes[0] === 0x89 && bytes[1] === 0x50) && !(bytes[0] === 0xff && bytes[1] === 0xd8));
        expect(isQrImage(dataUrl(type, bytes))).toBe(false);
      }),
    );
  });

  it("refuses an image whose data URL is longer than the limit; a new one is checked, the saved one is not", () => {
    const big = dataUrl("image/png", [...PNG, ...new Array<number>(45_000).fill(0)]);
    expect(big.length).toBeGreaterThan(FOLLOW_QRCODE_MAX_LENGTH);
    expect(isQrImage(big)).toBe(false);
    const saved: RuledSettings = { price_0_now: 700, price_0_original: 750, price_0_nation: 760, price_0_xuni: 700, price_0_shiti: 700, entity_common_num: "1", virtual_common_num: "2", follow_qrcode: "https://example.com/old.png" };
    expect(changeProblems(saved, { follow_qrcode: "https://example.com/old.png" })).toEqual([]);
    expect(changeProblems(saved, { follow_qrcode: null })).toEqual([]);
    expect(keys(changeProblems(saved, { follow_qrcode: "https://example.com/new.png" }))).toEqual(["SettingsQrInvalid"]);
  });
});

describe("SiteSettingsRules: the invoice settings (issue 35)", () => {
  it("a window of whole days from 1 to 366 and either top-up mode have no problem", () => {
    fc.assert(
      fc.property(goodSettings, fc.integer({ min: 1, max: 366 }), fc.constantFrom("at_topup", "at_consumption"), (saved, days, mode) => {
        expect(changeProblems(saved, { invoice_window_days: days, recharge_invoice: mode })).toEqual([]);
      }),
    );
  });

  it("any other window (0, 367 and beyond, fractions) or mode is refused naming its field", () => {
    const badDays = fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 367 }), fc.double({ min: 1, max: 366, noNaN: true }).filter((d) => !Number.isInteger(d)));
    fc.assert(
      fc.property(goodSettings, badDays, fc.string().filter((s) => s !== "at_topup" && s !== "at_consumption"), (saved, days, mode) => {
        expect(keys(changeProblems(saved, { invoice_window_days: days }))).toEqual(["SettingsInvoiceWindowInvalid"]);
        expect(changeProblems(saved, { recharge_invoice: mode })).toEqual([{ key: "SettingsRechargeInvoiceInvalid", params: { field: "recharge_invoice", value: mode } }]);
      }),
    );
  });
});
