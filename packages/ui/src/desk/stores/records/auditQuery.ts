import { Time, type Staff } from "@fuel/domain";
import type { DeskAuditQuery } from "@fuel/domain/api";

/** The audit log's filters as the form holds them: a staff name, an act or '' for every act, days as `YYYY-MM-DD` or ''. */
export interface AuditFilters {
  readonly staff: string;
  readonly act: Staff.AuditAct | "";
  readonly from: string;
  readonly to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { staff: "", act: "", from: "", to: "" };

/** The filter part of the audit query (no page, no format). */
export type AuditFilterQuery = Pick<DeskAuditQuery, "staff" | "act" | "from" | "to">;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The China-time instant a day starts (or its last millisecond), as the wire writes it; undefined for what is not a day. */
const dayInstant = (day: string, end: boolean): string | undefined => {
  const m = DAY.exec(day);
  if (m === null) return undefined;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = Time.chinaInstant(year, month, date, end ? 23 : 0, end ? 59 : 0, end ? 59 : 0);
  const wire = Time.formatChinaIso(at);
  // The wire drops milliseconds; the day's end must hold an act at 23:59:59.5 too (the server reads `to` inclusive).
  return end ? wire.replace(/\+08:00$/, ".999+08:00") : wire;
};

/**
 * The query of the filters: a blank name or '' act is no filter; a day range is whole China days
 * (the desk's staff and the business are in China, UTC+8), the last day included.
 */
export const auditQueryOf = (filters: AuditFilters): AuditFilterQuery => {
  const staff = filters.staff.trim();
  const from = dayInstant(filters.from, false);
  const to = dayInstant(filters.to, true);
  return {
    ...(staff === "" ? {} : { staff }),
    ...(filters.act === "" ? {} : { act: filters.act }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
};

/** Whether the first day comes after the last (days as `YYYY-MM-DD` order as text). */
export const rangeReversed = (filters: AuditFilters): boolean => filters.from !== "" && filters.to !== "" && filters.from > filters.to;
