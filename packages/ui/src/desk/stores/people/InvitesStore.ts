import { DeskInvitesCreateRequest, type DeskInvitesResponse } from "@fuel/domain/api";
import { Exit, Schema } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import { failing, idle, loaded, reloading, valueOf, type Load } from "../../../stores/Load.ts";
import type { Problem } from "../../../stores/messages.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { deskProblem, describeDeskError } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";

/** One invite code as the list shows it. */
export type DeskInviteRow = DeskInvitesResponse["invites"][number];

/** The invite codes loaded so far: pages 1..`page`, newest first, of `total`. */
export interface InvitePages {
  readonly invites: ReadonlyArray<DeskInviteRow>;
  readonly page: number;
  readonly total: number;
}

// The contract's own rule for the count (a whole number, 1 to 1000), so the form and the server agree.
const readCount = Schema.decodeUnknownExit(DeskInvitesCreateRequest);

/**
 * The admin's invite codes (issue 26): create N (the count checked by the contract's rule before
 * it is sent), the codes just made kept to copy, and the list of every code, newest first, 100 a
 * page, with who redeemed it.
 */
export class InvitesStore {
  countText = "";
  countProblem: Problem | undefined = undefined;
  creating = false;
  createProblem: Problem | undefined = undefined;
  /** The codes the last create made, to copy and hand out. */
  created: ReadonlyArray<string> | undefined = undefined;
  list: Load<InvitePages> = idle;
  loadingMore = false;
  moreProblem: Problem | undefined = undefined;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get pages(): InvitePages | undefined {
    return valueOf(this.list);
  }

  get hasMore(): boolean {
    const pages = this.pages;
    return pages !== undefined && pages.invites.length < pages.total;
  }

  setCount(text: string): void {
    this.countText = text;
    this.countProblem = undefined;
  }

  /** The first page again (after a create, the new codes lead it). */
  async load(): Promise<void> {
    this.list = reloading(this.list);
    this.moreProblem = undefined;
    const answer = await run(this.ports.api.call("deskInvites", { page: 1 }));
    runInAction(() => {
      this.list = answer.ok ? loaded(answer.value) : failing(this.list, answer.error);
    });
  }

  /** The next page, added below the codes shown. */
  async more(): Promise<void> {
    const pages = this.pages;
    if (pages === undefined || this.loadingMore || !this.hasMore) return;
    this.loadingMore = true;
    this.moreProblem = undefined;
    const answer = await run(this.ports.api.call("deskInvites", { page: pages.page + 1 }));
    runInAction(() => {
      this.loadingMore = false;
      if (!answer.ok) this.moreProblem = answer.error;
      else this.list = loaded({ invites: [...pages.invites, ...answer.value.invites], page: answer.value.page, total: answer.value.total });
    });
  }

  async create(): Promise<boolean> {
    if (this.creating) return false;
    const count = readCount({ count: this.countText.trim() });
    if (Exit.isFailure(count)) {
      this.countProblem = deskProblem("desk.people.invites.countInvalid");
      return false;
    }
    this.creating = true;
    this.createProblem = undefined;
    const answer = await run(this.ports.api.call("deskInvitesCreate", { count: count.value.count }));
    runInAction(() => {
      this.creating = false;
      if (answer.ok) {
        this.created = answer.value.codes;
        this.countText = "";
      } else {
        this.createProblem = answer.error;
      }
    });
    if (answer.ok) await this.load();
    return answer.ok;
  }

  dismissCreated(): void {
    this.created = undefined;
  }

  get countProblemText(): string | undefined {
    return this.describe(this.countProblem);
  }

  get createProblemText(): string | undefined {
    return this.describe(this.createProblem);
  }

  get loadProblemText(): string | undefined {
    return this.list._tag === "Failed" ? this.describe(this.list.error) : undefined;
  }

  get moreProblemText(): string | undefined {
    return this.describe(this.moreProblem);
  }

  private describe(problem: Problem | undefined): string | undefined {
    return problem === undefined ? undefined : describeDeskError(problem, this.i18n);
  }
}
