import Button from "antd-mobile/es/components/button";
import Dialog from "antd-mobile/es/components/dialog";
import Form from "antd-mobile/es/components/form";
import { Constants, Validation } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useNavigate } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { domainRule, requiredRule } from "../components/forms/domainRule.ts";
import { FormField, useFieldErrors } from "../components/forms/FormField.tsx";
import "../components/forms/forms.css";

/**
 * /register (spec §2: "username and password form; it does nothing real"). Accounts are made by
 * signing in through the messaging app, so the page says so, and submitting the form says it again
 * and offers the sign-in; nothing is sent anywhere.
 */
export default observer(function RegisterPage() {
  const { i18n } = useStores();
  const navigate = useNavigate();
  const { errors, onFieldsChange } = useFieldErrors();

  const explain = () =>
    Dialog.alert({
      title: i18n.t("signin.registerTitle"),
      content: i18n.t("signin.registerIntro"),
      confirmText: i18n.t("signin.goToLogin"),
      onConfirm: () => navigate("/login"),
    });

  return (
    <Page backTo="/login">
      <p className="form-intro">{i18n.t("signin.registerIntro")}</p>
      <Form
        layout="vertical"
        onFieldsChange={onFieldsChange}
        onFinish={() => void explain()}
        footer={
          <div className="form-footer">
            <Button block type="submit" color="primary" size="large">
              {i18n.t("signin.register")}
            </Button>
          </div>
        }
      >
        <FormField
          name="username"
          label={i18n.t("signin.username")}
          hint={i18n.t("signin.usernameHint")}
          rules={[requiredRule(i18n.t("signin.usernameRequired"))]}
          errors={errors}
          input={{ autoComplete: "username" }}
        />
        <FormField
          name="password"
          label={i18n.t("signin.password")}
          hint={i18n.t("signin.passwordHint", { n: Constants.PASSWORD_MIN_LENGTH })}
          rules={[domainRule(Validation.validatePassword, i18n)]}
          errors={errors}
          input={{ type: "password", autoComplete: "new-password" }}
        />
      </Form>
    </Page>
  );
});
