/** Placeholder until the screen is built (issue 26). */
export default function OrdersScreen() {
  return <p className="desk-placeholder">Orders</p>;
}
