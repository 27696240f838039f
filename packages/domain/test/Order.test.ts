import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  allowedActions,
  cardTypeCode,
  cardTypeFromCode,
  createOrder,
  DRAFT,
  IllegalTransition,
  NotDueYet,
  ORDER_EVENT_TAGS,
  ORDER_LIST_TABS,
  ORDER_STATUSES,
  OrderEvent,
  orderTypeCode,
  orderTypeFromCode,
  PayWindowClosed,
  payDeadline,
  QrExpired,
  RejectionReasonMissing,
  secondsLeftToPay,
  STATUS_CODES,
  statusCode,
  statusesForTab,
  statusFromCode,
  statusLabel,
  TERMINAL_STATUSES,
  transition,
  UnknownCardTypeCode,
  UnknownOrderTypeCode,
  UnknownStatusCode,
  unpaidSecondsLeft,
  type Order,
  type OrderEvent as OrderEventT,
  type TransitionError,
} from "../src/Order.ts";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const t0 = 1_732_500_000_000;
const paidAt = t0 + 2 * MINUTE;

const unpaid = (kind: Order["kind"] = "fuel"): Order => createOrder({ kind, createdAt: t0 });
const paid = (kind: Order["kind"] = "fuel"): Order => ({ ...unpaid(kind), status: "unused", paidAt });

const ok = (r: Result.Result<Order, TransitionError>): Order => {
  if (Result.isFailure(r)) throw new Error(`expected success, got ${r.failure._tag}`);
  return r.success;
};
const failure = (r: Result.Result<Order, TransitionError>): TransitionError => {
  if (Result.isSuccess(r)) throw new Error(`expected failure, got status ${r.success.status}`);
  return r.failure;
};

const everyEvent: ReadonlyArray<OrderEventT> = [
  OrderEvent.Create({ kind: "fuel" }),
  OrderEvent.Pay({ at: t0 + MINUTE }),
  OrderEvent.Cancel(),
  OrderEvent.Redeem(),
  OrderEvent.ExpireUnpaid(),
  OrderEvent.ExpireQr(),
  OrderEvent.Void(),
  OrderEvent.RejectRecharge({ reason: "card frozen" }),
  OrderEvent.SettleRecharge(),
];

describe("Order status codes (spec §4)", () => {
  it("the status codes are 1, 2, 3, 6, 7, 8, 9", () => {
    expect(STATUS_CODES).toEqual([1, 2, 3, 6, 7, 8, 9]);
  });

  it("each code names its state", () => {
    const named = STATUS_CODES.map((code) => Result.getOrThrow(statusFromCode(code)));
    expect(named).toEqual(["unpaid", "unused", "used", "rejected", "voided", "expired", "cancelled"]);
  });

  it("each state has its code", () => {
    expect(ORDER_STATUSES.map(statusCode)).toEqual([1, 2, 3, 6, 7, 8, 9]);
  });

  it("codes 0, 4, 5, 10 and fractions are unknown, carrying the code", () => {
    for (const code of [0, 4, 5, 10, 2.5, -1, Number.NaN]) {
      const r = statusFromCode(code);
      expect(Result.isFailure(r) && r.failure).toBeInstanceOf(UnknownStatusCode);
      if (Result.isFailure(r)) expect(r.failure.code).toBe(code);
    }
  });

  it("used, rejected, voided, expired and cancelled are terminal", () => {
    expect([...TERMINAL_STATUSES].sort()).toEqual(["cancelled", "expired", "rejected", "used", "voided"]);
  });

  it("code 2 reads 'paid' on the fuel order detail and 'unused' on the list", () => {
    expect(statusLabel("unused", "fuel", "detail")).toBe("paid");
    expect(statusLabel("unused", "fuel", "list")).toBe("unused");
  });

  it("a recharge reads 'paid' for code 2 and 'done' for code 3", () => {
    expect(statusLabel("unused", "recharge", "list")).toBe("paid");
    expect(statusLabel("used", "recharge", "detail")).toBe("done");
  });

  it("a refund reads as one (issue 25): 'refunded' once done and the order voided, a rejection still 'rejected'; 'refunding' on a paid order while under way", () => {
    for (const kind of ["fuel", "recharge"] as const) {
      for (const view of ["list", "detail"] as const) {
        expect(statusLabel("voided", kind, view, 3)).toBe("refunded");
        expect(statusLabel("unused", kind, view, 1)).toBe("refunding");
        expect(statusLabel("unused", kind, view, 2)).toBe("refunding");
        // A refund asked for and not done leaves an order the clock has closed as what it is.
        expect(statusLabel("expired", kind, view, 2)).toBe("expired");
        expect(statusLabel("voided", kind, view, 0)).toBe("voided");
        expect(statusLabel("rejected", kind, view, 3)).toBe("rejected");
      }
    }
  });
});

