import type { SessionEnded } from "@fuel/adapters/ports";
import { Result } from "effect";
import { Staff } from "@fuel/domain";
import type { DeskMeResponse } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../stores/messages.ts";
import type { NoticeStore } from "../../stores/NoticeStore.ts";
import { run } from "../../stores/run.ts";
import type { DeskI18n } from "../i18n/DeskI18n.ts";
import { deskProblem, describeDeskError } from "./deskMessages.ts";
import type { DeskPorts } from "./DeskPorts.ts";

/** The password fields of the desk's form (no current password in the change forced after a one-time password). */
export interface DeskPasswordForm {
  readonly oldPassword?: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

/**
 * Who is at the desk: `undefined` while the server is asked, `null` when nobody is signed in,
 * else the staff member (name, role, stations, whether the one-time password must be replaced).
 * Sign-in, the password change and sign-out; a 401 from any desk call ends the session here
 * (`ended`). What a role may do is the domain's rule (`Staff.may`), asked through {@link may}.
 */
export class DeskSession {
  me: DeskMeResponse | null | undefined = undefined;
  /** Why the last sign-in, password change or load failed, worded when shown. */
  problem: Problem | undefined = undefined;
  busy = false;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
    private readonly notices: NoticeStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get problemText(): string | undefined {
    return this.problem === undefined ? undefined : describeDeskError(this.problem, this.i18n);
  }

  /** Whether the signed-in staff member may do `action` (nobody signed in may do nothing). */
  may(action: Staff.Action): boolean {
    return this.me != null && !this.me.must_change_password && Staff.may(this.me.role, action);
  }

  /** Whether the password form asks for the current password: not in the change forced right after a one-time password (the domain's rule). */
  get oldPasswordNeeded(): boolean {
    return Staff.oldPasswordRequired(this.me?.must_change_password ?? false);
  }

  /** At start: is there a live session (the cookie)? A 401 means no; a network failure is shown with a retry. */
  async load(): Promise<void> {
    this.problem = undefined;
    const answer = await run(this.ports.api.call("deskMe", {}));
    runInAction(() => {
      if (answer.ok) this.me = answer.value;
      else if (answer.error._tag === "SessionEnded") this.me = null;
      else this.problem = answer.error;
    });
  }

  async signIn(name: string, password: string): Promise<boolean> {
    if (this.busy) return false;
    if (name.trim() === "") return this.refuse(deskProblem("desk.nameRequired"));
    if (password === "") return this.refuse(deskProblem("desk.passwordRequired"));
    this.busy = true;
    this.problem = undefined;
    const login = await run(this.ports.api.call("deskLogin", { name: name.trim(), password }));
    if (!login.ok) return this.settle(login.error);
    const me = await run(this.ports.api.call("deskMe", {}));
    if (!me.ok) return this.settle(me.error);
    runInAction(() => {
      this.busy = false;
      this.me = me.value;
    });
    return true;
  }

  /** The new password checked by the domain's rule first, then sent; the other sessions end on the server. */
  async changePassword(form: DeskPasswordForm): Promise<boolean> {
    const me = this.me;
    if (me == null || this.busy) return false;
    if (form.newPassword !== form.confirmPassword) return this.refuse(deskProblem("desk.passwordsDiffer"));
    // The forced change sends no current password even if one was typed: the session is the proof.
    const oldPassword = this.oldPasswordNeeded ? form.oldPassword : undefined;
    const typed = oldPassword === undefined ? {} : { oldPassword };
    const checked = Staff.validateNewStaffPassword({ name: me.name, newPassword: form.newPassword, mustChangePassword: me.must_change_password, ...typed });
    if (Result.isFailure(checked)) return this.refuse(checked.failure);
    this.busy = true;
    this.problem = undefined;
    const answer = await run(
      this.ports.api.call("deskPassword", { new_password: form.newPassword, ...(oldPassword === undefined ? {} : { old_password: oldPassword }) }),
    );
    if (!answer.ok) return this.settle(answer.error);
    runInAction(() => {
      this.busy = false;
      this.me = { ...me, must_change_password: false };
    });
    this.notices.show(this.i18n.t("desk.passwordSaved"), "success");
    return true;
  }

  async signOut(): Promise<void> {
    const answer = await run(this.ports.api.call("deskLogout", {}));
    runInAction(() => {
      if (answer.ok || answer.error._tag === "SessionEnded") this.me = null;
      else this.problem = answer.error;
    });
    if (answer.ok) this.notices.show(this.i18n.t("desk.signedOut"));
  }

  /** Any desk call answered 401: the session is over (idle, signed out elsewhere, disabled). */
  ended(error: SessionEnded): void {
    if (this.me == null) return;
    this.me = null;
    this.notices.show(describeDeskError(error, this.i18n), "fail");
  }

  private refuse(why: Problem): false {
    this.problem = why;
    return false;
  }

  private settle(error: Problem): false {
    runInAction(() => {
      this.busy = false;
      this.problem = error;
    });
    return false;
  }
}
