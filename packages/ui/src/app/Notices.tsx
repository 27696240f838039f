import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import type { NoticeStore } from "../stores/NoticeStore.ts";
import { useStores } from "../stores/StoresContext.tsx";

/**
 * Shows each notice a store raises as an antd-mobile Toast, and puts the same text in a polite live
 * region so a screen reader says it too (the toast itself is gone after two seconds).
 */
export const Notices = observer(function Notices() {
  return <NoticesOf notices={useStores().notices} />;
});

/** The toasts and live region of a {@link NoticeStore}: the app's (above) and the staff desk's. */
export const NoticesOf = observer(function NoticesOf({ notices }: { readonly notices: NoticeStore }) {
  const latest = notices.latest;
  useEffect(() => {
    if (latest === undefined) return;
    // Loaded on the first notice: Toast brings antd-mobile's Mask and react-spring (~20 KB gzip),
    // which the first screen does not need. The live region below speaks the text meanwhile.
    let current = true;
    void import("antd-mobile/es/components/toast").then(({ default: Toast }) => {
      if (current) Toast.show({ content: latest.text, icon: latest.kind === "info" ? undefined : latest.kind, duration: 2000 });
    });
    return () => {
      current = false;
    };
  }, [latest]);
  return (
    <div className="sr-only" role="status" aria-live="polite">
      {latest?.text}
    </div>
  );
});
