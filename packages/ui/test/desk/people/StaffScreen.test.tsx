import { ServerRefused } from "@fuel/adapters/ports";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import StaffScreen from "../../../src/desk/screens/StaffScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";

const confirmIn = async (act: string) => {
  const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
  fireEvent.click(within(dialog).getByRole("button", { name: act }));
};

describe("the staff screen (issue 26)", () => {
  it("lists accounts with their role, stations by name, state and when added", async () => {
    renderDesk(<StaffScreen />, { path: "/desk/staff" });
    expect(await screen.findByText("li.cashier")).toBeTruthy();
    expect(screen.getByText("cashier · Huangpu East Station")).toBeTruthy();
    expect(screen.getByText("must change password")).toBeTruthy();
    expect(screen.getByText("added 2024-11-26 09:00")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Staff accounts (1)" })).toBeTruthy();
  });

  it.each([false, true])("the admin's own row offers neither disable nor reset (wide: %s), other rows do", async (wide) => {
    const stores = deskStores({ locale: "zh-CN" });
    const own = { name: "test.admin", role: "admin" as const, stations: [], disabled: false, must_change_password: false, created_at: "2024-11-26T09:00:00+08:00" };
    const other = { ...own, name: "ana.admin" };
    stores.api.on("deskStaffList", { staff: [other, own] });
    renderDesk(<StaffScreen />, { stores, path: "/desk/staff", wide });
    await screen.findByText("test.admin");
    expect(screen.getAllByRole("button", { name: "停用" })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: "重置密码" })).toHaveLength(1);
    expect(screen.getByText("这是您本人的账户。")).toBeTruthy();
    expect(screen.getByRole("link", { name: "修改密码" }).getAttribute("href")).toBe("/desk/password");
    if (wide) {
      const table = screen.getByRole("table");
      const ownRow = within(table).getAllByRole("row").find((row) => row.textContent?.includes("test.admin"));
      expect(ownRow === undefined ? [] : within(ownRow).queryAllByRole("button")).toEqual([]);
    }
  });

  it("refuses a bad name at the field, then adds the account and shows its one-time password once (zh-CN)", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    renderDesk(<StaffScreen />, { stores, path: "/desk/staff" });
    const name = await screen.findByLabelText("员工名");
    await userEvent.type(name, "a b");
    await userEvent.click(screen.getByRole("button", { name: "添加员工" }));
    expect(screen.getByRole("alert").textContent).toBe("员工名须为2到32个字母、数字、'.'、'_'或'-'");
    expect(stores.api.callsTo("deskStaffAdd")).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, "li.cashier");
    await userEvent.click(screen.getByRole("button", { name: "添加员工" }));
    const card = await screen.findByRole("region", { name: "已添加li.cashier" });
    expect(within(card).getByTestId("one-time-password").textContent).toBe("hK7pQ2wXz9rT4mNb");
    expect(within(card).getByText("请交给li.cashier。该密码仅能使用一次：首次登录时需设置自己的密码。此密码不会再次显示。")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "复制" })).toBeTruthy();
    await userEvent.click(within(card).getByRole("button", { name: "完成" }));
    expect(screen.queryByTestId("one-time-password")).toBeNull();
  });

  it("disabling asks first, then says the server's refusal at the account", async () => {
    const stores = deskStores();
    stores.api.fail("deskStaffDisable", new ServerRefused({ message: "", status: 409, tag: "StaffLastAdmin" }));
    renderDesk(<StaffScreen />, { stores, path: "/desk/staff" });
    await userEvent.click(await screen.findByRole("button", { name: "Disable" }));
    await confirmIn("Disable");
    expect(await screen.findByText("the last enabled admin cannot be disabled")).toBeTruthy();
    expect(stores.api.callsTo("deskStaffDisable")).toHaveLength(1);
  });

  it("a reset asks first and shows the new password", async () => {
    const stores = deskStores();
    renderDesk(<StaffScreen />, { stores, path: "/desk/staff" });
    await userEvent.click(await screen.findByRole("button", { name: "Reset password" }));
    await confirmIn("Reset password");
    expect((await screen.findByTestId("one-time-password")).textContent).toBe("Zq8vW3nRt6YpK2mA");
    expect(screen.getByRole("heading", { name: "New password for li.cashier" })).toBeTruthy();
  });

  it("a list that cannot load offers a retry", async () => {
    const stores = deskStores();
    stores.api.fail("deskStaffList", new ServerRefused({ message: "", status: 403, tag: "StaffActionForbidden" }));
    renderDesk(<StaffScreen />, { stores, path: "/desk/staff" });
    expect(await screen.findByText("your role may not do this")).toBeTruthy();
    stores.api.on("deskStaffList", { staff: [] });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByText("No staff accounts.")).toBeTruthy());
  });
});
