import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useNavigate } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { useGuardReturn } from "../components/useGuardReturn.ts";
import "../components/forms/forms.css";

/**
 * / and /login (spec §2): only the messaging-app authorization button, under the app's name and
 * what it does. The button goes to /wechatlogin, which leaves for the authorization.
 */
/** Where the button goes: the page that leaves for the authorization (SignInStore's RETURN_PATH). */
const AUTHORIZE_PATH = "/wechatlogin";

export default observer(function LoginPage() {
  const { i18n } = useStores();
  const navigate = useNavigate();
  // The guard sent an anonymous customer here from a protected page: signing in leads back to it (issue 25).
  useGuardReturn();
  return (
    <Page back={false}>
      <div className="signin-hero">
        <h2 className="signin-app">{i18n.t("appName")}</h2>
        <p className="signin-tagline">{i18n.t("signin.tagline")}</p>
      </div>
      {/* A form, so the button works from the prerendered HTML before the app's script has come
          (a weak network: docs/performance.md, issue 23): the browser then loads /wechatlogin
          itself. Once the app runs, the submit stays in the app. */}
      <form
        action={AUTHORIZE_PATH}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(AUTHORIZE_PATH);
        }}
      >
        <Button block size="large" color="primary" type="submit">
          {i18n.t("signin.authorize")}
        </Button>
      </form>
      <p className="signin-hint">{i18n.t("signin.authorizeHint")}</p>
    </Page>
  );
});
