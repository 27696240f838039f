import type { AppPorts } from "@fuel/adapters/ports";
import { Routes } from "@fuel/domain";
import type { User } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import { forgetKeptCards } from "./kept/keptCardsKey.ts";
import { failing, idle, loaded, reloading, type Load } from "./Load.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import { run, runNow } from "./run.ts";
import { describeError, type Problem } from "./messages.ts";
import type { I18nStore } from "../i18n/I18nStore.ts";

/** Where the page to come back to after sign-in waits for this tab (through the OAuth round trip). */
export const RETURN_TO_KEY = "fuel.returnTo";

/**
 * The customer's session: the token and activation flag the guard reads (mirrored from the
 * `TokenStore` port so the UI reacts to them), and the signed-in user. Logging out, and the
 * server ending the session (spec §8: 401/403/422), both land on /login without a page load.
 * The page to return to after signing in again (issue 25) waits in this tab's `tabValues`, only
 * when `Routes.isSafeReturnPath` allows it, and is taken once.
 */
export class SessionStore {
  token: string | null;
  activated: boolean;
  user: Load<User> = idle;

  constructor(
    private readonly ports: Pick<AppPorts, "tokens" | "session" | "preferences" | "tabValues">,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
  ) {
    this.token = runNow(ports.tokens.token());
    this.activated = runNow(ports.tokens.activated());
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** What the route guard (`Routes.guard`) needs. */
  get facts(): Routes.Session {
    return { token: this.token, activated: this.activated };
  }

  get signedIn(): boolean {
    return this.token !== null && this.token !== "";
  }

  /** A sign-in answered a token (spec §4: save it, load the user). */
  async signedInWith(token: string, activated: boolean): Promise<void> {
    await run(this.ports.tokens.setToken(token));
    await run(this.ports.tokens.setActivated(activated));
    runInAction(() => {
      this.token = token;
      this.activated = activated;
    });
    await this.loadUser();
  }

  /** The invite code was accepted (spec §6). */
  async markActivated(): Promise<void> {
    await run(this.ports.tokens.setActivated(true));
    runInAction(() => (this.activated = true));
  }

  async loadUser(): Promise<void> {
    this.user = reloading(this.user);
    const answer = await run(this.ports.session.userInfo());
    runInAction(() => {
      if (answer.ok) {
        this.user = loaded(answer.value);
        if (answer.value.is_activated !== this.activated) void this.syncActivated(answer.value.is_activated);
      } else {
        this.user = failing(this.user, answer.error);
      }
    });
  }

  private async syncActivated(activated: boolean): Promise<void> {
    await run(this.ports.tokens.setActivated(activated));
    runInAction(() => (this.activated = activated));
  }

  /**
   * Remembers `address` as where signing in leads back to (the protected page an anonymous customer
   * was going to, the page a session ended on). Anything but a safe app address is not kept, and
   * leaves an earlier one as it was.
   */
  keepReturn(address: string | undefined): void {
    if (Routes.isSafeReturnPath(address)) this.ports.tabValues.set(RETURN_TO_KEY, address);
  }

  /**
   * Where the customer goes now that they are signed in (`Routes.afterSignInPath`): the kept
   * page, taken so it leads back once, or `otherwise`. Without activation the kept page waits for
   * /activated to take it.
   */
  takeReturn(otherwise?: string): string {
    const kept = this.ports.tabValues.get(RETURN_TO_KEY);
    const to = Routes.afterSignInPath(kept, this.activated, otherwise);
    if (this.activated) this.ports.tabValues.set(RETURN_TO_KEY, null);
    return to;
  }

  /** Spec §4: logout clears the token and the activation flag and lands on /login. */
  async logout(): Promise<void> {
    // The server forgets the token too; if it cannot be reached the device still signs out.
    if (this.signedIn) await run(this.ports.session.logout());
    await run(this.ports.tokens.clear());
    this.forget();
    // Signing out on purpose: the next sign-in, maybe someone else's, starts afresh.
    this.ports.tabValues.set(RETURN_TO_KEY, null);
    this.navigation.go(Routes.LOGIN_PATH, { replace: true });
  }

  /**
   * Spec §8: a 401/403/422 answer. The HTTP client has already cleared the token store; the app
   * shows why (worded now, in the customer's language) and goes to /login, keeping the page (no reload);
   * signing in again leads back to the page it ended on.
   */
  ended(error: Problem): void {
    this.keepReturn(this.navigation.current);
    this.forget();
    this.notices.show(describeError(error, this.i18n), "fail");
    this.navigation.go(Routes.LOGIN_PATH, { replace: true });
  }

  /** A signed-in call answered NotActivated (spec §6): the guard then sends the customer to /activated. */
  notActivated(): void {
    this.activated = false;
    void run(this.ports.tokens.setActivated(false));
    this.navigation.go(Routes.ACTIVATION_PATH, { replace: true });
  }

  private forget(): void {
    // The customer's cards kept on the device for the next visit (issue 23) leave with the session.
    forgetKeptCards(this.ports.preferences);
    this.token = null;
    this.activated = false;
    this.user = idle;
  }
}
