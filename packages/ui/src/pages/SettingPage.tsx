import type { Messages } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Dialog from "antd-mobile/es/components/dialog";
import List from "antd-mobile/es/components/list";
import Radio from "antd-mobile/es/components/radio";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { valueOf } from "../stores/Load.ts";
import { useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { RowLink } from "../components/RowLink.tsx";
import "./account.css";

/** Each language named in itself, so a customer who cannot read the current one still finds theirs. */
const LANGUAGES: ReadonlyArray<{ readonly locale: Messages.Locale; readonly name: string }> = [
  { locale: "en", name: "English" },
  { locale: "zh-CN", name: "中文" },
];

/**
 * /setting: set or change the password, the language (remembered), and logout (spec §2, §4).
 * Issue 25: 'set password' to a customer without one, 'change password' (which asks for the old
 * one) to a customer with one, as user/info's `has_password` says; both while it is not known.
 */
export default observer(function SettingPage() {
  const { i18n, session } = useStores();
  // A password set or changed since the profile was read shows here: the row follows the answer.
  useEffect(() => {
    if (session.signedIn) void session.loadUser();
  }, [session]);
  const hasPassword = valueOf(session.user)?.has_password;
  const logout = async () => {
    const sure = await Dialog.confirm({
      content: i18n.t("settingLogoutConfirm"),
      confirmText: i18n.t("settingLogout"),
      cancelText: i18n.t("cancel"),
    });
    if (sure) await session.logout();
  };
  return (
    <Page backTo="/personal">
      <List mode="card">
        {hasPassword !== true ? <RowLink to="/setPassword">{i18n.t("settingSetPassword")}</RowLink> : null}
        {hasPassword !== false ? <RowLink to="/resetPassword">{i18n.t("settingChangePassword")}</RowLink> : null}
      </List>
      <List mode="card" header={<span id="language-heading">{i18n.t("settingLanguage")}</span>}>
        <Radio.Group value={i18n.locale} onChange={(value) => i18n.setLocale(value as Messages.Locale)}>
          <div role="radiogroup" aria-labelledby="language-heading">
            {LANGUAGES.map(({ locale, name }) => (
              <List.Item key={locale} className="language-row">
                <Radio value={locale} className="language-choice" block>
                  <span lang={locale}>{name}</span>
                </Radio>
              </List.Item>
            ))}
          </div>
        </Radio.Group>
      </List>
      <div className="setting-logout">
        <Button block size="large" color="danger" fill="outline" onClick={() => void logout()}>
          {i18n.t("settingLogout")}
        </Button>
      </div>
    </Page>
  );
});
