import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PAY_RULE,
  allowedActions,
  CARD_TYPE_CODES,
  cardTypeCode,
  cardTypeOf,
  createOrder,
  DRAFT,
  isCardPurchase,
  isTerminal,
  ORDER_STATUSES,
  OrderEvent,
  statusCode,
  statusFromCode,
  transition,
  unpaidSecondsLeft,
  type Order,
  type TransitionError,
} from "../src/Order.ts";
import { epochMs, order, orderEvent, orderKind, orderStatus, orderStatusCode, timedEvents, unknownStatusCode } from "../src/testing/orders.ts";

const ERROR_TAGS: ReadonlyArray<TransitionError["_tag"]> = [
  "IllegalTransition",
  "PayWindowClosed",
  "QrExpired",
  "NotDueYet",
  "RejectionReasonMissing",
];

/** The invariants every order the machine produces must hold; an empty list means well formed. */
const violations = (o: Order): string[] => {
  const found: string[] = [];
  if (!ORDER_STATUSES.includes(o.status)) found.push(`unknown status ${String(o.status)}`);
  if (o.payDeadline !== createOrder(o).payDeadline) found.push("pay deadline is not created + 15 min");
  const neverPaid = o.status === "unpaid" || o.status === "cancelled";
  if (neverPaid !== (o.paidAt === undefined)) found.push(`${o.status} with payment time ${String(o.paidAt)}`);
  if (o.paidAt !== undefined && o.paidAt >= o.payDeadline) found.push("paid after the pay deadline");
  if (o.status === "rejected" && (o.kind !== "recharge" || (o.reason ?? "").trim() === "")) found.push("bad rejection");
  if (o.status !== "rejected" && o.reason !== undefined) found.push("reason on a non-rejected order");
  if (o.status === "expired" && o.kind !== "fuel") found.push("recharge expired by QR");
  return found;
};

