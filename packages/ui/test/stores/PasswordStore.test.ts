import { MemoryTokenStore } from "@fuel/adapters/testing";
import { offline, ServerRefused, SessionEnded } from "@fuel/adapters/ports";
import { Effect } from "effect";
import { reaction } from "mobx";
import { describe, expect, it } from "vitest";
import { testRoot } from "../support/render.tsx";
import { passwordStore } from "../../src/stores/PasswordStore.ts";

const signedIn = (locale: "en" | "zh-CN" = "en") => testRoot({ locale, ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
const good = { oldPassword: "old-secret", newPassword: "new-secret", confirmPassword: "new-secret" };

describe("PasswordStore: change password (/resetPassword)", () => {
  it("an empty field is required and nothing is sent (spec §5)", async () => {
    const root = signedIn();
    expect(await root.use(passwordStore).changePassword({ ...good, oldPassword: "" })).toBe(false);
    expect(root.use(passwordStore).errorOf("oldPassword")).toBe("all password fields are required");
    expect(root.ports.api.callsTo("resetPassword")).toHaveLength(0);
  });

  it("a password shorter than 6 is refused under its own field (spec §5)", async () => {
    const root = signedIn();
    await root.use(passwordStore).changePassword({ ...good, newPassword: "12345", confirmPassword: "12345" });
    expect(root.use(passwordStore).errorOf("newPassword")).toBe("password must have at least 6 characters");
    expect(root.use(passwordStore).errorOf("oldPassword")).toBeUndefined();
  });

  it("a confirmation that differs: 'passwords do not match' under the confirmation (spec §5)", async () => {
    const root = signedIn();
    await root.use(passwordStore).changePassword({ ...good, confirmPassword: "new-secreT" });
    expect(root.use(passwordStore).errorOf("confirmPassword")).toBe("passwords do not match");
    expect(root.ports.api.callsTo("resetPassword")).toHaveLength(0);
  });

  it("messages follow the language: 'passwords do not match' in zh-CN", async () => {
    const root = signedIn("zh-CN");
    await root.use(passwordStore).changePassword({ ...good, confirmPassword: "other-one" });
    expect(root.use(passwordStore).errorOf("confirmPassword")).toBe("两次密码不一致");
  });

  it("a message shown switches language with the app", async () => {
    const root = signedIn();
    await root.use(passwordStore).changePassword({ ...good, confirmPassword: "other-one" });
    root.i18n.setLocale("zh-CN");
    expect(root.use(passwordStore).errorOf("confirmPassword")).toBe("两次密码不一致");
  });

  it("editing a field clears its message only", async () => {
    const root = signedIn();
    await root.use(passwordStore).changePassword({ oldPassword: "", newPassword: "", confirmPassword: "" });
    root.use(passwordStore).edited("newPassword");
    expect(root.use(passwordStore).errorOf("newPassword")).toBeUndefined();
    expect(root.use(passwordStore).errorOf("oldPassword")).toBeDefined();
  });

  it("a valid change sends old, new and confirm, toasts success and goes back to /setting", async () => {
    const root = signedIn();
    expect(await root.use(passwordStore).changePassword(good)).toBe(true);
    expect(root.ports.api.callsTo("resetPassword")[0]?.input).toEqual({ old_password: "old-secret", new_password: "new-secret", confirm_password: "new-secret" });
    expect(root.notices.latest).toMatchObject({ text: "Password changed", kind: "success" });
    expect(root.navigation.pending).toMatchObject({ to: "/setting", replace: true });
  });

  it("the server's refusal is shown as a toast and the customer stays on the form (spec §8)", async () => {
    const root = signedIn();
    root.ports.api.fail("resetPassword", new ServerRefused({ message: "old password is wrong", status: 400, tag: "OldPasswordWrong" }));
    expect(await root.use(passwordStore).changePassword(good)).toBe(false);
    expect(root.notices.latest).toMatchObject({ text: "old password is wrong", kind: "fail" });
    expect(root.navigation.pending).toBeUndefined();
    expect(root.use(passwordStore).submitting).toBe(false);
  });

  it("offline: 'network unavailable' and the customer stays on the form", async () => {
    const root = signedIn();
    root.ports.api.fail("resetPassword", offline());
    await root.use(passwordStore).changePassword(good);
    expect(root.notices.latest).toMatchObject({ text: "network unavailable, check your connection", kind: "fail" });
    expect(root.navigation.pending).toBeUndefined();
  });

  it("a session that ends mid-flow lands on /login with the server's message, once", async () => {
    const root = signedIn();
    // What the HTTP client does on a 401: tell the session store, then fail the call.
    root.ports.api.on("resetPassword", () =>
      Effect.suspend(() => {
        const ended = new SessionEnded({ message: "please sign in again", status: 401 });
        root.session.ended(ended);
        return Effect.fail(ended);
      }),
    );
    const shown: string[] = [];
    reaction(() => root.notices.latest, (notice) => notice && shown.push(notice.text));
    await root.use(passwordStore).changePassword(good);
    expect(root.navigation.pending).toMatchObject({ to: "/login", replace: true });
    expect(root.session.signedIn).toBe(false);
    expect(shown).toEqual(["please sign in again"]);
  });

  it("a second submit while the first is on its way sends nothing", async () => {
    const root = signedIn();
    let answer: (() => void) | undefined;
    root.ports.api.on("resetPassword", () => Effect.promise(() => new Promise<null>((resolve) => (answer = () => resolve(null)))));
    const first = root.use(passwordStore).changePassword(good);
    expect(root.use(passwordStore).submitting).toBe(true);
    expect(await root.use(passwordStore).changePassword(good)).toBe(false);
    answer?.();
    await first;
    expect(root.ports.api.callsTo("resetPassword")).toHaveLength(1);
  });
});

describe("PasswordStore: set password (/setPassword)", () => {
  it("both fields are required (spec §5)", async () => {
    const root = signedIn();
    await root.use(passwordStore).setPassword({ newPassword: "", confirmPassword: "" });
    expect(root.use(passwordStore).errorOf("newPassword")).toBe("all password fields are required");
    expect(root.use(passwordStore).errorOf("confirmPassword")).toBe("all password fields are required");
  });

  it("a password shorter than 6 is refused (spec §5)", async () => {
    const root = signedIn("zh-CN");
    await root.use(passwordStore).setPassword({ newPassword: "abc", confirmPassword: "abc" });
    expect(root.use(passwordStore).errorOf("newPassword")).toBe("密码至少6位");
  });

  it("a confirmation that differs: 'passwords do not match'", async () => {
    const root = signedIn();
    await root.use(passwordStore).setPassword({ newPassword: "secret1", confirmPassword: "secret2" });
    expect(root.use(passwordStore).errorOf("confirmPassword")).toBe("passwords do not match");
    expect(root.ports.api.callsTo("setPassword")).toHaveLength(0);
  });

  it("a valid password is sent, toasted and the customer goes back to /setting", async () => {
    const root = signedIn();
    expect(await root.use(passwordStore).setPassword({ newPassword: "secret1", confirmPassword: "secret1" })).toBe(true);
    expect(root.ports.api.callsTo("setPassword")[0]?.input).toEqual({ password: "secret1" });
    expect(root.notices.latest).toMatchObject({ text: "Password set", kind: "success" });
    expect(root.navigation.pending).toMatchObject({ to: "/setting", replace: true });
  });

  it("a server refusal (a password is already set) is shown in the server's words", async () => {
    const root = signedIn();
    root.ports.api.fail("setPassword", new ServerRefused({ message: "a password is already set: change it with the old password", status: 409, tag: "PasswordAlreadySet" }));
    await root.use(passwordStore).setPassword({ newPassword: "secret1", confirmPassword: "secret1" });
    expect(root.notices.latest?.text).toBe("a password is already set: change it with the old password");
    expect(root.navigation.pending).toBeUndefined();
  });

  it("a refusal that names a rule we know is worded in the customer's language", async () => {
    const root = signedIn("zh-CN");
    root.ports.api.fail("setPassword", new ServerRefused({ message: "passwords do not match", status: 400, tag: "PasswordsDoNotMatch" }));
    await root.use(passwordStore).setPassword({ newPassword: "secret1", confirmPassword: "secret1" });
    expect(root.notices.latest?.text).toBe("两次密码不一致");
  });

  it("clear() forgets the last visit's messages", async () => {
    const root = signedIn();
    await root.use(passwordStore).setPassword({ newPassword: "", confirmPassword: "" });
    root.use(passwordStore).clear();
    expect(root.use(passwordStore).errors).toEqual({});
  });
});
