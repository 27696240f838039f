/** Placeholder until the screen is built (issue 26). */
export default function AuditScreen() {
  return <p className="desk-placeholder">Audit</p>;
}
