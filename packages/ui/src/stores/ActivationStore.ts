import type { AppPorts } from "@fuel/adapters/ports";
import { Routes, Validation } from "@fuel/domain";
import { Result } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { reportFailure } from "./failures.ts";
import { failed, idle, loaded, loading, type Load } from "./Load.ts";
import { describeError } from "./messages.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import { run } from "./run.ts";
import type { SessionStore } from "./SessionStore.ts";
import type { SiteStore } from "./SiteStore.ts";
import { storeKind } from "./storeKind.ts";

/** Redeeming an invite code: at rest, sending it, or refused as wrong. */
export type ActivationPhase = { readonly _tag: "Idle" } | { readonly _tag: "Activating" } | { readonly _tag: "WrongCode" };

/**
 * /activated (spec §1, §6: an account is used only after a single-use invite code is redeemed).
 * A wrong code is answered, as spec §8 says, 'invite code wrong, contact admin' with the service
 * phone from the site settings (tel1), which the page makes tappable; the API's own toast for it is
 * suppressed (spec §7). Success marks the session activated and goes home (spec §2: /recharge/2).
 */
export class ActivationStore {
  phase: ActivationPhase = { _tag: "Idle" };

  constructor(
    private readonly ports: Pick<AppPorts, "session">,
    private readonly session: SessionStore,
    private readonly site: SiteStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Redeems `raw` (checked with the domain's invite-code rule first). */
  async activate(raw: string): Promise<void> {
    if (this.phase._tag === "Activating") return;
    const code = Validation.validateInviteCode(raw);
    if (Result.isFailure(code)) {
      this.notices.show(describeError(code.failure, this.i18n), "fail");
      return;
    }
    this.phase = { _tag: "Activating" };
    const answer = await run(this.ports.session.activate(code.success));
    if (!answer.ok) {
      const error = answer.error;
      if (error._tag === "ServerRefused" && error.tag === "InviteCodeWrong") {
        runInAction(() => (this.phase = { _tag: "WrongCode" }));
        await this.site.load();
        return;
      }
      runInAction(() => (this.phase = { _tag: "Idle" }));
      reportFailure(error, this.i18n, this.notices);
      return;
    }
    await this.session.markActivated();
    runInAction(() => (this.phase = { _tag: "Idle" }));
    this.notices.show(this.i18n.t("signin.activated"), "success");
    this.navigation.go(this.session.takeReturn(Routes.HOME_PATH), { replace: true });
  }

  /** The customer edits the code after a refusal: the refusal no longer describes what is typed. */
  edited(): void {
    if (this.phase._tag === "WrongCode") this.phase = { _tag: "Idle" };
  }

  /** The service phone to call about a wrong code (the site settings' tel1, loaded by the SiteStore when first needed). */
  get servicePhone(): Load<string> {
    const info = this.site.info;
    switch (info._tag) {
      case "Idle":
        return idle;
      case "Loading":
        return loading(info.previous?.tel1);
      case "Loaded":
        return loaded(info.value.tel1);
      case "Failed":
        return failed(info.error, info.previous?.tel1);
    }
  }
}

/** Built the first time /activated opens (./storeKind.ts). */
export const activationStore = storeKind((root) => new ActivationStore(root.ports, root.session, root.site, root.i18n, root.notices, root.navigation));
