import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PasswordScreen } from "../../../src/desk/screens/PasswordScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";

describe("the desk's password form (issue 34)", () => {
  it("forced after a one-time password: no field for it, the name for a password manager, and saving sends only the new password", async () => {
    const stores = deskStores({ role: "cashier", locale: "zh-CN" });
    stores.session.me = { name: "ana", role: "cashier", stations: [3], must_change_password: true };
    const { container } = renderDesk(<PasswordScreen forced />, { stores });
    expect(container.querySelector("#desk-old-password")).toBeNull();
    expect(screen.queryByLabelText("当前密码")).toBeNull();
    const username = container.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    expect(username?.value).toBe("ana");
    expect(username?.hidden).toBe(true);
    expect(container.querySelectorAll('input[autocomplete="new-password"]')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText("新密码"), "diesel-at-dawn-42");
    await userEvent.type(screen.getByLabelText("再次输入新密码"), "diesel-at-dawn-42");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(stores.api.callsTo("deskPassword").map((c) => c.input)).toEqual([{ new_password: "diesel-at-dawn-42" }]);
  });

  it("from the menu: the current password is asked for, and sent", async () => {
    const stores = deskStores({ role: "cashier" });
    renderDesk(<PasswordScreen forced={false} />, { stores });
    await userEvent.type(screen.getByLabelText("Current password"), "my-old-password");
    await userEvent.type(screen.getByLabelText("New password"), "diesel-at-dawn-42");
    await userEvent.type(screen.getByLabelText("New password again"), "diesel-at-dawn-42");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(stores.api.callsTo("deskPassword").map((c) => c.input)).toEqual([{ old_password: "my-old-password", new_password: "diesel-at-dawn-42" }]);
  });
});
