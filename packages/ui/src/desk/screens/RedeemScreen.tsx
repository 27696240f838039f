/** Placeholder until the screen is built (issue 26). */
export default function RedeemScreen() {
  return <p className="desk-placeholder">Redeem</p>;
}
