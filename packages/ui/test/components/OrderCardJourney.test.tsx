import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { OrderCard } from "../../src/components/orders/OrderCard.tsx";
import { entryOf } from "../../src/stores/orders/OrderEntry.ts";
import { HOUR, paidOrder, T0, wireOrder } from "../support/orders.ts";
import { renderPage, testRoot } from "../support/render.tsx";

const where = () => screen.getByTestId("location").textContent;

const card = (order = wireOrder({ order_id: 5, count: 754 }), locale: "en" | "zh-CN" = "en", now = T0) => {
  const onCancel = vi.fn(async () => undefined);
  const onPay = vi.fn(async () => undefined);
  const { container } = renderPage(<OrderCard entry={entryOf(order, T0)} now={now} onCancel={onCancel} onPay={onPay} />, { root: testRoot({ locale }), path: "/orderlist" });
  return { onCancel, onPay, container };
};

describe("OrderCard: the whole card opens the order, 'show QR' on unused orders (issue 25)", () => {
  it("an unpaid card has one link, to its detail, stretched over the card; its buttons are others and pay without leaving", () => {
    const { onPay, container } = card();
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/orderDetail/5"]);
    expect(links[0]?.className).toContain("order-card-link");
    expect(container.querySelector(".order-card")).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Pay" }));
    expect(onPay).toHaveBeenCalledTimes(1);
    expect(where()).toBe("/orderlist");
  });

  it.each([
    ["en", "Show QR code"],
    ["zh-CN", "出示二维码"],
  ] as const)("a paid, unused fuel order offers '%s: %s', which opens its detail", (locale, label) => {
    card(paidOrder({ order_id: 6 }), locale);
    const qr = screen.getByText(label);
    expect(qr.closest("a")?.getAttribute("href")).toBe("/orderDetail/6");
    fireEvent.click(qr);
    expect(where()).toBe("/orderDetail/6");
  });

  it("no 'show QR' where the detail would show none: unpaid, or a fuel QR past its 48 h", () => {
    card();
    expect(screen.queryByText("Show QR code")).toBeNull();
  });

  it("no 'show QR' on a fuel order paid more than 48 h ago", () => {
    card(paidOrder({ order_id: 7 }, 49 * HOUR));
    expect(within(document.body).queryByText("Show QR code")).toBeNull();
  });
});
