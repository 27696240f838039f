import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useState, type FormEvent } from "react";
import { DeskField } from "../shell/DeskField.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { useDesk } from "../stores/DeskContext.tsx";

/** Staff sign-in: name and password (or the one-time password an admin or the CLI printed). */
export const SignInScreen = observer(function SignInScreen() {
  const { i18n, session } = useDesk();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void session.signIn(name, password);
  };
  return (
    <DeskPage title={i18n.t("desk.title")} back={false}>
      <form className="desk-card" onSubmit={submit} noValidate>
        <DeskField id="desk-name" label={i18n.t("desk.name")} value={name} onChange={setName} placeholder={i18n.t("desk.namePlaceholder")} autoComplete="username" maxLength={32} />
        <DeskField id="desk-password" label={i18n.t("desk.password")} value={password} onChange={setPassword} type="password" placeholder={i18n.t("desk.passwordPlaceholder")} autoComplete="current-password" maxLength={128} />
        {session.problemText === undefined ? null : (
          <p className="desk-error" role="alert">
            {session.problemText}
          </p>
        )}
        <Button block color="primary" size="large" type="submit" loading={session.busy}>
          {i18n.t("desk.signIn")}
        </Button>
      </form>
    </DeskPage>
  );
});
