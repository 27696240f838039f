import { Offline, ServerRefused } from "@fuel/adapters/ports";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { cameraProblemKey } from "../../../src/desk/cashier/camera.ts";
import RedeemScreen from "../../../src/desk/screens/RedeemScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";

const CODE = "KPq3Zx8LmN0pR5tVwY2aBcDeFgHiJkLmNo";

const open = (locale: "en" | "zh-CN" = "en") => {
  const stores = deskStores({ role: "cashier", stations: [12], locale });
  renderDesk(<RedeemScreen />, { stores, path: "/desk/redeem" });
  return stores;
};

/** A 200-yuan order paid 188.55 at the station's 7.08, pump price 7.51: what the look-up answers. */
const ORDER_200 = {
  order_id: 5001,
  order_status: 2,
  station_title: "Futian Energy Station",
  order_amount: 20000,
  gas_original_price: 751,
  litres: "26.631",
  amount: 18855,
  paid_at: "2024-11-26T09:16:05+08:00",
  valid_until: "2024-11-28T09:16:05+08:00",
  redeemed_at: null,
  redeemed_by: null,
  may_redeem: true,
  refusal: null,
} as const;

const REDEEMED = { order_id: 5001, order_status: 3, redeemed_at: "2024-11-26T10:02:00+08:00", redeemed_by: "test.cashier" } as const;

/** The texts of the found order in reading order: the pump block first, then each row as 'label: value'. */
const foundLines = (): string[] => {
  const found = screen.getByTestId("found-order");
  const pump = within(found).getByTestId("pump-amount");
  const rows = [...found.querySelectorAll(".desk-found-row")].map((row) => `${row.querySelector("dt")?.textContent}: ${row.querySelector("dd")?.textContent}`);
  return [pump.textContent ?? "", ...rows];
};

