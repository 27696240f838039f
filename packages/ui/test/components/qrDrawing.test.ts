import type * as QrExports from "qrcode";
import { describe, expect, it, vi } from "vitest";
import { qrDrawing } from "../../src/components/orders/qrDrawing.ts";

// A fresh drawing per test (the app's one copy is shared by every test file of a worker).
describe("qrDrawing", () => {
  it("fetches qrcode once: every caller gets the same kept promise", async () => {
    const load = vi.fn(() => import("qrcode"));
    const { drawnQrNow, loadQrLibrary } = qrDrawing(load);
    expect(drawnQrNow("KPabc123")).toBeUndefined();
    const first = loadQrLibrary();
    expect(loadQrLibrary()).toBe(first);
    await first;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("once the library is here a code is drawn in the same call (no promise, no extra frame)", async () => {
    const { drawnQrNow, drawQr, loadQrLibrary } = qrDrawing();
    await loadQrLibrary();
    const now = drawnQrNow("KPabc123");
    expect(now?.startsWith("data:image/svg+xml")).toBe(true);
    expect(now).toBe(await drawQr("KPabc123"));
  });

  it("a failed fetch is forgotten: the next draw tries again", async () => {
    const load = vi.fn<() => Promise<typeof QrExports>>().mockRejectedValueOnce(new Error("offline")).mockImplementation(() => import("qrcode"));
    const { drawQr, loadQrLibrary } = qrDrawing(load);
    await expect(loadQrLibrary()).rejects.toThrow("offline");
    expect((await drawQr("KPabc123")).startsWith("data:image/svg+xml")).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
