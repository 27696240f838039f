import { observer } from "mobx-react-lite";
import { Link } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";
import { PasswordForm } from "../components/PasswordForm.tsx";
import { Page } from "../components/Page.tsx";
import "./account.css";

/** /resetPassword: change the password knowing the old one (spec §5: all three, each at least 6, new equals confirm). */
export default observer(function ResetPasswordPage() {
  const { i18n } = useStores();
  return (
    <Page backTo="/setting">
      <PasswordForm
        withOld
        footer={
          <p className="form-aside">
            <Link to="/forgetPassword" className="tap">
              {i18n.t("passwordForgot")}
            </Link>
          </p>
        }
      />
    </Page>
  );
});
