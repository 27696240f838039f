import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CouponsPage from "../../src/pages/CouponsPage.tsx";
import { renderPage, testRoot } from "../support/render.tsx";

describe("/coupons", () => {
  it("reads 'no coupons' (spec §2)", () => {
    renderPage(<CouponsPage />, { root: testRoot(), path: "/coupons" });
    expect(screen.getByText("no coupons")).toBeTruthy();
    // A next step from the empty list (issue 25).
    expect(screen.getByRole("link", { name: "Buy diesel" }).getAttribute("href")).toBe("/stationlist");
  });

  it("reads 暂无优惠券 in Chinese", () => {
    renderPage(<CouponsPage />, { root: testRoot({ locale: "zh-CN" }), path: "/coupons" });
    expect(screen.getByText("暂无优惠券")).toBeTruthy();
    expect(screen.getByRole("link", { name: "加油 · 买柴油" }).getAttribute("href")).toBe("/stationlist");
  });
});
