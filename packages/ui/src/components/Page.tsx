import NavBar from "antd-mobile/es/components/nav-bar";
import LeftOutline from "antd-mobile-icons/es/LeftOutline";
import { observer } from "mobx-react-lite";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigate } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";
import { titleOf } from "../i18n/titles.ts";

interface PageProps {
  /** The heading; by default the route's title (the same as the document title). */
  readonly title?: string;
  /** Show the back arrow (pages reached from another page). */
  readonly back?: boolean;
  /** Where Back goes when there is no history to go back to (a page opened from a link). */
  readonly backTo?: string;
  /** Leave room for the bottom tab bar. */
  readonly tabBar?: boolean;
  /** Right side of the nav bar (an action). */
  readonly right?: ReactNode;
  readonly children: ReactNode;
}

/**
 * The frame of every page: antd-mobile's NavBar with the page's title as its heading (h1, for
 * screen readers and the document outline) and a back arrow, then the content with the app's
 * padding and the safe areas.
 */
export const Page = observer(function Page({ title, back = true, backTo = "/", tabBar = false, right, children }: PageProps) {
  const { i18n } = useStores();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const heading = title ?? titleOf(pathname, i18n);
  const header = useRef<HTMLElement>(null);
  // antd-mobile's NavBar marks its left slot role="button" (never focusable, and nameless without
  // a back link) and hides its back text from screen readers: the back link is a real <button>
  // in that slot instead, and the slot loses its role (Lighthouse: aria-command-name).
  useLayoutEffect(() => header.current?.querySelector(".adm-nav-bar-left")?.removeAttribute("role"));
  const goBack = () => {
    // A page opened directly (from the messaging app's chat) has no entry of ours to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(backTo, { replace: true });
  };
  return (
    <>
      <header className="page-header" ref={header}>
        <NavBar
          back={null}
          left={
            back ? (
              <button type="button" className="adm-nav-bar-back page-back" onClick={goBack}>
                <span className="adm-nav-bar-back-arrow" aria-hidden="true">
                  <LeftOutline />
                </span>
                {i18n.t("back")}
              </button>
            ) : null
          }
          right={right}
        >
          <h1 className="page-title">{heading}</h1>
        </NavBar>
      </header>
      <main className={tabBar ? "page with-tab-bar" : "page"}>{children}</main>
    </>
  );
});
