/** Placeholder until the screen is built (issue 26). */
export default function StationsScreen() {
  return <p className="desk-placeholder">Stations</p>;
}
