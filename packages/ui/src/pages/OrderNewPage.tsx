import { ChecklistScreen } from "../components/order/ChecklistScreen.tsx";

/** Spec §2 /orderNew: the same checklist, paying through the FY channel. */
export default function OrderNewPage() {
  return <ChecklistScreen paytype="fy" />;
}
