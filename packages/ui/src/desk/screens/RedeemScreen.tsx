import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useState, type FormEvent } from "react";
import { CodeScanner } from "../cashier/CodeScanner.tsx";
import { RedeemOutcome } from "../cashier/RedeemOutcome.tsx";
import { DeskField } from "../shell/DeskField.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { RedeemStore } from "../stores/cashier/RedeemStore.ts";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import "../cashier/cashier.css";

/** Room for a code typed with its gaps (34 characters in blocks of four) or pasted with blanks around it. */
const TYPED_CODE_MAX_LENGTH = 96;

const CODE_FIELD_ID = "desk-code";

/**
 * The cashier's tool (issue 26): a code typed (as the customer's phone shows it) or read by the
 * camera, the order behind it and whether it may be redeemed here, then 'redeem', exactly once.
 */
export default observer(function RedeemScreen() {
  const { i18n } = useDesk();
  const store = useScreenStore(({ ports }) => new RedeemStore(ports));
  const [scanning, setScanning] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A phone's keyboard would cover the order the look-up shows: it closes with the field's focus.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    void store.lookUpTyped();
  };
  const next = () => {
    store.next();
    document.getElementById(CODE_FIELD_ID)?.focus();
  };
  return (
    <DeskPage title={i18n.t("desk.menu.redeem")}>
      <form className="desk-card" onSubmit={submit} noValidate>
        <DeskField
          id={CODE_FIELD_ID}
          label={i18n.t("desk.cashier.code")}
          value={store.input}
          onChange={store.setInput}
          placeholder={i18n.t("desk.cashier.codePlaceholder")}
          hint={i18n.t("desk.cashier.codeHint")}
          error={store.inputProblem === undefined ? undefined : describeDeskError(store.inputProblem, i18n)}
          autoComplete="off"
          maxLength={TYPED_CODE_MAX_LENGTH}
        />
        {scanning ? (
          <CodeScanner
            onCode={(code) => {
              setScanning(false);
              void store.scanned(code);
            }}
            onClose={() => setScanning(false)}
          />
        ) : null}
        <div className="desk-actions">
          <Button color="primary" size="large" type="submit" loading={store.step._tag === "LookingUp"} disabled={store.busy}>
            {i18n.t("desk.cashier.lookUp")}
          </Button>
          {scanning ? null : (
            <Button size="large" fill="outline" color="primary" disabled={store.busy} onClick={() => setScanning(true)}>
              {i18n.t("desk.cashier.scan")}
            </Button>
          )}
        </div>
      </form>
      <RedeemOutcome store={store} onNext={next} />
    </DeskPage>
  );
});
