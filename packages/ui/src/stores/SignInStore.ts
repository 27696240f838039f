import type { AppPorts } from "@fuel/adapters/ports";
import { Routes } from "@fuel/domain";
import { makeAutoObservable, runInAction } from "mobx";
import type { TextKey } from "../i18n/catalogue.ts";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { reportFailure } from "./failures.ts";
import type { Problem } from "./messages.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import { run } from "./run.ts";
import type { SessionStore } from "./SessionStore.ts";
import { storeKind } from "./storeKind.ts";

/** Where the one-time OAuth `state` waits for the provider's answer (this tab only). */
export const OAUTH_STATE_KEY = "fuel.oauthState";
/** Where the openid of a customer without a phone waits for /bindPhone (this tab only). */
export const BIND_OPENID_KEY = "fuel.bindOpenid";

/** The page the login flow ends on without a page to return to (spec §4 "the app goes to personal"). */
export const AFTER_SIGN_IN_PATH = Routes.SIGN_IN_END_PATH;
/** The page the messaging app sends the customer back to. */
export const RETURN_PATH = "/wechatlogin";

/** Where the sign-in through the messaging app stands. */
export type SignInPhase =
  | { readonly _tag: "Idle" }
  /** Off to the provider's authorize page. */
  | { readonly _tag: "Leaving" }
  /** Exchanging the returned code with the server. */
  | { readonly _tag: "Exchanging" }
  /** The exchange failed; the error says why (worded by the page). */
  | { readonly _tag: "Failed"; readonly error: Problem };

/** The query the provider sends the customer back with. */
export interface ProviderReturn {
  readonly code: string | null;
  readonly state: string | null;
}

/**
 * Sign-in through the messaging app (spec §4 login flow). /login leaves for the provider's
 * authorize URL with a one-time random `state` kept in this tab; /wechatlogin takes the answer:
 * a missing or different `state` is refused (a forged or replayed return), and the kept one is
 * consumed either way. Then the code is exchanged: an unbound phone goes to /bindPhone with the
 * openid; otherwise the session is saved, the user loaded, and the customer goes back to the page
 * they were on or going to (`SessionStore.takeReturn`, issue 25), else /personal; one without
 * activation goes to /activated first.
 */
export class SignInStore {
  phase: SignInPhase = { _tag: "Idle" };
  /** The code this store has handled: React may run the page's effect twice; the code is used once. */
  #handled: string | undefined;

  constructor(
    private readonly ports: Pick<AppPorts, "signIn" | "browser" | "tabValues" | "session">,
    private readonly session: SessionStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /**
   * Leaves for the provider with a fresh one-time `state`. Not refused while already leaving: a
   * page restored from the back-forward cache must be able to start again; a second call only
   * replaces the kept state, and the provider answers the last address it was sent to.
   */
  async authorize(): Promise<void> {
    const state = this.ports.browser.randomId();
    this.ports.tabValues.set(OAUTH_STATE_KEY, state);
    this.phase = { _tag: "Leaving" };
    // Which provider applies is known once the server has said its mode; when it cannot be, stay here.
    const url = await run(this.ports.signIn.authorizeUrl({ redirectUri: `${this.ports.browser.origin()}${RETURN_PATH}`, state }));
    if (!url.ok) {
      runInAction(() => (this.phase = { _tag: "Failed", error: url.error }));
      return;
    }
    this.ports.browser.assign(url.value);
  }

  /**
   * /wechatlogin opened: without an answer from the provider, start the authorization; with one,
   * check its `state` and exchange its code.
   */
  async arrive(query: ProviderReturn): Promise<void> {
    if (query.code === null && query.state === null) return this.authorize();
    const key = `${query.code ?? ""}|${query.state ?? ""}`;
    if (this.#handled === key) return;
    this.#handled = key;
    const kept = this.ports.tabValues.get(OAUTH_STATE_KEY);
    this.ports.tabValues.set(OAUTH_STATE_KEY, null);

    // A reload of the return address after signing in: the code is used up, the session is here.
    if (this.session.signedIn) {
      this.navigation.go(this.session.takeReturn(), { replace: true });
      return;
    }
    // The provider comes back with the state but no code when the customer declined.
    if (query.code === null || query.code === "") return this.refuse("signin.declined");
    if (query.state === null || kept === null || query.state !== kept) return this.refuse("signin.stateRefused");

    this.phase = { _tag: "Exchanging" };
    const answer = await run(this.ports.session.wechatAuth(query.code));
    if (!answer.ok) {
      const shown = reportFailure(answer.error, this.i18n, this.notices);
      runInAction(() => (this.phase = shown === undefined ? { _tag: "Idle" } : { _tag: "Failed", error: answer.error }));
      return;
    }
    const auth = answer.value;
    if (auth.unBindPhone) {
      this.ports.tabValues.set(BIND_OPENID_KEY, auth.info.openid);
      runInAction(() => (this.phase = { _tag: "Idle" }));
      this.navigation.go("/bindPhone", { replace: true });
      return;
    }
    await this.session.signedInWith(auth.token, auth.is_activated);
    runInAction(() => (this.phase = { _tag: "Idle" }));
    this.navigation.go(this.session.takeReturn(), { replace: true });
  }

  private refuse(key: TextKey): void {
    this.phase = { _tag: "Idle" };
    this.notices.show(this.i18n.t(key), "fail");
    this.navigation.go(Routes.LOGIN_PATH, { replace: true });
  }
}

/** Built the first time /wechatlogin opens (./storeKind.ts). */
export const signInStore = storeKind((root) => new SignInStore(root.ports, root.session, root.i18n, root.notices, root.navigation));