describe("Order and card types (spec §4, §9)", () => {
  it("order type 1 is entity card and 2 is pay-as-you-go, both ways", () => {
    expect(Result.getOrThrow(orderTypeFromCode(1))).toBe("entityCard");
    expect(Result.getOrThrow(orderTypeFromCode(2))).toBe("payAsYouGo");
    expect(orderTypeCode("entityCard")).toBe(1);
    expect(orderTypeCode("payAsYouGo")).toBe(2);
  });

  it("any other order type code is unknown", () => {
    const r = orderTypeFromCode(3);
    expect(Result.isFailure(r) && r.failure).toEqual(new UnknownOrderTypeCode({ code: 3 }));
  });

  it("card types are entity 1, virtual 2, top-up replacement 3, both ways", () => {
    expect(Result.getOrThrow(cardTypeFromCode(1))).toBe("entity");
    expect(Result.getOrThrow(cardTypeFromCode(2))).toBe("virtual");
    expect(Result.getOrThrow(cardTypeFromCode(3))).toBe("topUpReplacement");
    expect(cardTypeCode("topUpReplacement")).toBe(3);
  });

  it("any other card type code is unknown", () => {
    const r = cardTypeFromCode(0);
    expect(Result.isFailure(r) && r.failure).toEqual(new UnknownCardTypeCode({ code: 0 }));
  });
});

describe("Order list tabs (spec §2)", () => {
  it("the tabs are all, unpaid, unused, used, expired", () => {
    expect(ORDER_LIST_TABS).toEqual(["all", "unpaid", "unused", "used", "expired"]);
  });

  it("'all' shows every status", () => {
    expect(statusesForTab("all")).toEqual([1, 2, 3, 6, 7, 8, 9]);
  });

  it("each named tab shows exactly its own status", () => {
    expect(statusesForTab("unpaid")).toEqual([1]);
    expect(statusesForTab("unused")).toEqual([2]);
    expect(statusesForTab("used")).toEqual([3]);
    expect(statusesForTab("expired")).toEqual([8]);
  });
});

describe("Order creation", () => {
  it("a new order is unpaid with a pay deadline 15 minutes after creation", () => {
    expect(createOrder({ kind: "recharge", createdAt: t0 })).toEqual({
      kind: "recharge",
      status: "unpaid",
      createdAt: t0,
      payDeadline: t0 + 15 * MINUTE,
    });
    expect(payDeadline(t0)).toBe(t0 + 15 * MINUTE);
  });

  it("Create from the draft makes the same order as createOrder, created now", () => {
    expect(ok(transition(DRAFT, OrderEvent.Create({ kind: "fuel" }), t0))).toEqual(createOrder({ kind: "fuel", createdAt: t0 }));
  });

  it("Create on an existing order is an illegal transition", () => {
    expect(failure(transition(unpaid(), OrderEvent.Create({ kind: "fuel" }), t0))).toEqual(
      new IllegalTransition({ from: "unpaid", event: "Create" }),
    );
  });

  it("only Create is accepted from the draft", () => {
    for (const event of everyEvent.filter((e) => e._tag !== "Create")) {
      expect(failure(transition(DRAFT, event, t0))).toEqual(new IllegalTransition({ from: "draft", event: event._tag }));
    }
  });
});

