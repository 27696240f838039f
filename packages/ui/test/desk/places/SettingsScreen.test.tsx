import { exampleWebInfo } from "@fuel/domain/api";
import { screen, waitFor, within } from "@testing-library/react";
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

  it("the invoice settings: the window in days and how top-ups are invoiced, in words (issue 35)", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    stores.api.on("deskSettings", { settings: { ...exampleWebInfo, invoice_window_days: 45 } });
    renderDesk(<SettingsScreen />, { stores, path: "/desk/settings" });
    const days = await screen.findByLabelText("加油后可申请开票的天数");
    expect((days as HTMLInputElement).value).toBe("45");
    const topups = screen.getByRole("group", { name: "充值和购卡的发票" });
    expect((within(topups).getByRole("radio", { name: "消费时开票：由发卡方在加油时开具，本应用不开" }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(topups).getByText("充值时开票：在本应用申请预付卡发票"));
    await userEvent.clear(days);
    await userEvent.type(days, "400");
    await userEvent.click(screen.getByRole("button", { name: "保存设置" }));
    expect((await screen.findByText("请输入 1 到 366 之间的整数天数")).getAttribute("role")).toBe("alert");
    await userEvent.clear(days);
    await userEvent.type(days, "60");
    await userEvent.click(screen.getByRole("button", { name: "保存设置" }));
    await waitFor(() => expect(stores.api.callsTo("deskSettingsSave")[0]?.input).toEqual({ invoice_window_days: 60, recharge_invoice: "at_topup" }));
  });

  it.each([
    ["en", "Station price (yuan/L)", "The settings were not saved:", "price_0_original (¥7.00/L) is below price_0_now (¥7.30/L): the discount would be negative"],
    ["zh-CN", "油站价（元/升）", "设置未保存：", "油站价（¥7.00/升）低于我们的价格（¥7.30/升）：优惠将为负数"],
  ] as const)("a pump price lowered under our unchanged price is refused on the screen before sending, in words (%s)", async (locale, label, lead, problem) => {
    const stores = deskStores({ locale });
    stores.api.on("deskSettings", { settings: exampleWebInfo });
    renderDesk(<SettingsScreen />, { stores, path: "/desk/settings" });
    const original = await screen.findByLabelText(label);
    await userEvent.clear(original);
    await userEvent.type(original, "7");
    await userEvent.click(screen.getByRole("button", { name: locale === "en" ? "Save settings" : "保存设置" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(lead);
    expect(alert.textContent).toContain(problem);
    expect(stores.api.callsTo("deskSettingsSave")).toHaveLength(0);
  });
});
