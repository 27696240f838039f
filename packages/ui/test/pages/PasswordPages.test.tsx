import { ServerRefused } from "@fuel/adapters/ports";
import { MemoryTokenStore } from "@fuel/adapters/testing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import ResetPasswordPage from "../../src/pages/ResetPasswordPage.tsx";
import SetPasswordPage from "../../src/pages/SetPasswordPage.tsx";
import { renderPage, testRoot } from "../support/render.tsx";

const signedIn = (locale: "en" | "zh-CN" = "en") => testRoot({ locale, ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const where = () => screen.getByTestId("location").textContent;

describe("/setPassword", () => {
  it("labels both fields and states the limit under each (en)", () => {
    renderPage(<SetPasswordPage />, { root: signedIn(), path: "/setPassword" });
    expect(screen.getByLabelText("New password")).toBe(input("new-password"));
    expect(screen.getByLabelText("Confirm new password")).toBe(input("confirm-password"));
    expect(screen.getByText("At least 6 characters")).toBeTruthy();
    expect(input("new-password").getAttribute("aria-describedby")).toBe("new-password-hint");
  });

  it("labels both fields and states the limit under each (zh-CN)", () => {
    renderPage(<SetPasswordPage />, { root: signedIn("zh-CN"), path: "/setPassword" });
    expect(screen.getByLabelText("新密码")).toBe(input("new-password"));
    expect(screen.getByLabelText("确认新密码")).toBe(input("confirm-password"));
    expect(screen.getByText("至少6位")).toBeTruthy();
  });

  it("an empty submit says each field is required, linked to its input (en)", async () => {
    renderPage(<SetPasswordPage />, { root: signedIn(), path: "/setPassword" });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findAllByText("all password fields are required")).toHaveLength(2);
    expect(input("new-password").getAttribute("aria-invalid")).toBe("true");
    expect(input("new-password").getAttribute("aria-describedby")).toBe("new-password-error new-password-hint");
    expect(document.getElementById("new-password-error")?.textContent).toBe("all password fields are required");
  });

  it("a different confirmation: 'passwords do not match' (en)", async () => {
    renderPage(<SetPasswordPage />, { root: signedIn(), path: "/setPassword" });
    await userEvent.type(input("new-password"), "secret1");
    await userEvent.type(input("confirm-password"), "secret2");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("passwords do not match")).toBeTruthy();
    expect(input("confirm-password").getAttribute("aria-invalid")).toBe("true");
    expect(input("new-password").hasAttribute("aria-invalid")).toBe(false);
  });

  it("a different confirmation: 两次密码不一致 (zh-CN)", async () => {
    renderPage(<SetPasswordPage />, { root: signedIn("zh-CN"), path: "/setPassword" });
    await userEvent.type(input("new-password"), "secret1");
    await userEvent.type(input("confirm-password"), "secret2");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("两次密码不一致")).toBeTruthy();
  });

  it("typing in a field takes its message away", async () => {
    renderPage(<SetPasswordPage />, { root: signedIn(), path: "/setPassword" });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await userEvent.type(input("new-password"), "s");
    expect(input("new-password").hasAttribute("aria-invalid")).toBe(false);
    expect(screen.getAllByText("all password fields are required")).toHaveLength(1);
  });

  it("a valid password is saved and the customer is back on /setting", async () => {
    const root = signedIn();
    renderPage(<SetPasswordPage />, { root, path: "/setPassword" });
    await userEvent.type(input("new-password"), "secret1");
    await userEvent.type(input("confirm-password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(where()).toBe("/setting"));
    expect(root.ports.api.callsTo("setPassword")[0]?.input).toEqual({ password: "secret1" });
    expect(root.notices.latest?.text).toBe("Password set");
  });
});

describe("/resetPassword", () => {
  const fill = async (old: string, next: string, confirm: string) => {
    if (old !== "") await userEvent.type(input("old-password"), old);
    if (next !== "") await userEvent.type(input("new-password"), next);
    if (confirm !== "") await userEvent.type(input("confirm-password"), confirm);
  };

  it("labels the three fields (en) and links to /forgetPassword", () => {
    renderPage(<ResetPasswordPage />, { root: signedIn(), path: "/resetPassword" });
    expect(screen.getByLabelText("Old password")).toBe(input("old-password"));
    expect(screen.getByLabelText("New password")).toBeTruthy();
    expect(screen.getByLabelText("Confirm new password")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forgot your old password?" }).getAttribute("href")).toBe("/forgetPassword");
  });

  it("labels the three fields (zh-CN)", () => {
    renderPage(<ResetPasswordPage />, { root: signedIn("zh-CN"), path: "/resetPassword" });
    expect(screen.getByLabelText("原密码")).toBe(input("old-password"));
    expect(screen.getByRole("link", { name: "忘记原密码？" })).toBeTruthy();
  });

  it("an old password shorter than 6 is refused under it (en)", async () => {
    renderPage(<ResetPasswordPage />, { root: signedIn(), path: "/resetPassword" });
    await fill("abc", "secret1", "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(document.getElementById("old-password-error")?.textContent).toBe("password must have at least 6 characters");
  });

  it("an old password shorter than 6 is refused under it (zh-CN)", async () => {
    renderPage(<ResetPasswordPage />, { root: signedIn("zh-CN"), path: "/resetPassword" });
    await fill("abc", "secret1", "secret1");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(document.getElementById("old-password-error")?.textContent).toBe("密码至少6位");
  });

  it("a different confirmation: 'passwords do not match' and nothing is sent", async () => {
    const root = signedIn();
    renderPage(<ResetPasswordPage />, { root, path: "/resetPassword" });
    await fill("old-secret", "secret1", "secret2");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(document.getElementById("confirm-password-error")?.textContent).toBe("passwords do not match");
    expect(root.ports.api.callsTo("resetPassword")).toHaveLength(0);
  });

  it("the server's refusal is told and the form stays", async () => {
    const root = signedIn();
    root.ports.api.fail("resetPassword", new ServerRefused({ message: "old password is wrong", status: 400, tag: "OldPasswordWrong" }));
    renderPage(<ResetPasswordPage />, { root, path: "/resetPassword" });
    await fill("old-secret", "secret1", "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(root.notices.latest?.text).toBe("old password is wrong"));
    expect(where()).toBe("/resetPassword");
  });

  it("a valid change is saved and the customer is back on /setting (zh-CN)", async () => {
    const root = signedIn("zh-CN");
    renderPage(<ResetPasswordPage />, { root, path: "/resetPassword" });
    await fill("old-secret", "secret1", "secret1");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(where()).toBe("/setting"));
    expect(root.notices.latest?.text).toBe("密码已修改");
  });
});
