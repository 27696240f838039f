import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import InvitesScreen from "../../../src/desk/screens/InvitesScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";

describe("the invite codes screen (issue 26)", () => {
  it("lists codes with who used them; an unused one is marked", async () => {
    const stores = deskStores();
    stores.api.on("deskInvites", {
      invites: [
        { code: "NEW1", created_at: "2024-11-27T09:00:00+08:00", redeemed_at: null, redeemed_by_phone: null },
        { code: "7KQ3MZP9XA", created_at: "2024-11-26T09:00:00+08:00", redeemed_at: "2024-11-26T10:12:00+08:00", redeemed_by_phone: "13800138000" },
      ],
      total: 2,
      page: 1,
    });
    renderDesk(<InvitesScreen />, { stores, path: "/desk/invites" });
    expect(await screen.findByText("used 2024-11-26 10:12 by 13800138000")).toBeTruthy();
    expect(screen.getAllByText("unused")).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "Invite codes (2)" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("at 768 px and over, a table: code, state, made, used at and by whom (zh-CN)", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    stores.api.on("deskInvites", {
      invites: [
        { code: "NEW1", created_at: "2024-11-27T09:00:00+08:00", redeemed_at: null, redeemed_by_phone: null },
        { code: "7KQ3MZP9XA", created_at: "2024-11-26T09:00:00+08:00", redeemed_at: "2024-11-26T10:12:00+08:00", redeemed_by_phone: "13800138000" },
      ],
      total: 2,
      page: 1,
    });
    renderDesk(<InvitesScreen />, { stores, path: "/desk/invites", wide: true });
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ["邀请码", "状态", "生成时间", "使用时间", "使用者手机号"],
      ["NEW1", "未使用", "2024-11-27 09:00", "", ""],
      ["7KQ3MZP9XA", "已使用", "2024-11-26 09:00", "2024-11-26 10:12", "13800138000"],
    ]);
  });

  it("refuses a wrong count at the field, then creates and shows the new codes to copy (zh-CN)", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    renderDesk(<InvitesScreen />, { stores, path: "/desk/invites" });
    const count = await screen.findByLabelText("生成数量");
    await userEvent.type(count, "0");
    await userEvent.click(screen.getByRole("button", { name: "生成邀请码" }));
    expect(screen.getByRole("alert").textContent).toBe("请输入1到1000之间的整数");
    await userEvent.clear(count);
    await userEvent.type(count, "2");
    await userEvent.click(screen.getByRole("button", { name: "生成邀请码" }));
    const card = await screen.findByRole("region", { name: "新生成2个邀请码" });
    expect(within(card).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["7KQ3MZP9XA", "H4TW8NRC2E"]);
    expect(within(card).getByRole("button", { name: "全部复制" })).toBeTruthy();
  });

  it("shows more codes on request", async () => {
    const stores = deskStores();
    const all = Array.from({ length: 101 }, (_, i) => ({ code: `C${i + 1}`, created_at: "2024-11-26T09:00:00+08:00", redeemed_at: null, redeemed_by_phone: null }));
    stores.api.on("deskInvites", (input) => {
      const page = Number(input.page ?? 1);
      return Effect.succeed({ invites: all.slice((page - 1) * 100, page * 100), total: 101, page });
    });
    renderDesk(<InvitesScreen />, { stores, path: "/desk/invites" });
    expect(await screen.findByText("100 of 101")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByText("C101")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});
