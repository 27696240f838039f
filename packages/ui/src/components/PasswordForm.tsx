import { Constants, type Validation } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Form from "antd-mobile/es/components/form";
import { observer } from "mobx-react-lite";
import { useEffect, useState, type ReactNode } from "react";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { PasswordInput } from "./PasswordInput.tsx";
import { passwordStore } from "../stores/PasswordStore.ts";

type Fields = Record<Validation.PasswordField, string>;

/**
 * The password form of /setPassword (`withOld` false: new and confirm) and /resetPassword (old,
 * new, confirm). The rules and the server call are the PasswordStore's; this only holds what is typed.
 */
export const PasswordForm = observer(function PasswordForm({ withOld, footer }: { readonly withOld: boolean; readonly footer?: ReactNode }) {
  const passwords = useStore(passwordStore);
  const { i18n } = useStores();
  const [fields, setFields] = useState<Fields>({ oldPassword: "", newPassword: "", confirmPassword: "" });
  useEffect(() => passwords.clear(), [passwords]);
  const change = (field: Validation.PasswordField) => (value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    passwords.edited(field);
  };
  const submit = () => {
    if (withOld) void passwords.changePassword(fields);
    else void passwords.setPassword({ newPassword: fields.newPassword, confirmPassword: fields.confirmPassword });
  };
  const hint = i18n.t("passwordHint", { min: Constants.PASSWORD_MIN_LENGTH });
  return (
    <Form
      layout="vertical"
      onFinish={submit}
      footer={
        <>
          <Button block type="submit" color="primary" size="large" loading={passwords.submitting}>
            {i18n.t("passwordSave")}
          </Button>
          {footer}
        </>
      }
    >
      {withOld ? (
        <PasswordInput
          id="old-password"
          label={i18n.t("passwordOld")}
          hint={hint}
          error={passwords.errorOf("oldPassword")}
          value={fields.oldPassword}
          onChange={change("oldPassword")}
          autoComplete="current-password"
        />
      ) : null}
      <PasswordInput
        id="new-password"
        label={i18n.t("passwordNew")}
        hint={hint}
        error={passwords.errorOf("newPassword")}
        value={fields.newPassword}
        onChange={change("newPassword")}
        autoComplete="new-password"
      />
      <PasswordInput
        id="confirm-password"
        label={i18n.t("passwordConfirm")}
        hint={`${i18n.t("passwordConfirmHint")} (${hint.toLowerCase()})`}
        error={passwords.errorOf("confirmPassword")}
        value={fields.confirmPassword}
        onChange={change("confirmPassword")}
        autoComplete="new-password"
      />
    </Form>
  );
});
