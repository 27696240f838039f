import { Result } from "effect";
import { Validation } from "@fuel/domain";
import { makeAutoObservable, runInAction } from "mobx";
import { failing, idle, loaded, reloading, valueOf, type Load } from "../../../stores/Load.ts";
import type { Problem } from "../../../stores/messages.ts";
import type { NoticeStore } from "../../../stores/NoticeStore.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { describeDeskError } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";

/**
 * The admin's blacklist (issue 26, spec §6): the refused phones, adding one (read by the domain's
 * phone rule, so a pasted '+86 139 1234 5678' is the number it names, and a wrong one is refused
 * before sending) and removing one. The screen confirms each change before calling it.
 */
export class BlacklistStore {
  list: Load<ReadonlyArray<string>> = idle;
  phoneText = "";
  phoneProblem: Problem | undefined = undefined;
  /** The change in flight (one at a time). */
  changing: { readonly phone: string; readonly act: "add" | "remove" } | undefined = undefined;
  /** Why the last add or remove was refused. */
  changeProblem: Problem | undefined = undefined;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
    private readonly notices: NoticeStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get phones(): ReadonlyArray<string> | undefined {
    return valueOf(this.list);
  }

  async load(): Promise<void> {
    this.list = reloading(this.list);
    const answer = await run(this.ports.api.call("deskBlacklist", {}));
    runInAction(() => {
      this.list = answer.ok ? loaded(answer.value.phones) : failing(this.list, answer.error);
    });
  }

  setPhone(text: string): void {
    this.phoneText = text;
    this.phoneProblem = undefined;
  }

  /** The typed phone as the rules read it, to confirm before adding; undefined (and why) when it is no phone. */
  checkedPhone(): string | undefined {
    const phone = Validation.validatePhone(this.phoneText);
    if (Result.isFailure(phone)) {
      this.phoneProblem = phone.failure;
      return undefined;
    }
    return phone.success;
  }

  /** Blacklists `phone` (as {@link checkedPhone} read it); the field empties on success. */
  async add(phone: string): Promise<boolean> {
    const answer = await this.change(phone, "add");
    if (answer === undefined) return false;
    runInAction(() => {
      this.phoneText = "";
      this.replacePhones((phones) => [...new Set([...phones, phone])].sort());
    });
    this.notices.show(this.i18n.t(answer.changed ? "desk.people.blacklist.added" : "desk.people.blacklist.already", { phone }), answer.changed ? "success" : "info");
    return true;
  }

  async remove(phone: string): Promise<boolean> {
    const answer = await this.change(phone, "remove");
    if (answer === undefined) return false;
    runInAction(() => this.replacePhones((phones) => phones.filter((p) => p !== phone)));
    this.notices.show(this.i18n.t("desk.people.blacklist.removed", { phone }), "success");
    return true;
  }

  get phoneProblemText(): string | undefined {
    return this.describe(this.phoneProblem);
  }

  get changeProblemText(): string | undefined {
    return this.describe(this.changeProblem);
  }

  get loadProblemText(): string | undefined {
    return this.list._tag === "Failed" ? this.describe(this.list.error) : undefined;
  }

  /** One change at a time; its answer, or undefined when refused (kept in {@link changeProblem}) or already busy. */
  private async change(phone: string, act: "add" | "remove"): Promise<{ readonly changed: boolean } | undefined> {
    if (this.changing !== undefined) return undefined;
    this.changing = { phone, act };
    this.changeProblem = undefined;
    const answer = await run(this.ports.api.call(act === "add" ? "deskBlacklistAdd" : "deskBlacklistRemove", { phone }));
    runInAction(() => {
      this.changing = undefined;
      if (!answer.ok) this.changeProblem = answer.error;
    });
    return answer.ok ? answer.value : undefined;
  }

  // The server keeps the list ascending; a change is applied here rather than reloading the whole list.
  private replacePhones(change: (phones: ReadonlyArray<string>) => ReadonlyArray<string>): void {
    const phones = valueOf(this.list);
    if (phones !== undefined) this.list = loaded(change(phones));
  }

  private describe(problem: Problem | undefined): string | undefined {
    return problem === undefined ? undefined : describeDeskError(problem, this.i18n);
  }
}
