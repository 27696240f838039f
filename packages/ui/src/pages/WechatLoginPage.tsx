import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import SpinLoading from "antd-mobile/es/components/spin-loading";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useSearchParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { signInStore } from "../stores/SignInStore.ts";
import "../components/forms/forms.css";
import { describeError } from "../stores/messages.ts";

/**
 * /wechatlogin (spec §2, §4): leaves for the authorization, and when the messaging app sends the
 * customer back with `code` and `state`, lets the SignInStore check the state and exchange the code.
 */
export default observer(function WechatLoginPage() {
  const signIn = useStore(signInStore);
  const { i18n } = useStores();
  const [params] = useSearchParams();
  const code = params.get("code");
  const state = params.get("state");

  useEffect(() => {
    void signIn.arrive({ code, state });
  }, [signIn, code, state]);

  const phase = signIn.phase;
  return (
    <Page backTo="/login">
      {phase._tag === "Failed" ? (
        <ErrorBlock status="default" title={i18n.t("signin.failedTitle")} description={<span role="alert">{describeError(phase.error, i18n)}</span>}>
          <Button color="primary" size="large" onClick={() => void signIn.authorize()}>
            {i18n.t("signin.again")}
          </Button>
        </ErrorBlock>
      ) : (
        <div className="signin-waiting" role="status">
          <SpinLoading color="primary" aria-hidden="true" />
          <span>{i18n.t(code === null ? "signin.leaving" : "signin.exchanging")}</span>
        </div>
      )}
    </Page>
  );
});
