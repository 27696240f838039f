/** Placeholder until the screen is built (issue 26). */
export default function InvitesScreen() {
  return <p className="desk-placeholder">Invites</p>;
}
