import { MemoryTokenStore } from "@fuel/adapters/testing";
import { ServerRefused } from "@fuel/adapters/ports";
import type { Messages } from "@fuel/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Guarded } from "../../src/app/Guarded.tsx";
import ActivatedPage from "../../src/pages/ActivatedPage.tsx";
import BindPhonePage from "../../src/pages/BindPhonePage.tsx";
import ForgetPasswordPage from "../../src/pages/ForgetPasswordPage.tsx";
import RegisterPage from "../../src/pages/RegisterPage.tsx";
import { BIND_OPENID_KEY } from "../../src/stores/SignInStore.ts";
import { renderPage, testRoot } from "../support/render.tsx";
import { smsCodeStore } from "../../src/stores/SmsCodeStore.ts";

const where = () => screen.getByTestId("location").textContent;
const LOCALES: ReadonlyArray<Messages.Locale> = ["en", "zh-CN"];

/** The texts each test looks for, in both languages. */
const T = {
  en: {
    phone: "Phone number", code: "SMS code", invite: "Invite code", username: "Username", password: "Password", newPassword: "New password",
    phoneHint: "11 digits, a mainland China mobile number", codeHint: "at least 4 characters, from the SMS we send you", inviteHint: "required, at most 32 characters",
    noInviteCode: "No invite code? Ask the person who invited you, or use another account.", signOut: "Log out",
    passwordHint: "at least 6 characters",
    send: "Send code", resend: "Resend in 60 s", bind: "Bind phone", activate: "Activate", register: "Register", reset: "Reset password",
    phoneInvalid: "enter a correct phone number", codeShort: "enter the SMS code (at least 4 characters)", inviteEmpty: "invite code cannot be empty",
    inviteLong: "invite code cannot exceed 32 characters", passwordShort: "password must have at least 6 characters", usernameRequired: "enter a username",
    blacklisted: "server busy, cannot use", wrongBefore: "invite code wrong, contact admin ", signInFirst: "Sign in with WeChat first.",
    registerTitle: "Sign up through WeChat",
  },
  "zh-CN": {
    phone: "手机号", code: "短信验证码", invite: "邀请码", username: "用户名", password: "密码", newPassword: "新密码",
    phoneHint: "11位中国大陆手机号", codeHint: "至少4位，见我们发送的短信", inviteHint: "必填，最多32个字符",
    noInviteCode: "没有邀请码？请向邀请人索取，或换个账户登录。", signOut: "退出登录", passwordHint: "至少6位",
    send: "发送验证码", resend: "60秒后重发", bind: "绑定手机", activate: "激活", register: "注册", reset: "重置密码",
    phoneInvalid: "请输入正确的手机号", codeShort: "请输入验证码（至少4位）", inviteEmpty: "邀请码不能为空", inviteLong: "邀请码不能超过32位",
    passwordShort: "密码至少6位", usernameRequired: "请输入用户名", blacklisted: "服务器繁忙，无法使用", wrongBefore: "邀请码错误，请联系管理员 ",
    signInFirst: "请先通过微信授权登录。", registerTitle: "请通过微信注册",
  },
} as const;

/** The input labelled `label`, checked to be described by its hint (and error, when invalid). */
const field = (label: string) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const describedBy = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);

const bindRoot = (locale: Messages.Locale) => {
  const root = testRoot({ locale });
  root.ports.tabValues.set(BIND_OPENID_KEY, "o-1");
  return root;
};

