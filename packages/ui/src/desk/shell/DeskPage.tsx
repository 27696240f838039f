import NavBar from "antd-mobile/es/components/nav-bar";
import LeftOutline from "antd-mobile-icons/es/LeftOutline";
import { observer } from "mobx-react-lite";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "../../router/index.tsx";
import { MENU_ASKED } from "../deskRoutes.ts";
import { useDesk } from "../stores/DeskContext.tsx";

function BackButton({ label, onPress }: { readonly label: string; readonly onPress: () => void }) {
  return (
    <button type="button" className="desk-back" onClick={onPress}>
      <LeftOutline aria-hidden="true" />
      {label}
    </button>
  );
}

/**
 * A desk screen: antd-mobile's NavBar (back to the desk's menu, which then shows even to a staff
 * member with one tool; the title, the language switch) over the screen's content, at most 720 px
 * wide so a tablet reads a form as a phone does (a screen of tables, `wide`, takes up to 1200 px).
 */
export const DeskPage = observer(function DeskPage({
  title,
  back = "/desk",
  wide = false,
  children,
}: {
  readonly title: string;
  readonly back?: string | false;
  /** A screen of tables: at 768 px and over its content may be 1200 px wide (issue 34). */
  readonly wide?: boolean;
  readonly children?: ReactNode;
}) {
  const { i18n } = useDesk();
  const navigate = useNavigate();
  const header = useRef<HTMLElement>(null);
  // antd-mobile's NavBar marks its left slot role="button" (never focusable, nameless): our own
  // back button sits in that slot, and the slot loses its role, as on the app's pages (Page.tsx).
  useLayoutEffect(() => header.current?.querySelector(".adm-nav-bar-left")?.removeAttribute("role"));
  const right = (
    <button type="button" className="desk-language" lang={i18n.locale === "en" ? "zh-CN" : "en"} onClick={i18n.toggle}>
      {i18n.t("desk.language")}
    </button>
  );
  return (
    <div className="desk-page">
      {/* Our own button, not NavBar's back (a div a keyboard cannot reach). */}
      <header className="desk-header" ref={header}>
        <NavBar back={null} left={back === false ? null : <BackButton label={i18n.t("desk.back")} onPress={() => navigate(back, back === "/desk" ? { state: MENU_ASKED } : undefined)} />} right={right}>
          <h1 className="desk-title">{title}</h1>
        </NavBar>
      </header>
      <main className={wide ? "desk-main desk-main-wide" : "desk-main"}>{children}</main>
    </div>
  );
});
