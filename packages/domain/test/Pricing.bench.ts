import fc from "fast-check";
import { bench, describe } from "vitest";
import { payableCents } from "../src/Pricing.ts";
import { amountCents, discountedPrices } from "../src/testing/arbitraries.ts";

const inputs = fc.sample(fc.tuple(amountCents(), discountedPrices), { numRuns: 100_000, seed: 7 });

describe("Pricing", () => {
  bench("100,000 payable computations", () => {
    for (const [amount, p] of inputs) payableCents(amount, p.now, p.original);
  }, { time: 3_000 });
});
