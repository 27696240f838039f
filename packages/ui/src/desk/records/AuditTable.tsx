import type { AuditRow } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { DeskTable, type DeskColumn } from "../table/DeskTable.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import { auditWords } from "../stores/records/auditChanges.ts";
import { deskTime } from "./format.ts";

/** The audit log at tablet and desktop widths (issue 34): a row per act, newest first, its changes in words. */
export const AuditTable = observer(function AuditTable({ rows }: { readonly rows: ReadonlyArray<AuditRow> }) {
  const { i18n } = useDesk();
  const none = i18n.t("desk.records.audit.none");
  const columns: ReadonlyArray<DeskColumn<AuditRow, never>> = [
    { key: "at", header: i18n.t("desk.records.audit.when"), cell: (row) => <time dateTime={row.at}>{deskTime(row.at)}</time> },
    { key: "act", header: i18n.t("desk.records.audit.act"), cell: (row) => <strong className="desk-table-nowrap">{i18n.t(`desk.records.act.${row.act}`)}</strong> },
    { key: "staff", header: i18n.t("desk.records.audit.who"), cell: (row) => row.staff },
    { key: "address", header: i18n.t("desk.records.audit.address"), cell: (row) => row.address },
    { key: "subject", header: i18n.t("desk.records.audit.subject"), cell: (row) => auditWords(row, i18n).subject },
    {
      key: "changes",
      header: i18n.t("desk.records.audit.changes"),
      cell: (row) => {
        const { lines } = auditWords(row, i18n);
        return lines.length === 0 ? null : (
          <ul className="records-changes records-table-changes">
            {lines.map((line, index) => (
              <li key={line.key ?? index}>
                {line.key === undefined ? null : <span className="records-change-key">{`${line.key}${i18n.t("desk.records.audit.keySeparator")}`}</span>}
                <span className="records-before">{line.before ?? none}</span>
                {" → "}
                <span className="records-after">{line.after ?? none}</span>
              </li>
            ))}
          </ul>
        );
      },
    },
  ];
  return <DeskTable caption={i18n.t("desk.menu.audit")} columns={columns} rows={rows} rowKey={(row) => row.id} />;
});
