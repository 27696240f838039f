import { exampleWebInfo } from "@fuel/domain/api";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import SettingsScreen from "../../../src/desk/screens/SettingsScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";

describe("the site settings screen (issue 26)", () => {
  it("before any settings exist it says so and asks for the prices at their fields", async () => {
    const stores = deskStores();
    stores.api.on("deskSettings", { settings: null });
    renderDesk(<SettingsScreen />, { stores, path: "/desk/settings" });
    expect(await screen.findByText("No site settings yet. Fill in every price and save: the card pages use them.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findAllByText("enter the price in yuan, e.g. 7.45")).toHaveLength(5);
    expect(stores.api.callsTo("deskSettingsSave")).toHaveLength(0);
  });

  it("shows the saved settings and the current QR code, and saves a changed service phone", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    stores.api.on("deskSettings", { settings: exampleWebInfo });
    renderDesk(<SettingsScreen />, { stores, path: "/desk/settings" });
    const phone = await screen.findByLabelText("客服电话");
    expect((phone as HTMLInputElement).value).toBe("400-800-1234");
    expect(screen.getByRole("img", { name: "客户当前看到的二维码" }).getAttribute("src")).toBe(exampleWebInfo.follow_qrcode);
    expect((screen.getByLabelText("每次充值的提示") as HTMLTextAreaElement).value).toBe(exampleWebInfo.recharge_tip);
    await userEvent.clear(phone);
    await userEvent.type(phone, "400-800-5678");
    await userEvent.click(screen.getByRole("button", { name: "保存设置" }));
    await waitFor(() => expect(stores.api.callsTo("deskSettingsSave")[0]?.input).toEqual({ tel1: "400-800-5678" }));
  });
});
