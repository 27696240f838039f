import { describe, expect, it } from "vitest";
import { drawnQrNow, drawQr, loadQrLibrary } from "../../src/components/orders/qrDrawing.ts";

describe("qrDrawing", () => {
  it("fetches qrcode once: every caller gets the same kept promise", () => {
    expect(drawnQrNow("KPabc123")).toBeUndefined();
    const first = loadQrLibrary();
    expect(loadQrLibrary()).toBe(first);
  });

  it("once the library is here a code is drawn in the same call (no promise, no extra frame)", async () => {
    await loadQrLibrary();
    const now = drawnQrNow("KPabc123");
    expect(now?.startsWith("data:image/svg+xml")).toBe(true);
    expect(now).toBe(await drawQr("KPabc123"));
  });
});
