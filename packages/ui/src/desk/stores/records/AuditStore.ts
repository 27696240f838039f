import type { Staff } from "@fuel/domain";
import { DeskApi, type AuditRow } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { deskProblem, describeDeskError } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";
import { auditQueryOf, NO_AUDIT_FILTERS, rangeReversed, type AuditFilters } from "./auditQuery.ts";

/**
 * The audit log at the desk (issue 26): the filters being typed, the filters the rows are for,
 * the rows loaded so far (newest first, 100 a page) and where the next page starts. The CSV link
 * asks the server for every row of the applied filters, in the browser with the staff cookie.
 */
export class AuditStore {
  /** The filters in the form; {@link apply} makes them the applied ones. */
  draft: AuditFilters = NO_AUDIT_FILTERS;
  /** The filters the rows (and the CSV link) are for. */
  applied: AuditFilters = NO_AUDIT_FILTERS;
  rows: ReadonlyArray<AuditRow> | undefined = undefined;
  nextBeforeId: number | null = null;
  loading = false;
  loadingMore = false;
  /** Why the first page failed (no rows shown) or why the form was refused. */
  problem: Problem | undefined = undefined;
  /** Why the next page failed: the rows already shown stay. */
  moreProblem: Problem | undefined = undefined;
  private generation = 0;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get problemText(): string | undefined {
    return this.problem === undefined ? undefined : describeDeskError(this.problem, this.i18n);
  }

  get moreProblemText(): string | undefined {
    return this.moreProblem === undefined ? undefined : describeDeskError(this.moreProblem, this.i18n);
  }

  /** The download of every row matching the applied filters, as CSV (the same query, `format=csv`). */
  get csvHref(): string {
    // A plain link, not an API call: the browser downloads the file itself, the staff cookie going with it.
    const query = new URLSearchParams({ ...auditQueryOf(this.applied), format: "csv" });
    return `${DeskApi.deskAudit.path}?${query.toString()}`;
  }

  get hasMore(): boolean {
    return this.nextBeforeId !== null;
  }

  setStaff(staff: string): void {
    this.draft = { ...this.draft, staff };
  }

  setAct(act: Staff.AuditAct | ""): void {
    this.draft = { ...this.draft, act };
  }

  setFrom(from: string): void {
    this.draft = { ...this.draft, from };
  }

  setTo(to: string): void {
    this.draft = { ...this.draft, to };
  }

  /** The form's filters become the applied ones and the log reloads from its newest row. */
  apply(): Promise<void> {
    if (rangeReversed(this.draft)) {
      this.problem = deskProblem("desk.records.audit.rangeReversed");
      return Promise.resolve();
    }
    this.applied = this.draft;
    return this.load();
  }

  /** Every filter off, and the whole log from its newest row. */
  clear(): Promise<void> {
    this.draft = NO_AUDIT_FILTERS;
    return this.apply();
  }

  /** The first page of the applied filters. */
  async load(): Promise<void> {
    const generation = ++this.generation;
    this.loading = true;
    this.problem = undefined;
    this.moreProblem = undefined;
    const answer = await run(this.ports.api.call("deskAudit", auditQueryOf(this.applied)));
    runInAction(() => {
      // Filters applied again meanwhile: that answer is the one to show.
      if (generation !== this.generation) return;
      this.loading = false;
      if (answer.ok) {
        this.rows = answer.value.rows;
        this.nextBeforeId = answer.value.next_before_id;
      } else {
        this.rows = undefined;
        this.nextBeforeId = null;
        this.problem = answer.error;
      }
    });
  }

  /** The next 100 rows, older than the last shown. */
  async more(): Promise<void> {
    const beforeId = this.nextBeforeId;
    if (beforeId === null || this.loadingMore || this.loading) return;
    const generation = this.generation;
    this.loadingMore = true;
    this.moreProblem = undefined;
    const answer = await run(this.ports.api.call("deskAudit", { ...auditQueryOf(this.applied), before_id: beforeId }));
    runInAction(() => {
      if (generation !== this.generation) return;
      this.loadingMore = false;
      if (answer.ok) {
        this.rows = [...(this.rows ?? []), ...answer.value.rows];
        this.nextBeforeId = answer.value.next_before_id;
      } else this.moreProblem = answer.error;
    });
  }
}
