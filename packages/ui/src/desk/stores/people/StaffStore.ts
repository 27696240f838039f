import { Result } from "effect";
import { Staff } from "@fuel/domain";
import type { DeskStaffMember, DeskStation } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import { failing, idle, loaded, reloading, valueOf, type Load } from "../../../stores/Load.ts";
import type { Problem } from "../../../stores/messages.ts";
import type { NoticeStore } from "../../../stores/NoticeStore.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { describeDeskError } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";

/** The staff screen's data: every account, and the stations (a cashier's stations by name, the picker). */
export interface StaffView {
  readonly staff: ReadonlyArray<DeskStaffMember>;
  readonly stations: ReadonlyArray<DeskStation>;
}

/** The new account's form as typed. */
export interface StaffDraft {
  readonly name: string;
  readonly role: Staff.Role;
  readonly stations: ReadonlyArray<number>;
}

/** A one-time password just issued: shown until the admin dismisses it, never again (the server keeps only its hash). */
export interface IssuedPassword {
  readonly name: string;
  readonly password: string;
  readonly why: "added" | "reset";
}

/** An act on one account, in flight. */
export type StaffAct = "disable" | "enable" | "reset";

const emptyDraft: StaffDraft = { name: "", role: "cashier", stations: [] };

/**
 * The admin's staff accounts (issue 26): the list, adding an account (the name checked by the
 * domain's rule before it is sent), disabling, enabling and resetting one. A new or reset account's
 * one-time password is held here only until dismissed. Refusals (a taken name, one's own account,
 * the last admin) are the server's, kept as data and worded when shown.
 */
export class StaffStore {
  view: Load<StaffView> = idle;
  draft: StaffDraft = emptyDraft;
  /** What is wrong with the typed name, before sending. */
  nameProblem: Problem | undefined = undefined;
  /** Why the last add was refused. */
  addProblem: Problem | undefined = undefined;
  adding = false;
  /** The account an act is in flight for, and which act. */
  acting: { readonly name: string; readonly act: StaffAct } | undefined = undefined;
  /** Why the last disable, enable or reset was refused, shown at that account's row. */
  actProblem: { readonly name: string; readonly problem: Problem } | undefined = undefined;
  issued: IssuedPassword | undefined = undefined;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
    private readonly notices: NoticeStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get staff(): ReadonlyArray<DeskStaffMember> | undefined {
    return valueOf(this.view)?.staff;
  }

  get stations(): ReadonlyArray<DeskStation> {
    return valueOf(this.view)?.stations ?? [];
  }

  /** A station's title by id, for a cashier's row (an id the list does not know is shown as its number). */
  stationTitle(id: number): string {
    return this.stations.find((s) => s.id === id)?.title ?? this.i18n.t("desk.people.staff.stationUnknown", { id });
  }

  async load(): Promise<void> {
    this.view = reloading(this.view);
    const [staff, stations] = await Promise.all([run(this.ports.api.call("deskStaffList", {})), run(this.ports.api.call("deskStations", {}))]);
    runInAction(() => {
      if (!staff.ok) this.view = failing(this.view, staff.error);
      else if (!stations.ok) this.view = failing(this.view, stations.error);
      else this.view = loaded({ staff: staff.value.staff, stations: stations.value.stations });
    });
  }

  setName(name: string): void {
    this.draft = { ...this.draft, name };
    this.nameProblem = undefined;
  }

  setRole(role: Staff.Role): void {
    this.draft = { ...this.draft, role };
  }

  setStations(stations: ReadonlyArray<number>): void {
    this.draft = { ...this.draft, stations };
  }

  /** Adds the drafted account; on success its one-time password is {@link issued} and the list reloads. */
  async add(): Promise<boolean> {
    if (this.adding) return false;
    const name = Staff.validateStaffName(this.draft.name);
    if (Result.isFailure(name)) {
      this.nameProblem = name.failure;
      return false;
    }
    const { role, stations } = this.draft;
    this.adding = true;
    this.addProblem = undefined;
    // Only a cashier redeems at stations; another role's stations would mean nothing.
    const request = role === "cashier" ? { name: name.success, role, stations: [...stations] } : { name: name.success, role };
    const answer = await run(this.ports.api.call("deskStaffAdd", request));
    runInAction(() => {
      this.adding = false;
      if (!answer.ok) {
        this.addProblem = answer.error;
        return;
      }
      this.issued = { name: answer.value.name, password: answer.value.one_time_password, why: "added" };
      this.draft = { ...emptyDraft, role };
    });
    if (answer.ok) await this.load();
    return answer.ok;
  }

  async disable(name: string): Promise<boolean> {
    return this.toggle(name, "disable");
  }

  async enable(name: string): Promise<boolean> {
    return this.toggle(name, "enable");
  }

  /** A new one-time password for `name`, {@link issued} as an added account's is. */
  async reset(name: string): Promise<boolean> {
    if (!this.begin(name, "reset")) return false;
    const answer = await run(this.ports.api.call("deskStaffReset", { name }));
    runInAction(() => {
      this.acting = undefined;
      if (!answer.ok) this.actProblem = { name, problem: answer.error };
      else {
        this.issued = { name: answer.value.name, password: answer.value.one_time_password, why: "reset" };
        this.changeRow(name, { must_change_password: true });
      }
    });
    return answer.ok;
  }

  /** The admin has taken the password down: it is gone for good. */
  dismissIssued(): void {
    this.issued = undefined;
  }

  isActing(name: string): boolean {
    return this.acting?.name === name;
  }

  /** Why the last act on `name` was refused, in the admin's words. */
  actProblemText(name: string): string | undefined {
    return this.actProblem?.name === name ? describeDeskError(this.actProblem.problem, this.i18n) : undefined;
  }

  get nameProblemText(): string | undefined {
    return this.nameProblem === undefined ? undefined : describeDeskError(this.nameProblem, this.i18n);
  }

  get addProblemText(): string | undefined {
    return this.addProblem === undefined ? undefined : describeDeskError(this.addProblem, this.i18n);
  }

  get loadProblemText(): string | undefined {
    return this.view._tag === "Failed" ? describeDeskError(this.view.error, this.i18n) : undefined;
  }

  private async toggle(name: string, act: "disable" | "enable"): Promise<boolean> {
    if (!this.begin(name, act)) return false;
    const answer = await run(this.ports.api.call(act === "disable" ? "deskStaffDisable" : "deskStaffEnable", { name }));
    runInAction(() => {
      this.acting = undefined;
      if (!answer.ok) {
        this.actProblem = { name, problem: answer.error };
        return;
      }
      this.changeRow(name, { disabled: act === "disable" });
    });
    if (!answer.ok) return false;
    const done = !answer.value.changed ? "desk.people.staff.unchanged" : act === "disable" ? "desk.people.staff.disabledDone" : "desk.people.staff.enabledDone";
    this.notices.show(this.i18n.t(done, { name }), answer.value.changed ? "success" : "info");
    return true;
  }

  /** One act at a time: a second tap while one is in flight does nothing. */
  private begin(name: string, act: StaffAct): boolean {
    if (this.acting !== undefined) return false;
    this.acting = { name, act };
    this.actProblem = undefined;
    return true;
  }

  private changeRow(name: string, change: Partial<Pick<DeskStaffMember, "disabled" | "must_change_password">>): void {
    const view = valueOf(this.view);
    if (view === undefined) return;
    this.view = loaded({ ...view, staff: view.staff.map((member) => (member.name === name ? { ...member, ...change } : member)) });
  }
}
