import { AuditPanel } from "../records/AuditPanel.tsx";
import "../records/records.css";

/** /desk/audit (issue 26): the audit log, filtered, paged and downloaded as CSV. */
export default function AuditScreen() {
  return <AuditPanel />;
}
