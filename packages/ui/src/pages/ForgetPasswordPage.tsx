import Button from "antd-mobile/es/components/button";
import Form from "antd-mobile/es/components/form";
import { Constants, Validation } from "@fuel/domain";
import { Result } from "effect";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { domainRule } from "../components/forms/domainRule.ts";
import { FormField, useFieldErrors } from "../components/forms/FormField.tsx";
import { SmsCodeButton } from "../components/forms/SmsCodeButton.tsx";
import { forgotPasswordStore } from "../stores/ForgotPasswordStore.ts";
import { smsCodeStore } from "../stores/SmsCodeStore.ts";
import "../components/forms/forms.css";
import { PHONE_INPUT } from "../components/forms/phoneInput.ts";

interface ForgetValues {
  readonly phone?: string;
  readonly code?: string;
  readonly password?: string;
}

/**
 * /forgetPassword (spec §2, §7): phone, SMS code (the same 60 s countdown as /bindPhone) and a new
 * password, sent to `/api/user/resetpassword` as `{phone, captcha, password}`.
 */
export default observer(function ForgetPasswordPage() {
  const forgotPassword = useStore(forgotPasswordStore);
  const smsCode = useStore(smsCodeStore);
  const { i18n } = useStores();
  const [form] = Form.useForm<ForgetValues>();
  const { errors, onFieldsChange } = useFieldErrors();
  const typed = Validation.validatePhone(Form.useWatch("phone", form) ?? "");
  const phone = Result.isSuccess(typed) ? typed.success : "";

  const sendCode = async () => {
    try {
      await form.validateFields(["phone"]);
    } catch {
      return;
    }
    if (phone !== "") await smsCode.send(phone);
  };

  const blocked = smsCode.blocked !== undefined && smsCode.blocked.phone === phone ? smsCode.blocked.text : undefined;
  return (
    <Page backTo="/login">
      <p className="form-intro">{i18n.t("signin.forgetIntro")}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ phone: smsCode.waitingPhone }}
        onFieldsChange={onFieldsChange}
        onFinish={(values: ForgetValues) => forgotPassword.reset({ phone: values.phone ?? "", code: values.code ?? "", password: values.password ?? "" })}
        footer={
          <div className="form-footer">
            <Button block type="submit" color="primary" size="large" loading={forgotPassword.phase._tag === "Resetting"}>
              {i18n.t("signin.resetSubmit")}
            </Button>
          </div>
        }
      >
        <FormField
          name="phone"
          label={i18n.t("signin.phone")}
          hint={i18n.t("signin.phoneHint", { n: Constants.PHONE_LENGTH })}
          rules={[domainRule(Validation.validatePhone, i18n)]}
          errors={errors}
          input={{ ...PHONE_INPUT, clearable: true }}
        />
        <FormField
          name="code"
          label={i18n.t("signin.code")}
          hint={i18n.t("signin.codeHint", { n: Constants.SMS_CODE_MIN_LENGTH })}
          rules={[domainRule(Validation.validateSmsCode, i18n)]}
          errors={errors}
          input={{ inputMode: "numeric", autoComplete: "one-time-code" }}
          after={<SmsCodeButton phone={phone} onSend={() => void sendCode()} />}
        />
        <FormField
          name="password"
          label={i18n.t("signin.newPassword")}
          hint={i18n.t("signin.passwordHint", { n: Constants.PASSWORD_MIN_LENGTH })}
          rules={[domainRule(Validation.validatePassword, i18n)]}
          errors={errors}
          input={{ type: "password", autoComplete: "new-password" }}
        />
      </Form>
      {blocked !== undefined ? (
        <div className="refusal" role="alert">
          {blocked}
        </div>
      ) : null}
    </Page>
  );
});
