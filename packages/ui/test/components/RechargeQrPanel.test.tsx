import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QR_SIZE_PX } from "../../src/components/order/RedemptionQr.tsx";
import { RechargeQrPanel } from "../../src/components/orders/RechargeQrPanel.tsx";
import type { RechargeQrView } from "../../src/stores/orders/RechargeDetailStore.ts";
import { renderPage, testRoot } from "../support/render.tsx";

afterEach(() => Dialog.clear());

const panel = (view: RechargeQrView, options: { readonly locale?: "en" | "zh-CN"; readonly canRegenerate?: boolean } = {}) => {
  const onRegenerate = vi.fn(async () => undefined);
  const onRetry = vi.fn();
  const result = renderPage(
    <RechargeQrPanel view={view} canRegenerate={options.canRegenerate ?? false} regenerating={false} onRegenerate={onRegenerate} onRetry={onRetry} />,
    { root: testRoot({ locale: options.locale ?? "en" }), path: "/orderDetail/2/5" },
  );
  return { ...result, onRegenerate, onRetry };
};

const shown: RechargeQrView = { _tag: "Shown", code: "RCCODE5" };

describe("RechargeQrPanel", () => {
  it("draws the server's code large (>= 240 px), black on white, with its text under it (en)", async () => {
    panel(shown);
    expect(screen.getByRole("heading", { name: "Recharge QR code" })).toBeTruthy();
    const image = (await screen.findByRole("img", { name: "QR code of redemption code RCCODE5" }, { timeout: 10_000 })) as HTMLImageElement;
    expect(Number(image.getAttribute("width"))).toBeGreaterThanOrEqual(240);
    expect(QR_SIZE_PX).toBeGreaterThanOrEqual(240);
    expect(image.src.startsWith("data:image/svg+xml")).toBe(true);
    const svg = decodeURIComponent(image.src.slice(image.src.indexOf(",") + 1));
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
    expect(screen.getByTestId("redemption-code").textContent).toBe("RCCODE5");
    expect(screen.getByText("Show this code at the station.")).toBeTruthy();
  });

  it("issue 34: a code of today's format shows in groups of 4 with real spaces, and the QR encodes exactly that text", async () => {
    panel({ _tag: "Shown", code: "9D2WM7RQ4K8TZ3HB" });
    const image = (await screen.findByRole("img", { name: "QR code of redemption code 9D2W M7RQ 4K8T Z3HB" }, { timeout: 10_000 })) as HTMLImageElement;
    expect(screen.getByTestId("redemption-code").textContent).toBe("9D2W M7RQ 4K8T Z3HB");
    const drawn = await (await import("qrcode")).toString("9D2W M7RQ 4K8T Z3HB", { type: "svg", margin: 4, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
    expect(decodeURIComponent(image.src.slice(image.src.indexOf(",") + 1))).toBe(drawn);
  });

  it("the same in Chinese (zh-CN)", async () => {
    panel(shown, { locale: "zh-CN" });
    expect(screen.getByRole("heading", { name: "充值二维码" })).toBeTruthy();
    expect(await screen.findByRole("img", { name: "核销码 RCCODE5 的二维码" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText("请在油站出示此二维码。")).toBeTruthy();
  });

  it("reads 'expired/used' and draws nothing once used, expired or 24 h after payment (en)", () => {
    panel({ _tag: "ExpiredOrUsed" });
    expect(within(screen.getByRole("region")).getByRole("status").textContent).toBe("expired/used");
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByRole("button", { name: "Regenerate QR" })).toBeNull();
  });

  it("reads '已过期/已使用' (zh-CN)", () => {
    panel({ _tag: "ExpiredOrUsed" }, { locale: "zh-CN" });
    expect(within(screen.getByRole("region")).getByRole("status").textContent).toBe("已过期/已使用");
  });

  it("'expired/used' never offers to regenerate, whatever it is told", () => {
    panel({ _tag: "ExpiredOrUsed" }, { canRegenerate: true });
    expect(screen.queryByRole("button", { name: "Regenerate QR" })).toBeNull();
  });

  it("offers 'Regenerate QR' with its 8-minute hint when allowed (en)", () => {
    panel(shown, { canRegenerate: true });
    expect(screen.getByRole("button", { name: "Regenerate QR" })).toBeTruthy();
    expect(screen.getByText("A new code can be made within 8 minutes of payment.")).toBeTruthy();
  });

  it("offers '重新生成二维码' when allowed (zh-CN)", () => {
    panel(shown, { locale: "zh-CN", canRegenerate: true });
    expect(screen.getByRole("button", { name: "重新生成二维码" })).toBeTruthy();
    expect(screen.getByText("支付后8分钟内可重新生成二维码。")).toBeTruthy();
  });

  it("no 'Regenerate QR' when not allowed", () => {
    panel(shown, { canRegenerate: false });
    expect(screen.queryByRole("button", { name: "Regenerate QR" })).toBeNull();
  });

  it("regenerating asks first (the page then closes) and regenerates only when confirmed", async () => {
    const { onRegenerate } = panel(shown, { canRegenerate: true });
    fireEvent.click(screen.getByRole("button", { name: "Regenerate QR" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain("Make a new QR code? The current one stops working and this page closes.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Regenerate QR" }));
    await waitFor(() => expect(onRegenerate).toHaveBeenCalledTimes(1));
  });

  it("a code the server has not sent yet says so, with a retry (zh-CN)", () => {
    const { onRetry } = panel({ _tag: "Missing" }, { locale: "zh-CN" });
    expect(within(screen.getByRole("region")).getByRole("status").textContent).toBe("二维码暂未生成。");
    fireEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("nothing for an order with no QR area", () => {
    const { container } = panel({ _tag: "None" });
    expect(container.querySelector(".recharge-qr")).toBeNull();
  });
});

describe("RechargeQrPanel at the station (issue 25)", () => {
  it.each([
    ["en", "Turn up your screen brightness and show this to the cashier"],
    ["zh-CN", "请调高屏幕亮度，出示给收银员"],
  ] as const)("%s: the code's text in blocks of four, and the brightness hint", (locale, hint) => {
    const { container } = panel({ _tag: "Shown", code: "RCq3Xv1dK0r7" }, { locale });
    expect([...container.querySelectorAll(".redemption-code .qr-code-group")].map((g) => g.textContent)).toEqual(["RCq3", "Xv1d", "K0r7"]);
    expect(screen.getByText(hint)).toBeTruthy();
  });
});
