import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import Form from "antd-mobile/es/components/form";
import { Constants, Validation } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useNavigate } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { useGuardReturn } from "../components/useGuardReturn.ts";
import { domainRule } from "../components/forms/domainRule.ts";
import { FormField, useFieldErrors } from "../components/forms/FormField.tsx";
import { activationStore } from "../stores/ActivationStore.ts";
import "../components/forms/forms.css";
import { describeError } from "../stores/messages.ts";

/** Marks where the service phone goes in the 'invite code wrong, contact admin {tel}' text. */
const SLOT = "\u0000";

/** Spec §8: 'invite code wrong, contact admin' with the service phone, tappable. */
const WrongCode = observer(function WrongCode() {
  const activation = useStore(activationStore);
  const { i18n } = useStores();
  const phone = activation.servicePhone;
  if (phone._tag !== "Loaded") {
    return (
      <div className="refusal" role="alert">
        {i18n.t("InviteCodeWrong", { tel: "" }).trim()}
        {phone._tag === "Failed" ? <div>{i18n.t("signin.servicePhoneFailed", { reason: describeError(phone.error, i18n) })}</div> : null}
      </div>
    );
  }
  const [before = "", after = ""] = i18n.t("InviteCodeWrong", { tel: SLOT }).split(SLOT);
  return (
    <div className="refusal" role="alert">
      {before}
      <a className="tel-link" href={`tel:${phone.value.replace(/[^\d+]/g, "")}`}>
        {phone.value}
      </a>
      {after}
    </div>
  );
});

/**
 * /activated (spec §2, §5, §6): the invite code (required, at most 32 characters, the input stops
 * there); a wrong one is answered with the service phone to call. A visitor without a session is
 * sent to sign in first; a customer without a code can sign out (issue 25: the page had no way out).
 */
export default observer(function ActivatedPage() {
  const activation = useStore(activationStore);
  const { session, i18n } = useStores();
  const navigate = useNavigate();
  const { errors, onFieldsChange } = useFieldErrors();
  // A customer the guard sent here from a protected page goes back to it once activated.
  useGuardReturn();

  if (!session.signedIn) {
    return (
      <Page back={false}>
        <ErrorBlock status="empty" title={i18n.t("signin.signInFirst")} description="">
          <Button color="primary" size="large" onClick={() => navigate("/login", { replace: true })}>
            {i18n.t("signin.goToLogin")}
          </Button>
        </ErrorBlock>
      </Page>
    );
  }

  return (
    <Page back={false}>
      <p className="form-intro">{i18n.t("signin.inviteIntro")}</p>
      <Form
        layout="vertical"
        onFieldsChange={onFieldsChange}
        onValuesChange={activation.edited}
        onFinish={(values: { readonly code?: string }) => activation.activate(values.code ?? "")}
        footer={
          <div className="form-footer">
            <Button block type="submit" color="primary" size="large" loading={activation.phase._tag === "Activating"}>
              {i18n.t("signin.activate")}
            </Button>
          </div>
        }
      >
        <FormField
          name="code"
          label={i18n.t("signin.invite")}
          hint={i18n.t("signin.inviteHint", { n: Constants.INVITE_CODE_MAX_LENGTH })}
          rules={[domainRule(Validation.validateInviteCode, i18n)]}
          errors={errors}
          input={{ autoComplete: "off", autoCapitalize: "characters", maxLength: Constants.INVITE_CODE_MAX_LENGTH, clearable: true }}
        />
      </Form>
      {activation.phase._tag === "WrongCode" ? <WrongCode /> : null}
      <div className="activation-way-out">
        <p>{i18n.t("signin.noInviteCode")}</p>
        <Button block size="middle" fill="outline" onClick={() => void session.logout()}>
          {i18n.t("signin.signOut")}
        </Button>
      </div>
    </Page>
  );
});
