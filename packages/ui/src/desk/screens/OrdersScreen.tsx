import { useParams } from "../../router/index.tsx";
import { OrderDetailPanel } from "../records/OrderDetailPanel.tsx";
import { OrderSearchPanel } from "../records/OrderSearchPanel.tsx";
import "../records/records.css";

/** /desk/orders (issue 26): the admin's order search, and below it /desk/orders/<id>, one order whole. */
export default function OrdersScreen() {
  const below = useParams()["*"] ?? "";
  return below === "" ? <OrderSearchPanel /> : <OrderDetailPanel key={below} id={below} />;
}