describe("Order: paying (15-minute pay window)", () => {
  it("a payment one second before the pay deadline is accepted and records the payment time", () => {
    const at = t0 + 15 * MINUTE - SECOND;
    expect(ok(transition(unpaid(), OrderEvent.Pay({ at }), at))).toMatchObject({ status: "unused", paidAt: at });
  });

  it("a payment at exactly the pay deadline is refused: the pay window is closed", () => {
    const at = t0 + 15 * MINUTE;
    expect(failure(transition(unpaid(), OrderEvent.Pay({ at }), at))).toEqual(new PayWindowClosed({ payDeadline: at, at }));
  });

  it("a payment one second after the pay deadline is refused", () => {
    const at = t0 + 15 * MINUTE + SECOND;
    expect(failure(transition(unpaid(), OrderEvent.Pay({ at }), at))).toBeInstanceOf(PayWindowClosed);
  });

  it("a payment made in time is accepted even when its notification arrives after the deadline", () => {
    const at = t0 + 14 * MINUTE;
    expect(ok(transition(unpaid(), OrderEvent.Pay({ at }), t0 + 20 * MINUTE)).status).toBe("unused");
  });

  it("paying a paid order again is an illegal transition", () => {
    expect(failure(transition(paid(), OrderEvent.Pay({ at: paidAt }), paidAt))).toEqual(
      new IllegalTransition({ from: "unused", event: "Pay" }),
    );
  });

  it("paying a cancelled order is an illegal transition", () => {
    const cancelled = ok(transition(unpaid(), OrderEvent.Cancel(), t0 + MINUTE));
    expect(failure(transition(cancelled, OrderEvent.Pay({ at: t0 + 2 * MINUTE }), t0 + 2 * MINUTE))).toEqual(
      new IllegalTransition({ from: "cancelled", event: "Pay" }),
    );
  });
});

describe("Order: cancelling and expiring unpaid orders", () => {
  it("cancelling an unpaid order cancels it", () => {
    expect(ok(transition(unpaid(), OrderEvent.Cancel(), t0 + MINUTE)).status).toBe("cancelled");
  });

  it("cancelling a paid order is an illegal transition", () => {
    expect(failure(transition(paid(), OrderEvent.Cancel(), paidAt))).toBeInstanceOf(IllegalTransition);
  });

  it("an unpaid order cannot expire one second before its pay deadline", () => {
    expect(failure(transition(unpaid(), OrderEvent.ExpireUnpaid(), t0 + 15 * MINUTE - SECOND))).toEqual(
      new NotDueYet({ event: "ExpireUnpaid", dueAt: t0 + 15 * MINUTE }),
    );
  });

  it("an unpaid order is cancelled when it expires at exactly its pay deadline", () => {
    expect(ok(transition(unpaid(), OrderEvent.ExpireUnpaid(), t0 + 15 * MINUTE)).status).toBe("cancelled");
  });

  it("an unpaid order is cancelled when it expires one second after its pay deadline", () => {
    expect(ok(transition(unpaid(), OrderEvent.ExpireUnpaid(), t0 + 15 * MINUTE + SECOND)).status).toBe("cancelled");
  });

  it("ExpireUnpaid on a paid order is an illegal transition", () => {
    expect(failure(transition(paid(), OrderEvent.ExpireUnpaid(), t0 + HOUR))).toBeInstanceOf(IllegalTransition);
  });
});

describe("Order: redeeming and expiring fuel QR codes (48 h)", () => {
  it("a fuel order redeemed one second before 48 h is used", () => {
    expect(ok(transition(paid(), OrderEvent.Redeem(), paidAt + 48 * HOUR - SECOND)).status).toBe("used");
  });

  it("a fuel order redeemed at exactly 48 h is refused: the QR code has expired", () => {
    expect(failure(transition(paid(), OrderEvent.Redeem(), paidAt + 48 * HOUR))).toEqual(
      new QrExpired({ expiredAt: paidAt + 48 * HOUR }),
    );
  });

  it("a fuel order redeemed one second after 48 h is refused", () => {
    expect(failure(transition(paid(), OrderEvent.Redeem(), paidAt + 48 * HOUR + SECOND))).toBeInstanceOf(QrExpired);
  });

  it("a recharge order cannot be redeemed", () => {
    expect(failure(transition(paid("recharge"), OrderEvent.Redeem(), paidAt))).toEqual(
      new IllegalTransition({ from: "unused", event: "Redeem" }),
    );
  });

  it("an unpaid order cannot be redeemed", () => {
    expect(failure(transition(unpaid(), OrderEvent.Redeem(), t0))).toBeInstanceOf(IllegalTransition);
  });

  it("a fuel QR code cannot expire one second before 48 h", () => {
    expect(failure(transition(paid(), OrderEvent.ExpireQr(), paidAt + 48 * HOUR - SECOND))).toEqual(
      new NotDueYet({ event: "ExpireQr", dueAt: paidAt + 48 * HOUR }),
    );
  });

  it("a fuel order expires at exactly 48 h after payment", () => {
    expect(ok(transition(paid(), OrderEvent.ExpireQr(), paidAt + 48 * HOUR)).status).toBe("expired");
  });

  it("a fuel order expires one second after 48 h", () => {
    expect(ok(transition(paid(), OrderEvent.ExpireQr(), paidAt + 48 * HOUR + SECOND)).status).toBe("expired");
  });

  it("a recharge order never expires by QR", () => {
    expect(failure(transition(paid("recharge"), OrderEvent.ExpireQr(), paidAt + 100 * HOUR))).toBeInstanceOf(IllegalTransition);
  });

  it("a paid order missing its payment time counts from the pay deadline, never cutting the code short", () => {
    const { paidAt: _, ...noPaidAt } = paid();
    const deadline = t0 + 15 * MINUTE;
    expect(ok(transition(noPaidAt, OrderEvent.Redeem(), deadline + 48 * HOUR - SECOND)).status).toBe("used");
    expect(failure(transition(noPaidAt, OrderEvent.Redeem(), deadline + 48 * HOUR))).toBeInstanceOf(QrExpired);
  });
});

