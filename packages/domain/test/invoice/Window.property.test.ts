import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceDeadline, isWithinInvoiceWindow, lastInvoiceInstant } from "../../src/invoice/Window.ts";
import { chinaDayText, chinaInstant, formatChinaIso, parseChinaDay } from "../../src/Time.ts";
import { epochMs } from "../../src/testing/orders.ts";

const days = fc.integer({ min: 1, max: 366 });

describe("Invoice window: until the end of the China day `days` after use", () => {
  it("one second before the deadline is inside, the deadline and one second after are not", () => {
    fc.assert(fc.property(epochMs, days, (usedAt, windowDays) => {
      const deadline = invoiceDeadline(usedAt, windowDays);
      expect(isWithinInvoiceWindow(usedAt, deadline - 1_000, windowDays)).toBe(true);
      expect(isWithinInvoiceWindow(usedAt, deadline, windowDays)).toBe(false);
      expect(isWithinInvoiceWindow(usedAt, deadline + 1_000, windowDays)).toBe(false);
      expect(isWithinInvoiceWindow(usedAt, usedAt, windowDays)).toBe(true);
    }));
  });

  it("the deadline is China midnight, `days` + 1 calendar days after the day of use", () => {
    fc.assert(fc.property(epochMs, days, (usedAt, windowDays) => {
      const deadline = invoiceDeadline(usedAt, windowDays);
      expect(formatChinaIso(deadline).slice(10)).toBe("T00:00:00+08:00");
      const usedDay = parseChinaDay(chinaDayText(usedAt))!;
      expect(deadline - usedDay.start).toBe((windowDays + 1) * 86_400_000);
      expect(chinaDayText(lastInvoiceInstant(usedAt, windowDays))).toBe(chinaDayText(deadline - 86_400_000));
    }));
  });

  it("a late-night use counts by China's calendar, whatever the device's zone", () => {
    const usedAt = chinaInstant(2026, 3, 1, 23, 59, 30);
    expect(formatChinaIso(lastInvoiceInstant(usedAt, 30))).toBe("2026-03-31T23:59:59+08:00");
    expect(isWithinInvoiceWindow(usedAt, chinaInstant(2026, 3, 31, 23, 59, 59), 30)).toBe(true);
    expect(isWithinInvoiceWindow(usedAt, chinaInstant(2026, 4, 1), 30)).toBe(false);
  });
});
