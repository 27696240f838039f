import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { IssueState } from "../../../src/invoicing/provider/InvoiceProvider.ts";
import { applyIdFor, MAX_ISSUE_ATTEMPTS, MAX_ISSUE_RETRIES, nextAttempt, parseApplyId } from "../../../src/invoicing/provider/retry.ts";

const invoiceIds = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
const attempts = fc.integer({ min: 1, max: MAX_ISSUE_ATTEMPTS });
const reasons = fc.string({ minLength: 1, maxLength: 40 });
const failed = (reason: string, retryable: boolean): IssueState => ({ state: "failed", reason, retryable });

/** Runs the rule over a provider that answers each attempt with the next state, as the invoicing code would. */
const run = (invoiceId: number, outcomes: readonly IssueState[]) => {
  const ids: string[] = [];
  let attempt = 1;
  for (;;) {
    ids.push(applyIdFor(invoiceId, attempt));
    const state = outcomes[attempt - 1] ?? failed("no more outcomes", true);
    const decision = nextAttempt(invoiceId, attempt, state);
    if (decision.action !== "retry") return { ids, decision, last: state };
    expect(decision.attempt).toBe(attempt + 1);
    attempt = decision.attempt;
  }
};

describe("the retry rule", () => {
  it("an apply id names its invoice and attempt, and reads back", () => {
    fc.assert(
      fc.property(invoiceIds, attempts, (invoiceId, attempt) => {
        expect(parseApplyId(applyIdFor(invoiceId, attempt))).toEqual({ invoiceId, attempt });
      }),
    );
  });

  it("apply ids are unique: two different (invoice, attempt) pairs never share one", () => {
    fc.assert(
      fc.property(invoiceIds, attempts, invoiceIds, attempts, (i1, a1, i2, a2) => {
        fc.pre(i1 !== i2 || a1 !== a2);
        expect(applyIdFor(i1, a1)).not.toBe(applyIdFor(i2, a2));
      }),
    );
  });

  it("an apply id fits WeChat's 32-character ids with an 8-character prefix", () => {
    fc.assert(
      fc.property(invoiceIds, attempts, (i, a) => {
        expect(applyIdFor(i, a).length).toBeLessThanOrEqual(24);
      }),
    );
  });

  it("a retryable failure is retried at most 4 times, each with a new id, then keeps the provider's last reason", () => {
    fc.assert(
      fc.property(invoiceIds, fc.array(reasons, { minLength: MAX_ISSUE_ATTEMPTS, maxLength: 8 }), (invoiceId, rs) => {
        const { ids, decision } = run(invoiceId, rs.map((r) => failed(r, true)));
        expect(ids).toHaveLength(1 + MAX_ISSUE_RETRIES);
        expect(new Set(ids).size).toBe(ids.length);
        expect(decision).toEqual({ action: "give-up", reason: rs[MAX_ISSUE_ATTEMPTS - 1] });
      }),
    );
  });

  it("a failure that is not retryable is never retried", () => {
    fc.assert(
      fc.property(invoiceIds, attempts, reasons, (invoiceId, attempt, reason) => {
        expect(nextAttempt(invoiceId, attempt, failed(reason, false))).toEqual({ action: "give-up", reason });
      }),
    );
  });

  it("issuing and issued are never retried", () => {
    const issued: IssueState = { state: "issued", number: "1", issuedAt: new Date(0), pdf: null, pdfUrl: null, inWallet: false };
    fc.assert(
      fc.property(invoiceIds, attempts, fc.constantFrom<IssueState>({ state: "issuing" }, issued), (invoiceId, attempt, state) => {
        expect(nextAttempt(invoiceId, attempt, state)).toEqual({ action: "none" });
      }),
    );
  });

  it("the chain stops at the first success, whatever failed before it", () => {
    fc.assert(
      fc.property(invoiceIds, fc.integer({ min: 0, max: MAX_ISSUE_RETRIES }), (invoiceId, failures) => {
        const outcomes: IssueState[] = [...Array.from({ length: failures }, () => failed("tax system busy", true)), { state: "issuing" }];
        const { ids, decision } = run(invoiceId, outcomes);
        expect(ids).toHaveLength(failures + 1);
        expect(decision).toEqual({ action: "none" });
      }),
    );
  });
});
