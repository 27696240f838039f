/** Placeholder until the screen is built (issue 26). */
export default function QueueScreen() {
  return <p className="desk-placeholder">Queue</p>;
}