describe("Order properties", () => {
  it("a status code round-trips through its name", () => {
    fc.assert(fc.property(orderStatusCode, (code) => {
      expect(statusCode(Result.getOrThrow(statusFromCode(code)))).toBe(code);
    }));
  });

  it("a status name round-trips through its code", () => {
    fc.assert(fc.property(orderStatus, (status) => {
      expect(Result.getOrThrow(statusFromCode(statusCode(status)))).toBe(status);
    }));
  });

  it("any other number is an unknown status code", () => {
    fc.assert(fc.property(unknownStatusCode, (code) => {
      const r = statusFromCode(code);
      expect(Result.isFailure(r) && r.failure._tag).toBe("UnknownStatusCode");
    }));
  });

  it("no event sequence drives an order into an undefined state", () => {
    fc.assert(fc.property(
      orderKind,
      epochMs.chain((createdAt) => fc.tuple(fc.constant(createdAt), timedEvents(createdAt, { maxLength: 20 }))),
      (kind, [createdAt, steps]) => {
        let state = Result.getOrThrow(transition(DRAFT, OrderEvent.Create({ kind }), createdAt));
        for (const { event, now } of steps) {
          const r = transition(state, event, now);
          if (Result.isFailure(r)) {
            expect(ERROR_TAGS).toContain(r.failure._tag);
            continue;
          }
          expect(violations(r.success)).toEqual([]);
          expect(r.success.kind).toBe(kind);
          expect(r.success.createdAt).toBe(createdAt);
          state = r.success;
        }
      },
    ));
  });

  it("no event moves an order out of a terminal state", () => {
    fc.assert(fc.property(
      order(),
      epochMs.chain((start) => timedEvents(start, { maxLength: 20 })),
      (o, steps) => {
        fc.pre(isTerminal(o.status));
        for (const { event, now } of steps) {
          const r = transition(o, event, now);
          expect(Result.isFailure(r) && r.failure).toMatchObject({ _tag: "IllegalTransition", from: o.status, event: event._tag });
        }
      },
    ));
  });

  it("once terminal, a sequence stays in the same terminal state", () => {
    fc.assert(fc.property(
      orderKind,
      epochMs.chain((createdAt) => fc.tuple(fc.constant(createdAt), timedEvents(createdAt, { maxLength: 20 }))),
      (kind, [createdAt, steps]) => {
        let state = createOrder({ kind, createdAt });
        for (const { event, now } of steps) {
          const before = state;
          const r = transition(state, event, now);
          if (Result.isSuccess(r)) state = r.success;
          if (isTerminal(before.status)) expect(state).toBe(before);
        }
      },
    ));
  });

  it("every reachable order record is well formed and every event on it keeps it so", () => {
    fc.assert(fc.property(order(), fc.integer({ min: 0, max: 100 * 60 * 60 * 1_000 }), orderEvent(), (o, elapsed, event) => {
      expect(violations(o)).toEqual([]);
      const r = transition(o, event, o.createdAt + elapsed);
      if (Result.isSuccess(r)) expect(violations(r.success)).toEqual([]);
    }));
  });

  it("paying a cancelled order always fails", () => {
    fc.assert(fc.property(order({ status: "cancelled" }), epochMs, epochMs, (o, at, now) => {
      const r = transition(o, OrderEvent.Pay({ at }), now);
      expect(Result.isFailure(r) && r.failure).toMatchObject({ _tag: "IllegalTransition", from: "cancelled", event: "Pay" });
    }));
  });

  it("a transition is a pure function: the same inputs give the same answer and the input is untouched", () => {
    fc.assert(fc.property(order(), orderEvent(), epochMs, (o, event, now) => {
      const copy = { ...o }; // the record is flat: a shallow copy is a full one
      expect(transition(o, event, now)).toEqual(transition(o, event, now));
      expect(o).toEqual(copy);
    }));
  });

  it("whenever pay is offered, paying now succeeds", () => {
    fc.assert(fc.property(order({ status: "unpaid" }), fc.integer({ min: 0, max: 20 * 60 * 1_000 }), (o, elapsed) => {
      const now = o.createdAt + elapsed;
      if (allowedActions(o, now).includes("pay")) expect(Result.isSuccess(transition(o, OrderEvent.Pay({ at: now }), now))).toBe(true);
    }));
  });

  it("whenever a fuel QR is shown, redeeming it now succeeds", () => {
    fc.assert(fc.property(order({ kind: "fuel", status: "unused" }), fc.integer({ min: 0, max: 60 * 60 * 60 * 1_000 }), (o, elapsed) => {
      const now = o.createdAt + elapsed;
      if (allowedActions(o, now).includes("showQr")) expect(Result.isSuccess(transition(o, OrderEvent.Redeem(), now))).toBe(true);
    }));
  });

  it("the unpaid countdown never goes negative, is whole, and never rises as time passes", () => {
    fc.assert(fc.property(fc.integer({ min: -10, max: 2_000 }), fc.integer({ min: -10_000, max: 3_000_000 }), fc.nat(60_000), (count, elapsed, more) => {
      const left = unpaidSecondsLeft(count, elapsed);
      expect(Number.isInteger(left)).toBe(true);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left).toBeLessThanOrEqual(Math.max(0, count));
      expect(unpaidSecondsLeft(count, elapsed + more)).toBeLessThanOrEqual(left);
    }));
  });

  it("cardTypeOf names the card type of every code we define, both ways, and nothing for none or any other number", () => {
    for (const type of Object.keys(CARD_TYPE_CODES) as Array<keyof typeof CARD_TYPE_CODES>) expect(cardTypeOf(cardTypeCode(type))).toBe(type);
    fc.assert(fc.property(fc.oneof(fc.integer(), fc.constant(null), fc.constant(undefined)), (code) => {
      const defined = (Object.values(CARD_TYPE_CODES) as number[]).includes(code as number);
      expect(cardTypeOf(code) === undefined).toBe(!defined);
    }));
  });

  it("isCardPurchase: the server's mark decides when it is sent; without it, only a virtual card with no number yet is a purchase", () => {
    const cardTypes = fc.constantFrom(...(Object.keys(CARD_TYPE_CODES) as Array<keyof typeof CARD_TYPE_CODES>), undefined);
    const cardNumbers = fc.option(fc.stringMatching(/^[0-9]{8,19}$/), { nil: null });
    fc.assert(
      fc.property(cardTypes, cardNumbers, fc.boolean(), (cardType, cardNumber, issuesCard) => {
        expect(isCardPurchase({ cardType, cardNumber, issuesCard })).toBe(issuesCard);
        expect(isCardPurchase({ cardType, cardNumber, issuesCard: undefined })).toBe(cardType === "virtual" && cardNumber === null);
      }),
    );
  });

  it("Pay is PAY_RULE for any order, payment instant and now: from its status only, strictly before the pay deadline, to its status with paidAt the payment's instant (apply_payment takes the rule as data)", () => {
    fc.assert(
      fc.property(order(), fc.integer({ min: -3_600_000, max: 3_600_000 }), epochMs, (o, offset, now) => {
        const at = o.payDeadline + offset;
        const paid = transition(o, OrderEvent.Pay({ at }), now);
        const accepted = o.status === PAY_RULE.from && at < o.payDeadline;
        expect(Result.isSuccess(paid)).toBe(accepted);
        if (Result.isSuccess(paid)) expect(paid.success).toMatchObject({ status: PAY_RULE.to, paidAt: at, kind: o.kind });
      }),
    );
  });
});
