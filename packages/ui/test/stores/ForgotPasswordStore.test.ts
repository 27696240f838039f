import { offline, ServerRefused } from "@fuel/adapters/ports";
import { describe, expect, it } from "vitest";
import { testRoot } from "../support/render.tsx";
import { forgotPasswordStore } from "../../src/stores/ForgotPasswordStore.ts";

const input = { phone: "13800138000", code: "4821", password: "n3w-s3cret" };

describe("ForgotPasswordStore (/forgetPassword)", () => {
  it("resets the password with phone, SMS code and the new password (spec §7)", async () => {
    const root = testRoot();
    await root.use(forgotPasswordStore).reset(input);
    expect(root.ports.api.callsTo("resetPassword")[0]?.input).toEqual({ phone: "13800138000", captcha: "4821", password: "n3w-s3cret" });
  });

  it("after the reset says so and goes to /login (the server ended every session)", async () => {
    const root = testRoot();
    await root.use(forgotPasswordStore).reset(input);
    expect(root.notices.latest).toMatchObject({ text: "Password reset. Please sign in again.", kind: "success" });
    expect(root.navigation.pending).toMatchObject({ to: "/login", replace: true });
  });

  it("a wrong code shows the server's message and stays", async () => {
    const root = testRoot();
    root.ports.api.fail("resetPassword", new ServerRefused({ message: "wrong phone number or SMS code", status: 400, tag: "LoginFailed" }));
    await root.use(forgotPasswordStore).reset(input);
    expect(root.notices.latest?.text).toBe("wrong phone number or SMS code");
    expect(root.navigation.pending).toBeUndefined();
    expect(root.use(forgotPasswordStore).phase._tag).toBe("Idle");
  });

  it("refuses a password under 6 characters with the domain's message, calling nothing (spec §5)", async () => {
    const root = testRoot();
    await root.use(forgotPasswordStore).reset({ ...input, password: "12345" });
    expect(root.notices.latest?.text).toBe("password must have at least 6 characters");
    expect(root.ports.api.calls).toHaveLength(0);
  });

  it("refuses a wrong phone in Chinese for a Chinese customer", async () => {
    const root = testRoot({ locale: "zh-CN" });
    await root.use(forgotPasswordStore).reset({ ...input, phone: "123" });
    expect(root.notices.latest?.text).toBe("请输入正确的手机号");
  });

  it("no network: says so", async () => {
    const root = testRoot();
    root.ports.api.fail("resetPassword", offline());
    await root.use(forgotPasswordStore).reset(input);
    expect(root.notices.latest?.text).toBe("network unavailable, check your connection");
  });
});
