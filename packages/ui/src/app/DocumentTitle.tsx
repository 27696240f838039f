import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useLocation } from "../router/index.tsx";
import { useStores } from "../stores/StoresContext.tsx";
import { titleOf } from "../i18n/titles.ts";

/** The document title per route: the messaging app's browser shows it as the page's heading. */
export const DocumentTitle = observer(function DocumentTitle() {
  const { i18n } = useStores();
  const { pathname } = useLocation();
  const title = titleOf(pathname, i18n);
  useEffect(() => {
    document.title = title;
    document.documentElement.lang = i18n.locale;
  }, [title, i18n.locale]);
  return null;
});