describe("Order: voiding", () => {
  it("a paid fuel order can be voided", () => {
    expect(ok(transition(paid("fuel"), OrderEvent.Void(), paidAt + HOUR)).status).toBe("voided");
  });

  it("a paid recharge order can be voided", () => {
    expect(ok(transition(paid("recharge"), OrderEvent.Void(), paidAt + HOUR)).status).toBe("voided");
  });

  it("an unpaid order cannot be voided", () => {
    expect(failure(transition(unpaid(), OrderEvent.Void(), t0))).toEqual(new IllegalTransition({ from: "unpaid", event: "Void" }));
  });
});

describe("Order: recharge settlement", () => {
  it("a rejected recharge records its reason, trimmed", () => {
    expect(ok(transition(paid("recharge"), OrderEvent.RejectRecharge({ reason: "  card frozen " }), paidAt + HOUR))).toMatchObject({
      status: "rejected",
      reason: "card frozen",
    });
  });

  it("a recharge rejection without a reason is refused", () => {
    for (const reason of ["", "   ", "\n\t"]) {
      expect(failure(transition(paid("recharge"), OrderEvent.RejectRecharge({ reason }), paidAt))).toEqual(new RejectionReasonMissing());
    }
  });

  it("a fuel order cannot be rejected as a recharge", () => {
    expect(failure(transition(paid("fuel"), OrderEvent.RejectRecharge({ reason: "x" }), paidAt))).toBeInstanceOf(IllegalTransition);
  });

  it("a settled recharge is used (done)", () => {
    expect(ok(transition(paid("recharge"), OrderEvent.SettleRecharge(), paidAt + HOUR)).status).toBe("used");
  });

  it("a fuel order cannot be settled as a recharge", () => {
    expect(failure(transition(paid("fuel"), OrderEvent.SettleRecharge(), paidAt))).toBeInstanceOf(IllegalTransition);
  });

  it("an unpaid recharge cannot be settled or rejected", () => {
    expect(failure(transition(unpaid("recharge"), OrderEvent.SettleRecharge(), t0))).toBeInstanceOf(IllegalTransition);
    expect(failure(transition(unpaid("recharge"), OrderEvent.RejectRecharge({ reason: "x" }), t0))).toBeInstanceOf(IllegalTransition);
  });
});

describe("Order: terminal states", () => {
  it("every event from a terminal state is an illegal transition naming the state and the event", () => {
    for (const status of TERMINAL_STATUSES) {
      for (const kind of ["fuel", "recharge"] as const) {
        const order: Order = { ...paid(kind), status };
        for (const event of everyEvent) {
          expect(failure(transition(order, event, paidAt + MINUTE))).toEqual(new IllegalTransition({ from: status, event: event._tag }));
        }
      }
    }
  });

  it("the event list names every event", () => {
    expect(new Set(everyEvent.map((e) => e._tag))).toEqual(new Set(ORDER_EVENT_TAGS));
  });
});

