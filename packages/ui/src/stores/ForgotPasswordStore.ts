import type { AppPorts } from "@fuel/adapters/ports";
import { Routes, Validation } from "@fuel/domain";
import { Result } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { reportFailure } from "./failures.ts";
import { describeError } from "./messages.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import { run } from "./run.ts";
import { storeKind } from "./storeKind.ts";

/** Resetting a forgotten password: at rest or sending. */
export type ForgotPasswordPhase = { readonly _tag: "Idle" } | { readonly _tag: "Resetting" };

/**
 * /forgetPassword: a new password proven by an SMS code to the account's phone, through
 * `/api/user/resetpassword` with `{phone, captcha, password}` (spec §7; no token needed). The
 * server uses the code up and ends every session of the account, so the customer lands on /login.
 * The code is sent by the shared {@link SmsCodeStore} (the same 60 s countdown as /bindPhone).
 */
export class ForgotPasswordStore {
  phase: ForgotPasswordPhase = { _tag: "Idle" };

  constructor(
    private readonly ports: Pick<AppPorts, "session">,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Sets the new password (each field checked with the domain's rules first). */
  async reset(input: { readonly phone: string; readonly code: string; readonly password: string }): Promise<void> {
    if (this.phase._tag === "Resetting") return;
    const phone = Validation.validatePhone(input.phone);
    const code = Validation.validateSmsCode(input.code);
    const password = Validation.validatePassword(input.password);
    if (Result.isFailure(phone)) return this.invalid(phone.failure);
    if (Result.isFailure(code)) return this.invalid(code.failure);
    if (Result.isFailure(password)) return this.invalid(password.failure);
    this.phase = { _tag: "Resetting" };
    const answer = await run(this.ports.session.resetPassword({ phone: phone.success, captcha: code.success, password: password.success }));
    runInAction(() => (this.phase = { _tag: "Idle" }));
    if (!answer.ok) {
      reportFailure(answer.error, this.i18n, this.notices);
      return;
    }
    this.notices.show(this.i18n.t("signin.passwordReset"), "success");
    this.navigation.go(Routes.LOGIN_PATH, { replace: true });
  }

  private invalid(error: { readonly _tag: string }): void {
    this.notices.show(describeError(error, this.i18n), "fail");
  }
}

/** Built the first time /forgetPassword opens (./storeKind.ts). */
export const forgotPasswordStore = storeKind((root) => new ForgotPasswordStore(root.ports, root.i18n, root.notices, root.navigation));
