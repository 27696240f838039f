/** Placeholder until the screen is built (issue 26). */
export default function StaffScreen() {
  return <p className="desk-placeholder">Staff</p>;
}
