import type { AuditRow } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import { auditWords } from "../stores/records/auditChanges.ts";
import { deskTime } from "./format.ts";

/**
 * One act of the audit log: the act in words and when (China time), who and from which address,
 * what it was on, and what it changed as `field: before → after` lines that wrap on a phone, all
 * in the admin's words (`auditWords`).
 */
export const AuditRowCard = observer(function AuditRowCard({ row }: { readonly row: AuditRow }) {
  const { i18n } = useDesk();
  const { subject, lines } = auditWords(row, i18n);
  const none = i18n.t("desk.records.audit.none");
  return (
    <li className="records-audit-row">
      <div className="records-audit-head">
        <strong>{i18n.t(`desk.records.act.${row.act}`)}</strong>
        <time dateTime={row.at}>{deskTime(row.at)}</time>
      </div>
      <dl className="records-facts records-audit-facts">
        <div className="records-fact">
          <dt>{i18n.t("desk.records.audit.who")}</dt>
          <dd>{row.staff}</dd>
        </div>
        <div className="records-fact">
          <dt>{i18n.t("desk.records.audit.address")}</dt>
          <dd className="records-wrap">{row.address}</dd>
        </div>
        {subject === "" ? null : (
          <div className="records-fact">
            <dt>{i18n.t("desk.records.audit.subject")}</dt>
            <dd className="records-wrap">{subject}</dd>
          </div>
        )}
      </dl>
      {lines.length === 0 ? null : (
        <ul className="records-changes" aria-label={i18n.t("desk.records.audit.changes")}>
          {lines.map((line, index) => (
            <li key={line.key ?? index} className="records-wrap">
              {line.key === undefined ? null : <span className="records-change-key">{`${line.key}${i18n.t("desk.records.audit.keySeparator")}`}</span>}
              <span className="records-before">{line.before ?? none}</span>
              {" → "}
              <span className="records-after">{line.after ?? none}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});