describe("Order: allowed actions (spec §4)", () => {
  const recharge = { refundStatus: 0, cardType: "virtual" } as const;

  it("an unpaid order one second before its pay deadline offers cancel and pay", () => {
    expect(allowedActions(unpaid(), t0 + 15 * MINUTE - SECOND)).toEqual(["cancel", "pay"]);
  });

  it("an unpaid order at its pay deadline offers nothing", () => {
    expect(allowedActions(unpaid(), t0 + 15 * MINUTE)).toEqual([]);
  });

  it("an unpaid order one second after its pay deadline offers nothing", () => {
    expect(allowedActions(unpaid(), t0 + 15 * MINUTE + SECOND)).toEqual([]);
  });

  it("a paid fuel order shows its QR one second before 48 h", () => {
    expect(allowedActions(paid("fuel"), paidAt + 48 * HOUR - SECOND)).toEqual(["showQr"]);
  });

  it("a paid fuel order does not show its QR at 48 h", () => {
    expect(allowedActions(paid("fuel"), paidAt + 48 * HOUR)).toEqual([]);
  });

  it("a paid fuel order never offers regenerate", () => {
    expect(allowedActions(paid("fuel"), paidAt + MINUTE, recharge)).toEqual(["showQr"]);
  });

  it("a paid recharge offers show and regenerate QR at exactly 8 minutes", () => {
    expect(allowedActions(paid("recharge"), paidAt + 8 * MINUTE, recharge)).toEqual(["showQr", "regenerateQr"]);
  });

  it("a paid recharge hides regenerate one second after 8 minutes", () => {
    expect(allowedActions(paid("recharge"), paidAt + 8 * MINUTE + SECOND, recharge)).toEqual(["showQr"]);
  });

  it("a paid recharge hides regenerate when refund_status is 3", () => {
    expect(allowedActions(paid("recharge"), paidAt + MINUTE, { ...recharge, refundStatus: 3 })).toEqual(["showQr"]);
  });

  it("a paid recharge hides regenerate for a top-up replacement card", () => {
    expect(allowedActions(paid("recharge"), paidAt + MINUTE, { ...recharge, cardType: "topUpReplacement" })).toEqual(["showQr"]);
  });

  it("a paid recharge without its refund and card facts hides regenerate", () => {
    expect(allowedActions(paid("recharge"), paidAt + MINUTE)).toEqual(["showQr"]);
  });

  it("a paid recharge still shows its QR at exactly 24 h", () => {
    expect(allowedActions(paid("recharge"), paidAt + 24 * HOUR, recharge)).toEqual(["showQr"]);
  });

  it("a paid recharge paid more than 24 h ago offers nothing: the QR area reads expired/used", () => {
    expect(allowedActions(paid("recharge"), paidAt + 24 * HOUR + SECOND, recharge)).toEqual([]);
  });

  it("a terminal order offers nothing", () => {
    for (const status of TERMINAL_STATUSES) {
      expect(allowedActions({ ...paid("recharge"), status }, paidAt + MINUTE, recharge)).toEqual([]);
      expect(allowedActions({ ...paid("fuel"), status }, paidAt + MINUTE)).toEqual([]);
    }
  });
});

describe("Order: unpaid countdown", () => {
  it("the countdown starts at the count field", () => {
    expect(unpaidSecondsLeft(900, 0)).toBe(900);
  });

  it("the countdown ticks once per full second elapsed", () => {
    expect(unpaidSecondsLeft(900, 999)).toBe(900);
    expect(unpaidSecondsLeft(900, 1_000)).toBe(899);
    expect(unpaidSecondsLeft(900, 1_001)).toBe(899);
  });

  it("the countdown reaches 0 when count seconds have elapsed", () => {
    expect(unpaidSecondsLeft(900, 900 * SECOND - 1)).toBe(1);
    expect(unpaidSecondsLeft(900, 900 * SECOND)).toBe(0);
  });

  it("the countdown never goes negative", () => {
    expect(unpaidSecondsLeft(900, 901 * SECOND)).toBe(0);
    expect(unpaidSecondsLeft(-5, 0)).toBe(0);
  });

  it("a clock set back never adds time to the countdown", () => {
    expect(unpaidSecondsLeft(900, -10 * SECOND)).toBe(900);
  });

  it("nonsense input reads as no time left", () => {
    expect(unpaidSecondsLeft(Number.NaN, 0)).toBe(0);
    expect(unpaidSecondsLeft(900, Number.NaN)).toBe(0);
    expect(unpaidSecondsLeft(Number.POSITIVE_INFINITY, 0)).toBe(0);
  });

  it("seconds left to pay is 900 at creation, 1 one second before the deadline, 0 at it", () => {
    const order = unpaid();
    expect(secondsLeftToPay(order, t0)).toBe(900);
    expect(secondsLeftToPay(order, t0 + 15 * MINUTE - SECOND)).toBe(1);
    expect(secondsLeftToPay(order, t0 + 15 * MINUTE - 1)).toBe(1);
    expect(secondsLeftToPay(order, t0 + 15 * MINUTE)).toBe(0);
    expect(secondsLeftToPay(order, t0 + 15 * MINUTE + SECOND)).toBe(0);
  });
});

