import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useNavigate } from "react-router";
import { useStores } from "../app/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import "../components/forms/forms.css";

/**
 * / and /login (spec §2): only the messaging-app authorization button, under the app's name and
 * what it does. The button goes to /wechatlogin, which leaves for the authorization.
 */
export default observer(function LoginPage() {
  const { i18n } = useStores();
  const navigate = useNavigate();
  return (
    <Page back={false}>
      <div className="signin-hero">
        <h2 className="signin-app">{i18n.t("appName")}</h2>
        <p className="signin-tagline">{i18n.t("signin.tagline")}</p>
      </div>
      <Button block size="large" color="primary" onClick={() => navigate("/wechatlogin")}>
        {i18n.t("signin.authorize")}
      </Button>
      <p className="signin-hint">{i18n.t("signin.authorizeHint")}</p>
    </Page>
  );
});
