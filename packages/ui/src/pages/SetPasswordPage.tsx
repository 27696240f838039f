import { PasswordForm } from "../components/PasswordForm.tsx";
import { Page } from "../components/Page.tsx";
import "./account.css";

/** /setPassword: a first password for the signed-in customer (spec §5: at least 6, confirmed). */
export default function SetPasswordPage() {
  return (
    <Page backTo="/setting">
      <PasswordForm withOld={false} />
    </Page>
  );
}
