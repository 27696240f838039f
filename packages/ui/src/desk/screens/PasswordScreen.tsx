import Button from "antd-mobile/es/components/button";
import { Staff } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useState, type FormEvent } from "react";
import { useNavigate } from "../../router/index.tsx";
import { DeskField } from "../shell/DeskField.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { useDesk } from "../stores/DeskContext.tsx";

/**
 * The staff member's own password: forced after a one-time password (nothing else opens until it
 * is set), and from the menu at any time. The domain's rule is checked before sending. The forced
 * form does not ask for the one-time password typed seconds before (issue 34): the session is the
 * proof; any later change asks for the current password.
 */
export const PasswordScreen = observer(function PasswordScreen({ forced }: { readonly forced: boolean }) {
  const { i18n, session } = useDesk();
  const navigate = useNavigate();
  const [oldPassword, setOld] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirmPassword, setConfirm] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void session.changePassword({ newPassword, confirmPassword, ...(session.oldPasswordNeeded ? { oldPassword } : {}) }).then((saved) => {
      if (saved && !forced) navigate("/desk");
    });
  };
  const minLength = Staff.STAFF_PASSWORD_MIN_LENGTH;
  return (
    <DeskPage title={i18n.t(forced ? "desk.setPassword" : "desk.changePassword")} back={forced ? false : "/desk"}>
      <form className="desk-card" onSubmit={submit} noValidate>
        {forced ? <p className="desk-lead">{i18n.t("desk.setPasswordWhy", { minLength })}</p> : null}
        {/* The account's name for a password manager, which saves the new password under it. */}
        <input type="text" name="username" autoComplete="username" value={session.me?.name ?? ""} readOnly hidden />
        {session.oldPasswordNeeded ? (
          <DeskField id="desk-old-password" label={i18n.t("desk.oldPassword")} value={oldPassword} onChange={setOld} type="password" autoComplete="current-password" maxLength={128} />
        ) : null}
        <DeskField id="desk-new-password" label={i18n.t("desk.newPassword")} value={newPassword} onChange={setNew} type="password" autoComplete="new-password" maxLength={128} hint={i18n.t("StaffPasswordTooShort", { minLength })} />
        <DeskField id="desk-confirm-password" label={i18n.t("desk.confirmPassword")} value={confirmPassword} onChange={setConfirm} type="password" autoComplete="new-password" maxLength={128} />
        {session.problemText === undefined ? null : (
          <p className="desk-error" role="alert">
            {session.problemText}
          </p>
        )}
        <Button block color="primary" size="large" type="submit" loading={session.busy}>
          {i18n.t("desk.save")}
        </Button>
        {forced ? (
          <Button block fill="none" onClick={() => void session.signOut()}>
            {i18n.t("desk.signOut")}
          </Button>
        ) : null}
      </form>
    </DeskPage>
  );
});
