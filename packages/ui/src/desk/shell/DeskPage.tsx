import NavBar from "antd-mobile/es/components/nav-bar";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { useNavigate } from "../../router/index.tsx";
import { useDesk } from "../stores/DeskContext.tsx";

/**
 * A desk screen: antd-mobile's NavBar (back to the desk's menu, the title, the language switch)
 * over the screen's content, at most 720 px wide so a tablet reads it as a phone does.
 */
export const DeskPage = observer(function DeskPage({ title, back = "/desk", children }: { readonly title: string; readonly back?: string | false; readonly children?: ReactNode }) {
  const { i18n } = useDesk();
  const navigate = useNavigate();
  const right = (
    <button type="button" className="desk-language" lang={i18n.locale === "en" ? "zh-CN" : "en"} onClick={i18n.toggle}>
      {i18n.t("desk.language")}
    </button>
  );
  return (
    <div className="desk-page">
      <NavBar back={back === false ? null : i18n.t("desk.back")} backArrow={back !== false} onBack={() => back !== false && navigate(back)} right={right}>
        <h1 className="desk-title">{title}</h1>
      </NavBar>
      <main className="desk-main">{children}</main>
    </div>
  );
});
