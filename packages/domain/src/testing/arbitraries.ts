import fc from "fast-check";
import { CENTS_PER_YUAN, ONE_KEY_MAX_YUAN } from "../Constants.ts";
import type { LngLat } from "../Distance.ts";
import { cents, type Cents } from "../Money.ts";
import type { StationFacts } from "../Station.ts";

/**
 * fast-check arbitraries for the money, price, position and station rules, so other teams can
 * property-test their code against ours.
 * @module
 */

/** Any amount a one-key order may carry: 1 cent .. 10000 yuan. */
export const amountCents = (maxYuan: number = ONE_KEY_MAX_YUAN): fc.Arbitrary<Cents> =>
  fc.integer({ min: 1, max: maxYuan * CENTS_PER_YUAN }).map(cents);

/** A per-litre price in cents, in a realistic range (1.00 .. 20.00 yuan/L). */
export const priceCents: fc.Arbitrary<number> = fc.integer({ min: 100, max: 2_000 });

/** A station's price triple where now <= original (a discount) and national >= original. */
export const discountedPrices: fc.Arbitrary<{ now: number; original: number; national: number }> = fc
  .tuple(priceCents, fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }))
  .map(([original, discount, drop]) => ({ original, now: Math.max(1, original - discount), national: original + drop }));

/** A position anywhere on Earth (WGS-84 or GCJ-02 degrees). */
export const lngLat: fc.Arbitrary<LngLat> = fc.record({
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
});

/** A position in mainland China, where our stations are. */
export const lngLatInChina: fc.Arbitrary<LngLat> = fc.record({
  longitude: fc.double({ min: 73.5, max: 134.7, noNaN: true }),
  latitude: fc.double({ min: 18.2, max: 53.5, noNaN: true }),
});

const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);

/** A "0#;92#"-style list, with or without diesel. */
export const sellType: fc.Arbitrary<string> = fc
  .subarray(["0#", "92#", "95#", "98#"], { minLength: 1 })
  .map((types) => types.join(";"));

/** A station's rule-relevant fields. */
export const station: fc.Arbitrary<StationFacts> = fc
  .record({ position: lngLatInChina, prices: discountedPrices, sell_type: sellType, start: clock, end: clock })
  .map(({ position, prices, sell_type, start, end }) => ({
    ...position,
    now_price: prices.now,
    original_price: prices.original,
    nation_price: prices.national,
    sell_type,
    business_start_time: start,
    business_end_time: end,
  }));
