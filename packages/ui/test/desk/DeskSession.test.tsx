import { Offline, ServerRefused, SessionEnded } from "@fuel/adapters/ports";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HomeScreen } from "../../src/desk/screens/HomeScreen.tsx";
import { DeskPage } from "../../src/desk/shell/DeskPage.tsx";
import { useLocation } from "../../src/router/index.tsx";
import { deskStores, renderDesk } from "./support/renderDesk.tsx";

describe("the desk's session (issue 26)", () => {
  it("signs in, then reads who is signed in; a one-time password must be changed before any act", async () => {
    const stores = deskStores({ signedIn: false });
    stores.api.on("deskLogin", { name: "ana", role: "cashier", must_change_password: true });
    stores.api.on("deskMe", { name: "ana", role: "cashier", stations: [3], must_change_password: true });
    expect(await stores.session.signIn("  ana ", "one-time-pass")).toBe(true);
    expect(stores.api.callsTo("deskLogin")[0]?.input).toEqual({ name: "ana", password: "one-time-pass" });
    expect(stores.session.me?.must_change_password).toBe(true);
    expect(stores.session.may("redeem")).toBe(false);
  });

  it("a wrong password is the server's refusal, in the staff member's language", async () => {
    const stores = deskStores({ signedIn: false, locale: "zh-CN" });
    stores.api.fail("deskLogin", new ServerRefused({ message: "wrong staff name or password", status: 401, tag: "StaffLoginFailed" }));
    expect(await stores.session.signIn("ana", "nope")).toBe(false);
    expect(stores.session.problemText).toBe("员工名或密码错误");
    expect(stores.session.me).toBeNull();
  });

  it("an empty name or password is refused before any call", async () => {
    const stores = deskStores({ signedIn: false });
    expect(await stores.session.signIn(" ", "x")).toBe(false);
    expect(stores.session.problemText).toBe("enter your staff name");
    expect(await stores.session.signIn("ana", "")).toBe(false);
    expect(stores.session.problemText).toBe("enter your password");
    expect(stores.api.callsTo("deskLogin")).toHaveLength(0);
  });

  it("the new password follows the domain's rule before it is sent: long enough, not the old one, not the name, typed twice alike", async () => {
    const stores = deskStores({ role: "cashier" });
    const name = stores.session.me?.name ?? "";
    const cases: ReadonlyArray<[string, string, string, string]> = [
      ["old-password-1", "short", "short", "the new password must have at least 10 characters"],
      ["old-password-1", "old-password-1", "old-password-1", "the new password must differ from the old one"],
      ["old-password-1", name, name, "the password cannot be your staff name"],
      ["old-password-1", "new-password-1", "new-password-2", "the two new passwords differ"],
    ];
    for (const [oldPassword, newPassword, confirmPassword, why] of cases) {
      expect(await stores.session.changePassword({ oldPassword, newPassword, confirmPassword })).toBe(false);
      expect(stores.session.problemText).toBe(why);
    }
    expect(stores.api.callsTo("deskPassword")).toHaveLength(0);
    expect(await stores.session.changePassword({ oldPassword: "old-password-1", newPassword: "new-password-1", confirmPassword: "new-password-1" })).toBe(true);
    expect(stores.api.callsTo("deskPassword")[0]?.input).toEqual({ old_password: "old-password-1", new_password: "new-password-1" });
  });

  it("the change forced after a one-time password sends no current password, even one typed (issue 34)", async () => {
    const stores = deskStores({ role: "cashier" });
    stores.session.me = { name: "ana", role: "cashier", stations: [3], must_change_password: true };
    expect(stores.session.oldPasswordNeeded).toBe(false);
    expect(await stores.session.changePassword({ oldPassword: "typed-anyway", newPassword: "new-password-1", confirmPassword: "new-password-1" })).toBe(true);
    expect(stores.api.callsTo("deskPassword").map((c) => c.input)).toEqual([{ new_password: "new-password-1" }]);
  });

  it("the forced change sends nothing more: after it, the current password is needed again", async () => {
    const stores = deskStores({ role: "cashier" });
    stores.session.me = { name: "ana", role: "cashier", stations: [3], must_change_password: true };
    expect(await stores.session.changePassword({ newPassword: "new-password-1", confirmPassword: "new-password-1" })).toBe(true);
    expect(stores.session.me?.must_change_password).toBe(false);
    expect(stores.session.oldPasswordNeeded).toBe(true);
  });

  it("any other change needs the current password: refused before any call when it is left out", async () => {
    const stores = deskStores({ role: "cashier", locale: "zh-CN" });
    expect(stores.session.oldPasswordNeeded).toBe(true);
    for (const oldPassword of [undefined, ""]) {
      const form = { newPassword: "new-password-1", confirmPassword: "new-password-1", ...(oldPassword === undefined ? {} : { oldPassword }) };
      expect(await stores.session.changePassword(form)).toBe(false);
      expect(stores.session.problemText).toBe("请输入当前密码");
    }
    expect(stores.api.callsTo("deskPassword")).toHaveLength(0);
  });

  it("a 401 from any call ends the session; a network failure at start is shown with nothing assumed", async () => {
    const stores = deskStores({ role: "distributor" });
    stores.session.ended(new SessionEnded({ message: "", status: 401, tag: "StaffSignInRequired" }));
    expect(stores.session.me).toBeNull();
    expect(stores.notices.latest?.text).toBe("sign in to the desk first");

    const offline = deskStores({ signedIn: false });
    offline.session.me = undefined;
    offline.api.on("deskMe", () => Effect.fail(new Offline({ path: "/api/desk/me" })));
    await offline.session.load();
    expect(offline.session.me).toBeUndefined();
    expect(offline.session.problemText).toBe("No network: nothing was changed. Try again when you are back online.");
  });
});

