import type { AppPorts } from "@fuel/adapters/ports";
import { Routes, Validation } from "@fuel/domain";
import { Result } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { reportFailure } from "./failures.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import { run } from "./run.ts";
import type { SessionStore } from "./SessionStore.ts";
import { AFTER_SIGN_IN_PATH, BIND_OPENID_KEY } from "./SignInStore.ts";
import { describeError } from "./messages.ts";
import { storeKind } from "./storeKind.ts";

/** Binding a phone: at rest, or proving and binding it. */
export type BindPhonePhase = { readonly _tag: "Idle" } | { readonly _tag: "Binding" };

/**
 * /bindPhone (spec §4: a customer whose messaging-app identity has no phone binds one). The phone
 * is proven with the SMS code (`check_captcha`, which records the proof for this openid), then
 * bound (`bindphone`), which answers the session: saved, user loaded, on to /personal (or
 * /activated, by the guard). The openid comes from /wechatlogin through this tab's storage.
 */
export class BindPhoneStore {
  phase: BindPhonePhase = { _tag: "Idle" };
  /**
   * The phone whose code was already accepted for this openid. The code is used up by the check,
   * but the proof stays on the server a while: when binding then failed (the network), trying
   * again binds without checking the spent code.
   */
  #proven: { readonly phone: string; readonly openid: string } | undefined;

  constructor(
    private readonly ports: Pick<AppPorts, "session" | "tabValues">,
    private readonly session: SessionStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The openid /wechatlogin left for this page; `null` when sign-in did not start in this tab. */
  waitingOpenid(): string | null {
    return this.ports.tabValues.get(BIND_OPENID_KEY);
  }

  /**
   * Proves and binds `phone` with the SMS `code`. The form has already checked both with the
   * domain's rules; they are checked again here, so a store caller cannot skip them.
   */
  async bind(input: { readonly phone: string; readonly code: string }): Promise<void> {
    if (this.phase._tag === "Binding") return;
    const openid = this.ports.tabValues.get(BIND_OPENID_KEY);
    if (openid === null) {
      this.notices.show(this.i18n.t("signin.signInFirst"), "fail");
      this.navigation.go(Routes.LOGIN_PATH, { replace: true });
      return;
    }
    const phone = Validation.validatePhone(input.phone);
    const code = Validation.validateSmsCode(input.code);
    if (Result.isFailure(phone)) return this.invalid(phone.failure);
    if (Result.isFailure(code)) return this.invalid(code.failure);

    this.phase = { _tag: "Binding" };
    if (this.#proven?.phone !== phone.success || this.#proven.openid !== openid) {
      const checked = await run(this.ports.session.checkCaptcha({ phone: phone.success, captcha: code.success, openid }));
      if (!checked.ok) return this.failed(checked.error);
      this.#proven = { phone: phone.success, openid };
    }
    const bound = await run(this.ports.session.bindPhone({ phone: phone.success, openid }));
    if (!bound.ok) return this.failed(bound.error);
    this.#proven = undefined;
    this.ports.tabValues.set(BIND_OPENID_KEY, null);
    await this.session.signedInWith(bound.value.token, bound.value.is_activated);
    runInAction(() => (this.phase = { _tag: "Idle" }));
    this.navigation.go(this.session.takeReturn(AFTER_SIGN_IN_PATH), { replace: true });
  }

  private invalid(error: { readonly _tag: string }): void {
    this.notices.show(describeError(error, this.i18n), "fail");
  }

  private failed(error: Parameters<typeof reportFailure>[0]): void {
    runInAction(() => (this.phase = { _tag: "Idle" }));
    reportFailure(error, this.i18n, this.notices);
  }
}

/** Built the first time /bindPhone opens (./storeKind.ts). */
export const bindPhoneStore = storeKind((root) => new BindPhoneStore(root.ports, root.session, root.i18n, root.notices, root.navigation));
