import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REFUND_USUAL_MAX_WORKING_DAYS, refundFacts } from "../../src/Order.ts";
import { REFUND_STATUS } from "../../src/Refund.ts";

const paytype = fc.constantFrom("wechat" as const, "fy" as const, undefined);
const paid = fc.integer({ min: 1, max: 50_000_000 });

describe("Order.refundFacts: amount, route, state and timing of a refund (issue 25)", () => {
  it("no refund asked for (0) or an unknown code: nothing to show", () => {
    fc.assert(
      fc.property(paid, paytype, fc.integer().filter((c) => c < 1 || c > 3), (p, t, code) => {
        expect(refundFacts({ paid: p, paytype: t, refundStatus: code })).toBeUndefined();
      }),
    );
  });

  it("a refund is the whole amount paid, back the way it was paid; unknown channel reads 'the original route'", () => {
    fc.assert(
      fc.property(paid, paytype, fc.constantFrom(1, 2, 3), (p, t, code) => {
        const facts = refundFacts({ paid: p, paytype: t, refundStatus: code })!;
        expect(facts.amount).toBe(p);
        expect(facts.route).toBe(t ?? "original");
      }),
    );
  });

  it("once refunded the net paid is 0 and no waiting time is said; while under way the net paid is all of it and the usual time is", () => {
    fc.assert(
      fc.property(paid, paytype, fc.constantFrom(1, 2, 3), (p, t, code) => {
        const facts = refundFacts({ paid: p, paytype: t, refundStatus: code })!;
        const done = code === REFUND_STATUS.refunded;
        expect(facts.state).toBe(["requested", "refunding", "refunded"][code - 1]);
        expect(facts.netPaid).toBe(done ? 0 : p);
        expect(facts.usualMaxWorkingDays).toBe(done ? undefined : REFUND_USUAL_MAX_WORKING_DAYS);
      }),
    );
  });
});
