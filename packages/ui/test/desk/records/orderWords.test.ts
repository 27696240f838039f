import { OrderWords, type Order } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { deskTextOf } from "../../../src/desk/i18n/deskCatalogue.ts";

const LABELS: ReadonlyArray<Order.StatusLabel> = ["unpaid", "unused", "paid", "used", "done", "rejected", "voided", "expired", "cancelled", "refunding", "refunded"];

describe("an order's words (issue 34)", () => {
  it.each(["en", "zh-CN"] as const)("the order CSV's status words are the app's own (%s)", (locale) => {
    for (const label of LABELS) expect(OrderWords.statusWord(label, locale), label).toBe(deskTextOf(`ordersStatus_${label}`, locale));
  });
});