describe.each(LOCALES)("/bindPhone in %s", (locale) => {
  const t = T[locale];

  it("labels the phone and code inputs and shows their limits as hints tied to them", () => {
    renderPage(<BindPhonePage />, { path: "/bindPhone", root: bindRoot(locale) });
    expect(describedBy(field(t.phone))).toEqual([t.phoneHint]);
    expect(describedBy(field(t.code))).toEqual([t.codeHint]);
  });

  it("submitting empty shows the domain's messages, tied to the inputs, and binds nothing", async () => {
    const root = bindRoot(locale);
    renderPage(<BindPhonePage />, { path: "/bindPhone", root });
    await userEvent.click(screen.getByRole("button", { name: t.bind }));
    await waitFor(() => expect(field(t.phone).getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(field(t.phone))).toEqual([t.phoneHint, t.phoneInvalid]);
    expect(describedBy(field(t.code))).toEqual([t.codeHint, t.codeShort]);
    expect(root.ports.api.calls).toHaveLength(0);
  });

  it("sends a code to a valid phone and counts down 60 s", async () => {
    const root = bindRoot(locale);
    renderPage(<BindPhonePage />, { path: "/bindPhone", root });
    await userEvent.type(field(t.phone), "13800138000");
    await userEvent.click(screen.getByRole("button", { name: t.send }));
    expect(await screen.findByRole("button", { name: t.resend })).toHaveProperty("disabled", true);
    expect(root.ports.api.callsTo("sendSms")[0]?.input).toEqual({ phone: "13800138000" });
  });

  it("refuses to send a code to an invalid phone, saying why", async () => {
    const root = bindRoot(locale);
    renderPage(<BindPhonePage />, { path: "/bindPhone", root });
    await userEvent.type(field(t.phone), "12345");
    await userEvent.click(screen.getByRole("button", { name: t.send }));
    expect(await screen.findByText(t.phoneInvalid)).toBeTruthy();
    expect(root.ports.api.callsTo("sendSms")).toHaveLength(0);
  });

  it("a blacklisted phone reads 'server busy, cannot use' on the page", async () => {
    const root = bindRoot(locale);
    root.ports.api.on("isBlacklist", 1);
    renderPage(<BindPhonePage />, { path: "/bindPhone", root });
    await userEvent.type(field(t.phone), "13800138000");
    await userEvent.click(screen.getByRole("button", { name: t.send }));
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(t.blacklisted));
  });

  it("a pasted '+86 138 0013 8000' is kept whole, gets its code and binds as 13800138000 (issue 25)", async () => {
    const root = bindRoot(locale);
    renderPage(<BindPhonePage />, { path: "/bindPhone", root });
    await userEvent.click(field(t.phone));
    await userEvent.paste("+86 138 0013 8000");
    expect((field(t.phone) as HTMLInputElement).value).toBe("+86 138 0013 8000");
    await userEvent.click(screen.getByRole("button", { name: t.send }));
    await waitFor(() => expect(root.ports.api.callsTo("sendSms")[0]?.input).toEqual({ phone: "13800138000" }));
    await userEvent.type(field(t.code), "4821");
    await userEvent.click(screen.getByRole("button", { name: t.bind }));
    await waitFor(() => expect(root.ports.api.callsTo("bindPhone")[0]?.input).toMatchObject({ phone: "13800138000" }));
  });

  it("binds with a valid phone and code and goes on to /personal", async () => {
    const root = bindRoot(locale);
    renderPage(<BindPhonePage />, { path: "/bindPhone", root });
    await userEvent.type(field(t.phone), "13800138000");
    await userEvent.type(field(t.code), "4821");
    await userEvent.click(screen.getByRole("button", { name: t.bind }));
    await waitFor(() => expect(where()).toBe("/personal"));
    expect(root.ports.api.callsTo("bindPhone")).toHaveLength(1);
  });

  it("opened without signing in first, says so and offers the sign-in", () => {
    renderPage(<BindPhonePage />, { path: "/bindPhone", root: testRoot({ locale }) });
    expect(screen.getByText(t.signInFirst)).toBeTruthy();
    expect(screen.queryByLabelText(t.phone)).toBeNull();
  });
});

const activationRoot = (locale: Messages.Locale) => testRoot({ locale, ports: { tokens: new MemoryTokenStore({ token: "t", activated: false }) } });

describe.each(LOCALES)("/activated in %s", (locale) => {
  const t = T[locale];

  it("labels the invite code with its limit", () => {
    renderPage(<ActivatedPage />, { path: "/activated", root: activationRoot(locale) });
    expect(describedBy(field(t.invite))).toEqual([t.inviteHint]);
  });

  it("an empty code reads 'invite code cannot be empty', tied to the input", async () => {
    const root = activationRoot(locale);
    renderPage(<ActivatedPage />, { path: "/activated", root });
    await userEvent.click(screen.getByRole("button", { name: t.activate }));
    await waitFor(() => expect(describedBy(field(t.invite))).toEqual([t.inviteHint, t.inviteEmpty]));
    expect(field(t.invite).getAttribute("aria-invalid")).toBe("true");
    expect(root.ports.api.calls).toHaveLength(0);
  });

  it("the input stops at 32 characters, as its hint says (issue 25)", async () => {
    renderPage(<ActivatedPage />, { path: "/activated", root: activationRoot(locale) });
    await userEvent.type(field(t.invite), "X".repeat(40));
    expect((field(t.invite) as HTMLInputElement).value).toBe("X".repeat(32));
  });

  it("a code typed in lower case with blanks around is sent upper case and trimmed (issue 25)", async () => {
    const root = activationRoot(locale);
    renderPage(<ActivatedPage />, { path: "/activated", root });
    await userEvent.type(field(t.invite), " fuel-7q2m ");
    await userEvent.click(screen.getByRole("button", { name: t.activate }));
    await waitFor(() => expect(root.ports.api.callsTo("activate")[0]?.input).toEqual({ code: "FUEL-7Q2M" }));
  });

  it("a customer without a code can sign out: the session ends and /login opens (issue 25)", async () => {
    const root = activationRoot(locale);
    renderPage(<ActivatedPage />, { path: "/activated", root });
    expect(screen.getByText(t.noInviteCode)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: t.signOut }));
    await waitFor(() => expect(where()).toBe("/login"));
    expect(root.session.signedIn).toBe(false);
  });

  it("a customer the guard sent here from a protected page goes back to it once activated (issue 25)", async () => {
    const root = activationRoot(locale);
    root.ports.api.on("activate", null);
    renderPage(
      <Guarded>
        <p>order list</p>
      </Guarded>,
      { path: "/orderlist?tab=unused", route: "/orderlist", root, also: { "/activated": <ActivatedPage /> } },
    );
    await waitFor(() => expect(where()).toBe("/activated"));
    await userEvent.type(field(t.invite), "FUEL-7Q2M");
    await userEvent.click(screen.getByRole("button", { name: t.activate }));
    await waitFor(() => expect(where()).toBe("/orderlist?tab=unused"));
    expect(screen.getByText("order list")).toBeTruthy();
  });

  it("a wrong code reads 'invite code wrong, contact admin' with the service phone as a tel: link", async () => {
    const root = activationRoot(locale);
    root.ports.api.fail("activate", new ServerRefused({ message: "invite code wrong, contact admin 400-800-1234", status: 400, tag: "InviteCodeWrong" }));
    renderPage(<ActivatedPage />, { path: "/activated", root });
    await userEvent.type(field(t.invite), "NOPE");
    await userEvent.click(screen.getByRole("button", { name: t.activate }));
    const link = await screen.findByRole("link", { name: "400-800-1234" });
    expect(link.getAttribute("href")).toBe("tel:4008001234");
    expect(link.closest("[role=alert]")?.textContent).toBe(`${t.wrongBefore}400-800-1234`);
  });

  it("a right code activates and goes home", async () => {
    const root = activationRoot(locale);
    renderPage(<ActivatedPage />, { path: "/activated", root });
    await userEvent.type(field(t.invite), "FUEL-7Q2M");
    await userEvent.click(screen.getByRole("button", { name: t.activate }));
    await waitFor(() => expect(where()).toBe("/recharge/2"));
    expect(root.session.activated).toBe(true);
  });
});

