import type { Staff } from "@fuel/domain";
import { and, desc, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { Queryable } from "../db/queryable.ts";
import { auditLog } from "../db/schema.ts";

/**
 * The audit log (issue 26 §4): every staff act, appended, never changed (the table refuses UPDATE
 * and DELETE by trigger, migration 0012). For colleagues' acts: `recordAct(tx, entry)` inside the
 * transaction that does the act, so an act that fails or is refused writes no row.
 */

/** Who did an act: the staff member (null for a failed sign-in, which names only who was tried). */
export interface AuditActor {
  readonly id: number | null;
  readonly name: string;
}

/** One act to record. `before` / `after`: the values the act changed (JSON; omitted: null). */
export interface AuditEntry {
  readonly at: Date;
  readonly staff: AuditActor;
  /** The client address the act came from (`request.ip`; "cli" for the operators' CLI). */
  readonly address: string;
  readonly act: Staff.AuditAct;
  /** What the act was on: an order id, a staff name, a setting key. */
  readonly subject: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

/** Appends one act to the audit log, on `db` or inside the caller's transaction. */
export const recordAct = async (db: Queryable, entry: AuditEntry): Promise<void> => {
  await db.insert(auditLog).values({
    at: entry.at,
    staffId: entry.staff.id,
    staffName: entry.staff.name,
    address: entry.address,
    act: entry.act,
    subject: entry.subject,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
};

/** What the audit reader filters by; every part optional. */
export interface AuditFilter {
  readonly staff?: string;
  readonly act?: Staff.AuditAct;
  readonly from?: Date;
  readonly to?: Date;
  /** Only rows older than this id (the previous page's last). */
  readonly beforeId?: number;
}

/** One row as read back. */
export interface AuditRecord {
  readonly id: number;
  readonly at: Date;
  readonly staffName: string;
  readonly address: string;
  readonly act: string;
  readonly subject: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** A page of the audit log holds 100 rows. */
export const AUDIT_PAGE_SIZE = 100;

/** Rows matching `filter`, newest first (id order is insertion order), at most `limit`. */
export const readAudit = async (db: Database, filter: AuditFilter, limit: number): Promise<AuditRecord[]> => {
  const where: SQL[] = [];
  if (filter.staff !== undefined) where.push(eq(auditLog.staffName, filter.staff));
  if (filter.act !== undefined) where.push(eq(auditLog.act, filter.act));
  if (filter.from !== undefined) where.push(gte(auditLog.at, filter.from));
  if (filter.to !== undefined) where.push(lte(auditLog.at, filter.to));
  if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staffName: auditLog.staffName,
      address: auditLog.address,
      act: auditLog.act,
      subject: auditLog.subject,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit);
};
