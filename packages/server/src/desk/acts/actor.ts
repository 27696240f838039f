import type { Staff } from "@fuel/domain";
import type { Tx } from "../../db/queryable.ts";

/**
 * Who acts at the desk, as the acts need them: the route layer hands in the signed-in staff
 * member (src/desk/session.ts checked the role for the act's action already).
 */
export interface DeskActor extends Staff.StaffAtStations {
  readonly id: number;
  readonly name: string;
}

/** An act as the audit log keeps it (issue 26 §4): what, on which order, the values before and after. */
export interface ActRecord {
  readonly act: Staff.AuditAct;
  /** The order's id. */
  readonly subject: string;
  readonly before: Readonly<Record<string, unknown>>;
  readonly after: Readonly<Record<string, unknown>>;
}

/**
 * Appends an act to the audit log inside the act's own transaction, so an act and its row commit
 * together or not at all. The route binds who and from which address (src/desk/audit.ts recordAct).
 */
export type RecordAct = (tx: Tx, record: ActRecord) => Promise<void>;