describe.each(LOCALES)("/register in %s", (locale) => {
  const t = T[locale];

  it("labels username and password with their limits", () => {
    renderPage(<RegisterPage />, { path: "/register", root: testRoot({ locale }) });
    expect(field(t.username)).toBeTruthy();
    expect(describedBy(field(t.password))).toEqual([t.passwordHint]);
  });

  it("submitting empty shows what is missing", async () => {
    renderPage(<RegisterPage />, { path: "/register", root: testRoot({ locale }) });
    await userEvent.click(screen.getByRole("button", { name: t.register }));
    expect(await screen.findByText(t.usernameRequired)).toBeTruthy();
    expect(await screen.findByText(t.passwordShort)).toBeTruthy();
  });

  it("a filled form explains that accounts are made through WeChat and sends nothing", async () => {
    const root = testRoot({ locale });
    renderPage(<RegisterPage />, { path: "/register", root });
    await userEvent.type(field(t.username), "liwei");
    await userEvent.type(field(t.password), "s3cret-pass");
    await userEvent.click(screen.getByRole("button", { name: t.register }));
    expect(await screen.findByText(t.registerTitle)).toBeTruthy();
    expect(root.ports.api.calls).toHaveLength(0);
  });
});

describe.each(LOCALES)("/forgetPassword in %s", (locale) => {
  const t = T[locale];

  it("labels phone, code and new password with their limits", () => {
    renderPage(<ForgetPasswordPage />, { path: "/forgetPassword", root: testRoot({ locale }) });
    expect(describedBy(field(t.phone))).toEqual([t.phoneHint]);
    expect(describedBy(field(t.code))).toEqual([t.codeHint]);
    expect(describedBy(field(t.newPassword))).toEqual([t.passwordHint]);
  });

  it("submitting empty shows the domain's messages and sends nothing", async () => {
    const root = testRoot({ locale });
    renderPage(<ForgetPasswordPage />, { path: "/forgetPassword", root });
    await userEvent.click(screen.getByRole("button", { name: t.reset }));
    await waitFor(() => expect(describedBy(field(t.newPassword))).toEqual([t.passwordHint, t.passwordShort]));
    expect(describedBy(field(t.phone))).toEqual([t.phoneHint, t.phoneInvalid]);
    expect(root.ports.api.calls).toHaveLength(0);
  });

  it("shares the countdown with /bindPhone: a code sent there still counts down here, its phone filled in", async () => {
    const root = bindRoot(locale);
    await root.use(smsCodeStore).send("13800138000");
    renderPage(<ForgetPasswordPage />, { path: "/forgetPassword", root });
    expect(field(t.phone).value).toBe("13800138000");
    expect(await screen.findByRole("button", { name: t.resend })).toBeTruthy();
  });

  it("resets with phone, code and new password, then goes to /login", async () => {
    const root = testRoot({ locale });
    renderPage(<ForgetPasswordPage />, { path: "/forgetPassword", root });
    await userEvent.type(field(t.phone), "13800138000");
    await userEvent.type(field(t.code), "4821");
    await userEvent.type(field(t.newPassword), "n3w-s3cret");
    await userEvent.click(screen.getByRole("button", { name: t.reset }));
    await waitFor(() => expect(where()).toBe("/login"));
    expect(root.ports.api.callsTo("resetPassword")[0]?.input).toEqual({ phone: "13800138000", captcha: "4821", password: "n3w-s3cret" });
  });
});
