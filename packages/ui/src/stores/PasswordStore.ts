import type { AppPorts } from "@fuel/adapters/ports";
import { Validation } from "@fuel/domain";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { describeError } from "./messages.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import { run } from "./run.ts";
import { storeKind } from "./storeKind.ts";

/** Where both password forms return when the server has accepted the password. */
export const SETTINGS_PATH = "/setting";

/**
 * The signed-in customer's password forms: /setPassword (new and confirm) and /resetPassword
 * (old, new and confirm). Spec §5's rules come from `Validation`, field by field so each message
 * shows under its input; a refusal from the server is a toast (spec §8); on success a toast and
 * back to /setting. Holds no typed password: the page passes the fields in on submit.
 */
export class PasswordStore {
  /** The rule each field breaks, from the last submit (cleared as the customer edits that field). */
  errors: Partial<Record<Validation.PasswordField, Validation.PasswordFieldError>> = {};
  submitting = false;

  constructor(
    private readonly ports: Pick<AppPorts, "session">,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The message under a field, in the customer's current language (so a language switch re-words it). */
  errorOf(field: Validation.PasswordField): string | undefined {
    const error = this.errors[field];
    return error === undefined ? undefined : describeError(error, this.i18n);
  }

  /** A fresh form (the page opened again): no messages from the last visit. */
  clear(): void {
    this.errors = {};
  }

  /** The customer changed a field: its old message no longer describes it. */
  edited(field: Validation.PasswordField): void {
    if (this.errors[field] === undefined) return;
    const { [field]: _gone, ...rest } = this.errors;
    this.errors = rest;
  }

  /** /setPassword. Resolves true when the server accepted the password. */
  async setPassword(form: Validation.NewPassword): Promise<boolean> {
    return this.submit(form, () => this.ports.session.setPassword(form.newPassword), "passwordSet");
  }

  /** /resetPassword. Resolves true when the server accepted the change. */
  async changePassword(form: Validation.PasswordChange): Promise<boolean> {
    return this.submit(
      form,
      () => this.ports.session.resetPassword({ old_password: form.oldPassword, new_password: form.newPassword, confirm_password: form.confirmPassword }),
      "passwordChanged",
    );
  }

  private async submit(
    form: Validation.NewPassword & { readonly oldPassword?: string },
    call: () => ReturnType<AppPorts["session"]["setPassword"]> | ReturnType<AppPorts["session"]["resetPassword"]>,
    done: "passwordSet" | "passwordChanged",
  ): Promise<boolean> {
    if (this.submitting) return false;
    this.errors = Validation.passwordFieldErrors(form);
    if (Object.keys(this.errors).length > 0) return false;
    this.submitting = true;
    const answer = await run(call());
    runInAction(() => {
      this.submitting = false;
      if (answer.ok) {
        this.notices.show(this.i18n.t(done), "success");
        this.navigation.go(SETTINGS_PATH, { replace: true });
      } else if (answer.error._tag !== "SessionEnded" && answer.error._tag !== "NotActivated") {
        // A session that ended (or an account not activated) was already told and moved on by the
        // HTTP client's callback to the session store: a second toast would repeat it.
        this.notices.show(describeError(answer.error, this.i18n), "fail");
      }
    });
    return answer.ok;
  }
}

/** Built the first time /setPassword or /resetPassword opens (./storeKind.ts). */
export const passwordStore = storeKind((root) => new PasswordStore(root.ports, root.i18n, root.notices, root.navigation));