describe("the cashier's redeem screen (issues 26, 34)", () => {
  it.each([
    [
      "en",
      ["Pump amount¥200.0026.631 L at the pump price ¥7.51/L", "Paid by the driver: ¥188.55", "Saved by the driver: ¥11.45", "Station: Futian Energy Station", "Valid until: 2024-11-28 09:16", "Paid at: 2024-11-26 09:16", "State: Paid"],
      "Pump ¥200.00 · 26.631 L",
      ["Pump amountUsed¥200.0026.631 L at the pump price ¥7.51/L", "Paid by the driver: ¥188.55", "Saved by the driver: ¥11.45", "Station: Futian Energy Station", "Redeemed: Used · 2024-11-26 10:02 by test.cashier", "Paid at: 2024-11-26 09:16", "State: Used"],
    ],
    [
      "zh-CN",
      ["加油金额¥200.0026.631 升（油站价 ¥7.51/升）", "实付: ¥188.55", "已优惠: ¥11.45", "加油站: Futian Energy Station", "有效期至: 2024-11-28 09:16", "支付时间: 2024-11-26 09:16", "状态: 已支付"],
      "请加油 ¥200.00 · 26.631 升",
      ["加油金额已使用¥200.0026.631 升（油站价 ¥7.51/升）", "实付: ¥188.55", "已优惠: ¥11.45", "加油站: Futian Energy Station", "核销时间: 已使用 · 2024-11-26 10:02（test.cashier）", "支付时间: 2024-11-26 09:16", "状态: 已使用"],
    ],
  ] as const)("(%s) leads with the pump amount and its litres, then what was paid and saved; once redeemed every line says used", async (locale, before, summary, after) => {
    const stores = open(locale);
    stores.api.on("deskLookup", ORDER_200 as never);
    stores.api.on("deskRedeem", REDEEMED);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(locale === "en" ? "Redemption code" : "核销码"), "7k3m 9qxr-2d4f hj8t");
    await user.click(screen.getByRole("button", { name: locale === "en" ? "Look up" : "查询" }));
    await screen.findByTestId("found-order");
    expect(stores.api.callsTo("deskLookup")[0]?.input).toEqual({ code: "7k3m9qxr-2d4fhj8t", entry: "typed" });
    expect(foundLines()).toEqual(before);
    await user.click(screen.getByRole("button", { name: locale === "en" ? "Redeem" : "核销" }));
    expect(await screen.findByText(summary)).toBeTruthy();
    expect(foundLines()).toEqual(after);
    // Nothing says the order is still only paid, and the paid amount is never the headline.
    expect(screen.queryByText(locale === "en" ? "Paid" : "已支付")).toBeNull();
    expect(document.querySelector(".desk-redeemed-summary")?.textContent).not.toContain("188.55");
  });

  it("redeems once, then 'next code' empties the field", async () => {
    const stores = open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Redemption code"), "KPq3 Zx8L mN0p R5tV wY2a BcDe FgHi JkLm No");
    await user.click(screen.getByRole("button", { name: "Look up" }));
    await screen.findByTestId("found-order");
    expect(stores.api.callsTo("deskLookup")[0]?.input).toEqual({ code: CODE, entry: "typed" });
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    await screen.findByText(/^Pump ¥/);
    expect(stores.api.callsTo("deskRedeem")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Redeem" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Next code" }));
    expect((screen.getByLabelText("Redemption code") as HTMLInputElement).value).toBe("");
    expect(screen.queryByTestId("found-order")).toBeNull();
  });

  it.each([
    ["en", "Redemption code", "Look up", "no such code: check it and type it again"],
    ["zh-CN", "核销码", "查询", "核销码不存在，请核对"],
  ] as const)("(%s) a typed code the server does not know says so as a typed code, not as a QR", async (locale, label, lookUp, text) => {
    const stores = open(locale);
    stores.api.fail("deskLookup", new ServerRefused({ message: "", status: 404, tag: "TypedCodeUnknown" }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(label), "7k3m 9qxr 2d4f hj8x");
    await user.click(screen.getByRole("button", { name: lookUp }));
    expect((await screen.findByRole("alert")).textContent).toBe(text);
  });

  it("a refused code says not to fuel, in words, with no redeem button (zh-CN)", async () => {
    const stores = open("zh-CN");
    stores.api.on("deskLookup", {
      ...(await Effect.runPromise(stores.api.call("deskLookup", { code: CODE }))),
      order_status: 3,
      may_redeem: false,
      redeemed_at: "2026-11-27T09:58:00+08:00",
      redeemed_by: "wang.cashier",
      refusal: { tag: "QrUsedBy", params: { at: "2026-11-27 09:58", by: "wang.cashier" } },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("核销码"), CODE);
    await user.click(screen.getByRole("button", { name: "查询" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("请勿加油该二维码已于2026-11-27 09:58由wang.cashier核销");
    expect(foundLines()).toContain("状态: 已使用");
    expect(foundLines()).toContain("核销时间: 已使用 · 2026-11-27 09:58（wang.cashier）");
    expect(screen.queryByRole("button", { name: "核销" })).toBeNull();
  });

  it("an empty field is refused under it, announced", async () => {
    const stores = open();
    await userEvent.setup().click(screen.getByRole("button", { name: "Look up" }));
    expect(screen.getByRole("alert").textContent).toBe("type or scan a code first");
    expect(stores.api.callsTo("deskLookup")).toHaveLength(0);
  });

  it("no network during the redeem says nothing changed, keeps the order and offers redeem again", async () => {
    const stores = open();
    stores.api.on("deskRedeem", () => Effect.fail(new Offline({ path: "/api/desk/redeem" })));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Redemption code"), CODE);
    await user.click(screen.getByRole("button", { name: "Look up" }));
    await user.click(await screen.findByRole("button", { name: "Redeem" }));
    expect((await screen.findByRole("alert")).textContent).toBe("No network: nothing was changed, the code is not redeemed. Try again when you are back online.");
    expect(screen.getByTestId("found-order")).toBeTruthy();
    expect(screen.queryByText(/^Redeemed ·/)).toBeNull();
    expect(screen.getByRole("button", { name: "Redeem" })).toBeTruthy();
  });

  it("another station's code is refused by the look-up with a retry only for network failures", async () => {
    const stores = open();
    stores.api.fail("deskLookup", new ServerRefused({ message: "", status: 409, tag: "QrOtherStation" }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Redemption code"), CODE);
    await user.click(screen.getByRole("button", { name: "Look up" }));
    expect((await screen.findByRole("alert")).textContent).toBe("this code is for another station: it cannot be redeemed here");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("without a camera in the browser the scanner says so and the typed field stays", async () => {
    open();
    const devices = Object.getOwnPropertyDescriptor(navigator, "mediaDevices");
    Object.defineProperty(navigator, "mediaDevices", { value: undefined, configurable: true });
    try {
      await userEvent.setup().click(screen.getByRole("button", { name: "Scan the QR" }));
      expect((await screen.findByRole("alert")).textContent).toBe("No camera can be used in this browser. Type the code instead.");
      expect(screen.getByLabelText("Redemption code")).toBeTruthy();
      await userEvent.setup().click(screen.getByRole("button", { name: "Close the camera" }));
      expect(screen.getByRole("button", { name: "Scan the QR" })).toBeTruthy();
    } finally {
      if (devices === undefined) Reflect.deleteProperty(navigator, "mediaDevices");
      else Object.defineProperty(navigator, "mediaDevices", devices);
    }
  });

  it.each([
    ["NotAllowedError", "desk.cashier.cameraRefused"],
    ["NotFoundError", "desk.cashier.noCamera"],
    ["NotReadableError", "desk.cashier.cameraFailed"],
  ] as const)("a camera that fails with %s is worded as %s", (name, key) => {
    expect(cameraProblemKey(new DOMException("", name))).toBe(key);
  });
});
