/** Placeholder until the screen is built (issue 26). */
export default function SettingsScreen() {
  return <p className="desk-placeholder">Settings</p>;
}
