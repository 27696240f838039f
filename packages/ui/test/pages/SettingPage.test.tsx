import { MemoryTokenStore } from "@fuel/adapters/testing";
import { Effect } from "effect";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { LOCALE_KEY } from "../../src/i18n/I18nStore.ts";
import SettingPage from "../../src/pages/SettingPage.tsx";
import { renderPage, testRoot } from "../support/render.tsx";
import { examples } from "@fuel/domain/api";

/** A signed-in customer; user/info answers `hasPassword` (absent: a server that does not say, issue 25). */
const signedIn = (locale: "en" | "zh-CN" = "en", hasPassword?: boolean) => {
  const root = testRoot({ locale, ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
  const { has_password: _said, ...user } = examples.userInfo.response;
  root.ports.api.on("userInfo", hasPassword === undefined ? user : { ...user, has_password: hasPassword });
  return root;
};
const where = () => screen.getByTestId("location").textContent;

// antd's Dialog.confirm renders outside the tested tree: close what a test left open.
afterEach(() => Dialog.clear());

describe("/setting", () => {
  it("links to set password and change password (en)", () => {
    renderPage(<SettingPage />, { root: signedIn(), path: "/setting" });
    expect(screen.getByRole("link", { name: "Set password" }).getAttribute("href")).toBe("/setPassword");
    expect(screen.getByRole("link", { name: "Change password" }).getAttribute("href")).toBe("/resetPassword");
  });

  it("links to set password and change password (zh-CN)", () => {
    renderPage(<SettingPage />, { root: signedIn("zh-CN"), path: "/setting" });
    expect(screen.getByRole("link", { name: "设置密码" }).getAttribute("href")).toBe("/setPassword");
    expect(screen.getByRole("link", { name: "修改密码" }).getAttribute("href")).toBe("/resetPassword");
  });

  it.each([
    ["en", "Set password", "Change password"],
    ["zh-CN", "设置密码", "修改密码"],
  ] as const)("in %s, a customer without a password is offered only '%s' (issue 25)", async (locale, set, change) => {
    const root = signedIn(locale, false);
    renderPage(<SettingPage />, { root, path: "/setting" });
    await waitFor(() => expect(screen.queryByRole("link", { name: change })).toBeNull());
    expect(screen.getByRole("link", { name: set }).getAttribute("href")).toBe("/setPassword");
    expect(root.ports.api.callsTo("userInfo").length).toBeGreaterThan(0);
  });

  it.each([
    ["en", "Set password", "Change password"],
    ["zh-CN", "设置密码", "修改密码"],
  ] as const)("in %s, a customer with a password is offered only '%s' (issue 25)", async (locale, set, change) => {
    renderPage(<SettingPage />, { root: signedIn(locale, true), path: "/setting" });
    await waitFor(() => expect(screen.queryByRole("link", { name: set })).toBeNull());
    expect(screen.getByRole("link", { name: change }).getAttribute("href")).toBe("/resetPassword");
  });

  it("the language in use is the checked choice", () => {
    renderPage(<SettingPage />, { root: signedIn("zh-CN"), path: "/setting" });
    expect((screen.getByRole("radio", { name: "中文" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "English" }) as HTMLInputElement).checked).toBe(false);
  });

  it("choosing 中文 re-renders the page in Chinese at once", async () => {
    renderPage(<SettingPage />, { root: signedIn(), path: "/setting" });
    await userEvent.click(screen.getByRole("radio", { name: "中文" }));
    expect(await screen.findByRole("link", { name: "设置密码" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("设置");
    expect(screen.getByRole("button", { name: "退出登录" })).toBeTruthy();
  });

  it("the chosen language is remembered on the device", async () => {
    const root = signedIn();
    renderPage(<SettingPage />, { root, path: "/setting" });
    await userEvent.click(screen.getByRole("radio", { name: "中文" }));
    expect(root.ports.preferences.get(LOCALE_KEY)).toBe("zh-CN");
  });

  it("choosing English re-renders the page in English", async () => {
    renderPage(<SettingPage />, { root: signedIn("zh-CN"), path: "/setting" });
    await userEvent.click(screen.getByRole("radio", { name: "English" }));
    expect(await screen.findByRole("link", { name: "Set password" })).toBeTruthy();
  });

  it("logout asks first; cancelling keeps the customer signed in (en)", async () => {
    const root = signedIn();
    renderPage(<SettingPage />, { root, path: "/setting" });
    await userEvent.click(screen.getByRole("button", { name: "Log out" }));
    expect(await screen.findByText("Log out? You will need to sign in through the messaging app again.")).toBeTruthy();
    // fireEvent: the dialog ignores pointers while it animates in.
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByText("Log out? You will need to sign in through the messaging app again.")).toBeNull());
    expect(root.session.signedIn).toBe(true);
    expect(root.ports.api.callsTo("logout")).toHaveLength(0);
    expect(where()).toBe("/setting");
  });

  it("confirming logout clears the token and the activation flag and lands on /login (zh-CN)", async () => {
    const root = signedIn("zh-CN");
    renderPage(<SettingPage />, { root, path: "/setting" });
    await userEvent.click(screen.getByRole("button", { name: "退出登录" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("确定退出登录？");
    const confirm = [...dialog.querySelectorAll("button")].find((b) => b.textContent === "退出登录");
    fireEvent.click(confirm!);
    await waitFor(() => expect(where()).toBe("/login"));
    expect(Effect.runSync(root.ports.tokens.token())).toBeNull();
    expect(Effect.runSync(root.ports.tokens.activated())).toBe(false);
  });
});
