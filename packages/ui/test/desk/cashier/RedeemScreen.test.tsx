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

describe("the cashier's redeem screen (issue 26)", () => {
  it("shows the order as the customer's detail does, redeems it once, then 'next code' empties the field", async () => {
    const stores = open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Redemption code"), "KPq3 Zx8L mN0p R5tV wY2a BcDe FgHi JkLm No");
    await user.click(screen.getByRole("button", { name: "Look up" }));
    const found = await screen.findByTestId("found-order");
    expect(within(found).getByText("Futian Energy Station")).toBeTruthy();
    expect(within(found).getByText("12.550 L")).toBeTruthy();
    expect(within(found).getByText("¥91.62")).toBeTruthy();
    expect(within(found).getByText("2024-11-26 09:16")).toBeTruthy();
    expect(within(found).getByText("2024-11-28 09:16")).toBeTruthy();
    expect(within(found).getByText("Paid")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    expect(await screen.findByText("Redeemed · 12.550 L · ¥91.62")).toBeTruthy();
    expect(stores.api.callsTo("deskRedeem")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Redeem" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Next code" }));
    expect((screen.getByLabelText("Redemption code") as HTMLInputElement).value).toBe("");
    expect(screen.queryByTestId("found-order")).toBeNull();
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
    expect(screen.getByText("已使用")).toBeTruthy();
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