/** The menu at /desk, or a tool's page (its back button leads to the menu) anywhere else. */
function MenuOrTool() {
  const { pathname } = useLocation();
  return pathname === "/desk" ? <HomeScreen /> : <DeskPage title="a tool" />;
}

/** Opens a tool's page and taps its back button: the menu as a staff member reaches it from a tool. */
const menuFromTool = async (stores: ReturnType<typeof deskStores>, back: string): Promise<void> => {
  renderDesk(<MenuOrTool />, { stores, path: "/desk/tool", route: "*" });
  await userEvent.click(screen.getByRole("button", { name: back }));
};

describe("the desk's menu (issue 26)", () => {
  it.each([
    ["cashier", ["Redeem a code", "Invoice requests"]],
    ["distributor", ["Recharges to settle"]],
    ["admin", ["Redeem a code", "Recharges to settle", "Invoice requests", "Orders", "Stations", "Site settings", "Invite codes", "Blacklist", "Staff", "Audit log"]],
  ] as const)("a %s sees only the tools of the role", async (role, tools) => {
    await menuFromTool(deskStores({ role }), "Back");
    const links = screen.getAllByRole("link").map((a) => a.textContent);
    expect(links).toEqual([...tools, "Change password"]);
  });

  it("signs out from the menu", async () => {
    const stores = deskStores({ role: "cashier", locale: "zh-CN" });
    await menuFromTool(stores, "返回");
    await userEvent.click(screen.getByRole("button", { name: "退出登录" }));
    expect(stores.api.callsTo("deskLogout")).toHaveLength(1);
    expect(stores.session.me).toBeNull();
  });
});

describe("where the desk opens (issue 34)", () => {
  it.each([
    ["cashier", "/desk/redeem"],
    ["distributor", "/desk/queue"],
  ] as const)("a %s, whose role has one main tool, opens on it rather than on the menu (issue 35: a cashier's invoice queue is occasional)", (role, path) => {
    renderDesk(<HomeScreen />, { stores: deskStores({ role, stations: [12] }) });
    expect(screen.getByTestId("location").textContent).toBe(path);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("an admin, with several tools, opens on the menu", () => {
    renderDesk(<HomeScreen />, { stores: deskStores({ role: "admin" }) });
    expect(screen.getByTestId("location").textContent).toBe("/desk");
    expect(screen.getAllByRole("link").length).toBeGreaterThan(2);
  });

  it("a cashier's back button from the tool shows the menu (password, sign-out) instead of opening the tool again", async () => {
    await menuFromTool(deskStores({ role: "cashier", stations: [12], locale: "zh-CN" }), "返回");
    expect(screen.getByTestId("location").textContent).toBe("/desk");
    expect(screen.getByRole("link", { name: "修改密码" })).toBeTruthy();
  });
});
