import type { Invoice } from "@fuel/domain";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/StoresContext.tsx";

const COLOUR: Readonly<Record<Invoice.InvoiceState, "primary" | "warning" | "success" | "danger">> = {
  requested: "primary",
  issuing: "warning",
  issued: "success",
  refused: "danger",
};

/** A request's state in words (requested → issuing → issued | refused), its colour only a second cue. */
export const InvoiceStateTag = observer(function InvoiceStateTag({ state }: { readonly state: Invoice.InvoiceState }) {
  const { i18n } = useStores();
  return (
    <Tag color={COLOUR[state]} fill="outline" className="invoice-state">
      {i18n.t(`invoices.state_${state}`)}
    </Tag>
  );
});
