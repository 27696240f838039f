import { Offline } from "@fuel/adapters/ports";
import { examples } from "@fuel/domain/api";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import AuditScreen from "../../../src/desk/screens/AuditScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";

describe("/desk/audit (issues 26, 34)", () => {
  it("shows each act in words, who, from where, and what changed", async () => {
    const stores = deskStores();
    stores.api.on("deskAudit", {
      rows: [{ id: 9, at: "2026-11-27T09:30:05+08:00", staff: "desk.admin", address: "203.0.113.7", act: "settingChanged", subject: "settings", before: { tel1: "020-1" }, after: { tel1: "020-2" } }],
      next_before_id: null,
    });
    renderDesk(<AuditScreen />, { stores, path: "/desk/audit" });
    expect(await screen.findByText("Changed site settings")).toBeTruthy();
    expect(screen.getByText("2026-11-27 09:30:05")).toBeTruthy();
    expect(screen.getByText("203.0.113.7")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Before → after" }).textContent).toBe("Service phone: 020-1 → 020-2");
    expect(screen.getByText("That is the whole log for these filters.")).toBeTruthy();
  });

  it("at 768 px and over, a table of acts in the admin's words (zh-CN)", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    stores.api.on("deskAudit", {
      rows: [
        { id: 11, at: "2026-11-27T10:00:00+08:00", staff: "dee.distributor", address: "203.0.113.8", act: "reject", subject: "4", before: { order_status: 2 }, after: { order_status: 6, reason: "卡号错误" } },
        { id: 10, at: "2026-11-27T09:40:00+08:00", staff: "desk.admin", address: "203.0.113.7", act: "inviteCreated", subject: "3 codes", before: null, after: { codes: ["A1", "B2", "C3"] } },
      ],
      next_before_id: null,
    });
    renderDesk(<AuditScreen />, { stores, path: "/desk/audit", wide: true });
    const table = await screen.findByRole("table", { name: "操作日志" });
    const [, reject, invites] = within(table).getAllByRole("row");
    expect(reject?.textContent).toContain("驳回充值");
    expect(reject?.textContent).toContain("订单 4");
    expect(reject?.textContent).toContain("状态：已支付 → 已驳回");
    expect(reject?.textContent).toContain("原因：无 → 卡号错误");
    expect(invites?.textContent).toContain("邀请码 3 个");
    expect(invites?.textContent).toContain("邀请码：无 → A1、B2、C3");
  });

  it("filters by act and days, reloads, and the CSV link carries the same filters", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    renderDesk(<AuditScreen />, { stores, path: "/desk/audit" });
    expect(await screen.findByText("登录")).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText("操作"), "redeem");
    // Preact (the React aliases) hears a date input's input event, as Chromium sends it while a day is picked.
    fireEvent.input(screen.getByLabelText("开始日期"), { target: { value: "2026-11-01" } });
    await userEvent.click(screen.getByRole("button", { name: "筛选" }));
    expect(stores.api.callsTo("deskAudit").at(-1)?.input).toEqual({ act: "redeem", from: "2026-11-01T00:00:00+08:00" });
    const csv = screen.getByRole("link", { name: "下载 CSV" });
    expect(csv.getAttribute("href")).toBe("/api/desk/audit?act=redeem&from=2026-11-01T00%3A00%3A00%2B08%3A00&format=csv");
  });

  it("pages on with 'more'", async () => {
    const stores = deskStores();
    stores.api.on("deskAudit", { ...examples.deskAudit.response, next_before_id: 7 });
    renderDesk(<AuditScreen />, { stores, path: "/desk/audit" });
    await userEvent.click(await screen.findByRole("button", { name: "Show 100 more" }));
    expect(stores.api.callsTo("deskAudit").at(-1)?.input).toEqual({ before_id: 7 });
  });

  it("says when nothing matches, and when the network is down (with a retry)", async () => {
    const stores = deskStores();
    stores.api.fail("deskAudit", new Offline({ path: "/api/desk/audit" }));
    renderDesk(<AuditScreen />, { stores, path: "/desk/audit" });
    expect((await screen.findByRole("alert")).textContent).toBe("No network: nothing was changed. Try again when you are back online.");
    stores.api.on("deskAudit", { rows: [], next_before_id: null });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No act matches these filters.")).toBeTruthy();
  });
});
