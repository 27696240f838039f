import Popup from "antd-mobile/es/components/popup";
import { observer } from "mobx-react-lite";
import type { InvoicesStore } from "../stores/invoices/InvoicesStore.ts";
import { IssueForm } from "./IssueForm.tsx";
import { RefuseForm } from "./RefuseForm.tsx";

/** The act being written on a request, from the bottom of the screen; closing it (not while sending) changes nothing. */
export const InvoiceActPopup = observer(function InvoiceActPopup({ store }: { readonly store: InvoicesStore }) {
  const act = store.acting;
  const send = () => void store.sendAct();
  return (
    <Popup visible={act !== undefined} onMaskClick={store.cancelAct} onClose={store.cancelAct} bodyClassName="invoice-act-body">
      {act === undefined ? null : act.act === "issue" ? (
        <IssueForm act={act} onSend={send} onCancel={store.cancelAct} />
      ) : (
        <RefuseForm act={act} onSend={send} onCancel={store.cancelAct} />
      )}
    </Popup>
  );
});
