import { ChecklistScreen } from "../components/order/ChecklistScreen.tsx";

/** Spec §2 /order: the one-key fuel checklist, paying through the messaging app's JSAPI channel. */
export default function OrderPage() {
  return <ChecklistScreen paytype="wechat" />;
}
