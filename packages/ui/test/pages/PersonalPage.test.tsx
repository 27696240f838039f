import { offline } from "@fuel/adapters/ports";
import { MemoryTokenStore } from "@fuel/adapters/testing";
import { examples } from "@fuel/domain/api";
import { fireEvent, screen } from "@testing-library/react";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import PersonalPage from "../../src/pages/PersonalPage.tsx";
import { renderPage, testRoot } from "../support/render.tsx";

const signedIn = (locale: "en" | "zh-CN" = "en") => testRoot({ locale, ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });

describe("/personal", () => {
  it("shows the name and the phone masked (en)", async () => {
    renderPage(<PersonalPage />, { root: signedIn(), path: "/personal" });
    expect(await screen.findByRole("heading", { name: "Li Wei" })).toBeTruthy();
    expect(screen.getByText("Phone 138****8000")).toBeTruthy();
    expect(screen.queryByText(/13800138000/)).toBeNull();
  });

  it("shows the name and the phone masked (zh-CN)", async () => {
    renderPage(<PersonalPage />, { root: signedIn("zh-CN"), path: "/personal" });
    expect(await screen.findByText("手机号 138****8000")).toBeTruthy();
  });

  it("a customer without a bound phone reads so", async () => {
    const root = signedIn();
    root.ports.api.on("userInfo", { ...examples.userInfo.response, phone: null });
    renderPage(<PersonalPage />, { root, path: "/personal" });
    expect(await screen.findByText("No phone bound")).toBeTruthy();
  });

  it("loads the user once when nobody has yet", async () => {
    const root = signedIn();
    renderPage(<PersonalPage />, { root, path: "/personal" });
    await screen.findByRole("heading", { name: "Li Wei" });
    expect(root.ports.api.callsTo("userInfo")).toHaveLength(1);
  });

  it("shows a busy skeleton while the user loads", () => {
    const root = signedIn();
    root.ports.api.on("userInfo", () => Effect.never);
    const { container } = renderPage(<PersonalPage />, { root, path: "/personal" });
    expect(container.querySelector(".profile[aria-busy=true]")).not.toBeNull();
  });

  it("a failed load shows why, and Retry loads again", async () => {
    const root = signedIn();
    root.ports.api.fail("userInfo", offline());
    renderPage(<PersonalPage />, { root, path: "/personal" });
    expect((await screen.findByRole("alert")).textContent).toBe("network unavailable, check your connection");
    root.ports.api.on("userInfo", examples.userInfo.response);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Li Wei" })).toBeTruthy();
  });

  it("each order shortcut opens its tab of the order list (en)", () => {
    renderPage(<PersonalPage />, { root: signedIn(), path: "/personal" });
    const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(href("Unpaid")).toBe("/orderlist?tab=unpaid");
    expect(href("Unused")).toBe("/orderlist?tab=unused");
    expect(href("Used")).toBe("/orderlist?tab=used");
    expect(href("Expired")).toBe("/orderlist?tab=expired");
    expect(href("All orders")).toBe("/orderlist?tab=all");
  });

  it("each order shortcut is named in Chinese (zh-CN)", () => {
    renderPage(<PersonalPage />, { root: signedIn("zh-CN"), path: "/personal" });
    expect(screen.getByRole("link", { name: "待支付" }).getAttribute("href")).toBe("/orderlist?tab=unpaid");
    expect(screen.getByRole("link", { name: "全部订单" }).getAttribute("href")).toBe("/orderlist?tab=all");
  });

  it("links to the customer's fuel cards (the home, which has no tab of its own), coupons, contact and settings", () => {
    renderPage(<PersonalPage />, { root: signedIn(), path: "/personal" });
    expect(screen.getByRole("link", { name: "My fuel cards" }).getAttribute("href")).toBe("/recharge/2");
    expect(screen.getByRole("link", { name: "Coupons" }).getAttribute("href")).toBe("/coupons");
    expect(screen.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/contact");
    expect(screen.getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/setting");
  });

  it("follow us shows the official account's QR code when the site settings name its page", async () => {
    const root = signedIn();
    root.ports.api.on("webInfo", { ...examples.webInfo.response, follow_qrcode: null, follow_url: "https://mp.example.com/follow" });
    renderPage(<PersonalPage />, { root, path: "/personal" });
    fireEvent.click(screen.getByRole("button", { name: "Follow us" }));
    // qrcode is imported on first use: give the import time on a busy machine.
    const qr = (await screen.findByRole("img", { name: "QR code of our official account" }, { timeout: 8000 })) as HTMLImageElement;
    expect(qr.src.startsWith("data:image/svg+xml")).toBe(true);
    expect(screen.getByText("Scan this QR code in the messaging app to follow our official account.")).toBeTruthy();
  }, 15_000);

  it("follow us says how to follow when the settings have no QR image nor page (zh-CN)", async () => {
    const root = signedIn("zh-CN");
    root.ports.api.on("webInfo", { ...examples.webInfo.response, follow_qrcode: null, follow_account_name: "加油优惠助手" });
    renderPage(<PersonalPage />, { root, path: "/personal" });
    fireEvent.click(screen.getByRole("button", { name: "关注我们" }));
    expect(await screen.findByText("在微信中搜索公众号「加油优惠助手」并关注。")).toBeTruthy();
  });
});
