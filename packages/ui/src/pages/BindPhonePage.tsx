import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import Form from "antd-mobile/es/components/form";
import { Constants, Validation } from "@fuel/domain";
import { Result } from "effect";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useNavigate } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { domainRule } from "../components/forms/domainRule.ts";
import { FormField, useFieldErrors } from "../components/forms/FormField.tsx";
import { SmsCodeButton } from "../components/forms/SmsCodeButton.tsx";
import { bindPhoneStore } from "../stores/BindPhoneStore.ts";
import { smsCodeStore } from "../stores/SmsCodeStore.ts";
import "../components/forms/forms.css";
import { PHONE_INPUT } from "../components/forms/phoneInput.ts";

interface BindValues {
  readonly phone?: string;
  readonly code?: string;
}

/**
 * /bindPhone (spec §4): phone and SMS code, the 60 s resend countdown, then `check_captcha` and
 * `bindphone`. Reached from /wechatlogin with the openid; opened any other way it says to sign in.
 */
export default observer(function BindPhonePage() {
  const bindPhone = useStore(bindPhoneStore);
  const smsCode = useStore(smsCodeStore);
  const { i18n } = useStores();
  const navigate = useNavigate();
  const [form] = Form.useForm<BindValues>();
  const { errors, onFieldsChange } = useFieldErrors();
  const [openid] = useState(() => bindPhone.waitingOpenid());
  const typed = Validation.validatePhone(Form.useWatch("phone", form) ?? "");
  const phone = Result.isSuccess(typed) ? typed.success : "";

  if (openid === null) {
    return (
      <Page backTo="/login">
        <ErrorBlock status="empty" title={i18n.t("signin.signInFirst")} description="">
          <Button color="primary" size="large" onClick={() => navigate("/login", { replace: true })}>
            {i18n.t("signin.goToLogin")}
          </Button>
        </ErrorBlock>
      </Page>
    );
  }

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
      <p className="form-intro">{i18n.t("signin.bindIntro")}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ phone: smsCode.waitingPhone }}
        onFieldsChange={onFieldsChange}
        onFinish={(values: BindValues) => bindPhone.bind({ phone: values.phone ?? "", code: values.code ?? "" })}
        footer={
          <div className="form-footer">
            <Button block type="submit" color="primary" size="large" loading={bindPhone.phase._tag === "Binding"}>
              {i18n.t("signin.bindSubmit")}
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
      </Form>
      {blocked !== undefined ? (
        <div className="refusal" role="alert">
          {blocked}
        </div>
      ) : null}
    </Page>
  );
});
