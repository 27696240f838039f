import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import BlacklistScreen from "../../../src/desk/screens/BlacklistScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";
import { openDialogs } from "../../support/dialogs.ts";

const confirmIn = async (act: string, question: string) => {
  const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
  expect(within(dialog).getByText(question)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: act }));
};

describe("the blacklist screen (issue 26)", () => {
  it("an empty blacklist says so", async () => {
    const stores = deskStores();
    stores.api.on("deskBlacklist", { phones: [] });
    renderDesk(<BlacklistScreen />, { stores, path: "/desk/blacklist" });
    expect(await screen.findByText("Nobody is blacklisted.")).toBeTruthy();
  });

  it("at 768 px and over, a table of phones, each with its remove button", async () => {
    const stores = deskStores();
    stores.api.on("deskBlacklist", { phones: ["13700000000", "13800138000"] });
    renderDesk(<BlacklistScreen />, { stores, path: "/desk/blacklist", wide: true });
    const table = await screen.findByRole("table", { name: "Blacklisted phones (2)" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByRole("button", { name: "Remove 13800138000" })).toBeTruthy();
  });

  it("a pasted phone is confirmed as read, then listed", async () => {
    const stores = deskStores();
    stores.api.on("deskBlacklist", { phones: [] });
    renderDesk(<BlacklistScreen />, { stores, path: "/desk/blacklist" });
    await userEvent.type(await screen.findByLabelText("Phone number"), "139 0000 1111");
    await userEvent.click(screen.getByRole("button", { name: "Add to blacklist" }));
    await confirmIn("Add to blacklist", "Blacklist 13900001111? This customer can no longer sign in.");
    expect(await screen.findByText("13900001111")).toBeTruthy();
    expect(stores.api.callsTo("deskBlacklistAdd")[0]?.input).toEqual({ phone: "13900001111" });
  });

  it("a wrong phone is refused at the field without asking", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    renderDesk(<BlacklistScreen />, { stores, path: "/desk/blacklist" });
    await userEvent.type(await screen.findByLabelText("手机号"), "139 0000");
    await userEvent.click(screen.getByRole("button", { name: "加入黑名单" }));
    expect(screen.getByRole("alert").textContent).toBe("请输入正确的手机号");
    expect(openDialogs()).toEqual([]);
  });

  it("removing asks first; cancel keeps the phone", async () => {
    const stores = deskStores();
    renderDesk(<BlacklistScreen />, { stores, path: "/desk/blacklist" });
    await userEvent.click(await screen.findByRole("button", { name: "Remove 13800138000" }));
    await confirmIn("Cancel", "Take 13800138000 off the blacklist? This customer can sign in again.");
    await waitFor(() => expect(openDialogs()).toEqual([]));
    expect(stores.api.callsTo("deskBlacklistRemove")).toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: "Remove 13800138000" }));
    await confirmIn("Remove", "Take 13800138000 off the blacklist? This customer can sign in again.");
    expect(await screen.findByText("Nobody is blacklisted.")).toBeTruthy();
  });
});
