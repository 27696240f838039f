import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QR_SIZE_PX, QrPanel } from "../../src/components/orders/QrPanel.tsx";
import type { QrView } from "../../src/stores/orders/OrderDetailStore.ts";
import { renderPage, testRoot } from "../support/render.tsx";
import { codeText } from "../support/codeText.ts";

const panel = (view: QrView, locale: "en" | "zh-CN" = "en", canRegenerate = false) =>
  renderPage(<QrPanel view={view} canRegenerate={canRegenerate} regenerating={false} onRegenerate={vi.fn(async () => undefined)} onRetry={vi.fn()} />, {
    root: testRoot({ locale }),
    path: "/orderDetail/5",
  });

const shown = (offline = false): QrView => ({ _tag: "Shown", code: { value: "KPabc123", offline }, expiresAt: 0, secondsLeft: 47 * 3600 + 59 * 60 + 5 });

/** The SVG qrcode draws for `text` with the panel's options: two drawings of one text are identical. */
const svgOf = async (text: string): Promise<string> =>
  (await import("qrcode")).toString(text, { type: "svg", margin: 4, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });

const svgIn = (image: HTMLImageElement): string => decodeURIComponent(image.src.slice(image.src.indexOf(",") + 1));

describe("QrPanel: a code of today's format (issue 34)", () => {
  const today = (): QrView => ({ _tag: "Shown", code: { value: "7K3M9QXR2D4FHJ8T", offline: false }, expiresAt: 0, secondsLeft: 3600 });

  it("shows the code in groups of 4 with real spaces, and the QR encodes exactly that text", async () => {
    panel(today());
    const image = (await screen.findByRole("img", { name: "QR code to redeem at the cashier: 7K3M 9QXR 2D4F HJ8T" }, { timeout: 10_000 })) as HTMLImageElement;
    expect(screen.getByText(codeText("7K3M 9QXR 2D4F HJ8T"))).toBeTruthy();
    expect(svgIn(image)).toBe(await svgOf("7K3M 9QXR 2D4F HJ8T"));
    expect(svgIn(image)).not.toBe(await svgOf("7K3M9QXR2D4FHJ8T"));
  });

  it("an old-format code shows and encodes as before: itself", async () => {
    panel(shown());
    const image = (await screen.findByRole("img", { name: "QR code to redeem at the cashier: KPabc123" }, { timeout: 10_000 })) as HTMLImageElement;
    expect(svgIn(image)).toBe(await svgOf("KPabc123"));
  });
});

describe("QrPanel", () => {
  it("draws the code large (>= 240 px) with its text under it and the time left (en)", async () => {
    panel(shown());
    const image = (await screen.findByRole("img", { name: "QR code to redeem at the cashier: KPabc123" }, { timeout: 10_000 })) as HTMLImageElement;
    expect(Number(image.getAttribute("width"))).toBeGreaterThanOrEqual(240);
    expect(QR_SIZE_PX).toBeGreaterThanOrEqual(240);
    expect(image.src.startsWith("data:image/svg+xml")).toBe(true);
    expect(screen.getByText(codeText("KPabc123"))).toBeTruthy();
    expect(screen.getByRole("timer").textContent).toBe("Valid for 47 h 59 min");
    expect(screen.getByRole("heading", { name: "Show this code to the cashier" })).toBeTruthy();
  });

  it("draws the code black on white with a quiet zone", async () => {
    panel(shown());
    const image = (await screen.findByRole("img", {}, { timeout: 10_000 })) as HTMLImageElement;
    const svg = decodeURIComponent(image.src.slice(image.src.indexOf(",") + 1));
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
    // qrcode puts the margin (4 modules) into the viewBox: a 21-module code is 29 wide.
    const side = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
    expect((side - 8 - 21) % 4).toBe(0);
  });

  it("the same in Chinese (zh-CN)", async () => {
    panel(shown(), "zh-CN");
    expect(await screen.findByRole("img", { name: "收银核销二维码：KPabc123" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole("timer").textContent).toBe("有效期还剩 47小时59分");
    expect(screen.getByRole("heading", { name: "请向收银员出示此二维码" })).toBeTruthy();
  });

  it("the device's copy is marked 'Offline copy' (en)", () => {
    panel(shown(true));
    expect(within(screen.getByRole("region")).getByRole("status").textContent).toContain("Offline copy");
  });

  it("the device's copy is marked '离线副本' (zh-CN)", () => {
    panel(shown(true), "zh-CN");
    expect(within(screen.getByRole("region")).getByRole("status").textContent).toContain("离线副本");
  });

  it("a redeemed or expired code reads 'expired/used' and is not drawn (en)", () => {
    panel({ _tag: "ExpiredOrUsed" });
    expect(within(screen.getByRole("region")).getByRole("status").textContent).toBe("expired/used");
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("a redeemed or expired code reads '已过期/已使用' (zh-CN)", () => {
    panel({ _tag: "ExpiredOrUsed" }, "zh-CN");
    expect(within(screen.getByRole("region")).getByRole("status").textContent).toBe("已过期/已使用");
  });

  it("offers 'Regenerate QR' only when allowed", () => {
    panel(shown(), "en", true);
    expect(screen.getByRole("button", { name: "Regenerate QR" })).toBeTruthy();
  });

  it("no 'Regenerate QR' when not allowed (zh-CN)", async () => {
    panel(shown(), "zh-CN", false);
    await waitFor(() => expect(screen.queryByRole("button", { name: "重新生成二维码" })).toBeNull());
  });

  it("nothing for an order without a code", () => {
    const { container } = panel({ _tag: "None" });
    expect(container.querySelector(".order-qr")).toBeNull();
  });
});

describe("QrPanel at the pump (issue 25)", () => {
  const long = (): QrView => ({ _tag: "Shown", code: { value: "KPq3Xv1dK0r7mJmZ2a9cT5wq1bN8sYfUe4", offline: false }, expiresAt: 0, secondsLeft: 3_600 });

  it.each([
    ["en", "Turn up your screen brightness and show this to the cashier"],
    ["zh-CN", "请调高屏幕亮度，出示给收银员"],
  ] as const)("%s: a shown code has the brightness hint", (locale, hint) => {
    panel(shown(), locale);
    expect(screen.getByText(hint)).toBeTruthy();
  });

  it("the code's text is in blocks of four that a line never breaks inside, and reads as the whole code", () => {
    const { container } = panel(long());
    const groups = [...container.querySelectorAll(".order-qr-text .qr-code-group")].map((g) => g.textContent);
    expect(groups).toEqual(["KPq3", "Xv1d", "K0r7", "mJmZ", "2a9c", "T5wq", "1bN8", "sYfU", "e4"]);
    expect(screen.getByText(codeText("KPq3Xv1dK0r7mJmZ2a9cT5wq1bN8sYfUe4"))).toBeTruthy();
  });

  it("no brightness hint while the code is not there", () => {
    panel({ _tag: "Loading" }, "zh-CN");
    expect(screen.queryByText("请调高屏幕亮度，出示给收银员")).toBeNull();
  });
});
