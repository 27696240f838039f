/** Placeholder until the screen is built (issue 26). */
export default function BlacklistScreen() {
  return <p className="desk-placeholder">Blacklist</p>;
}
