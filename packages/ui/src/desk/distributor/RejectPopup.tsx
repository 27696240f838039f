import { Money } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import TextArea from "antd-mobile/es/components/text-area";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import type { QueueStore } from "../stores/distributor/QueueStore.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import "./distributor.css";

/** The longest reason the contract takes (`DeskSettleRequest.reason` is a LineText). */
const REASON_MAX_LENGTH = 256;

/**
 * The rejection of one order: the reason the customer will read (required), and the refund it
 * starts at once, named with its amount. Sending it is the confirmation; cancel changes nothing.
 */
export const RejectPopup = observer(function RejectPopup({ store }: { readonly store: QueueStore }) {
  const { i18n } = useDesk();
  const draft = store.rejecting;
  const sending = store.settling?.result === "rejected";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.reject();
  };
  const why = draft?.problem ?? (draft === undefined ? undefined : store.actProblem);
  return (
    <Popup visible={draft !== undefined} onMaskClick={store.cancelRejecting} onClose={store.cancelRejecting} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      {draft === undefined ? null : (
        <form className="desk-reject" onSubmit={submit} noValidate aria-labelledby="desk-reject-title">
          <h2 id="desk-reject-title">
            {i18n.t("desk.distributor.rejectTitle")} · {store.cardOf(draft.order)}
          </h2>
          <p className="desk-lead">{i18n.t("desk.distributor.rejectWhy", { amount: Money.formatYuan(draft.order.amount) })}</p>
          <div className="desk-field">
            <label className="desk-field-label" htmlFor="desk-reject-reason">
              {i18n.t("desk.distributor.reason")}
            </label>
            <TextArea
              id="desk-reject-reason"
              className="desk-reject-area"
              value={draft.reason}
              onChange={store.setReason}
              placeholder={i18n.t("desk.distributor.reasonPlaceholder")}
              maxLength={REASON_MAX_LENGTH}
              showCount
              autoSize={{ minRows: 2, maxRows: 5 }}
              aria-invalid={why === undefined ? undefined : true}
              aria-describedby={why === undefined ? undefined : "desk-reject-error"}
            />
            {why === undefined ? null : (
              <div className="desk-field-error" id="desk-reject-error" role="alert">
                {describeDeskError(why, i18n)}
              </div>
            )}
          </div>
          <Button block color="danger" size="large" type="submit" loading={sending} disabled={sending}>
            {i18n.t("desk.distributor.rejectButton")}
          </Button>
          <Button block fill="outline" disabled={sending} onClick={store.cancelRejecting}>
            {i18n.t("desk.distributor.cancel")}
          </Button>
        </form>
      )}
    </Popup>
  );
});
