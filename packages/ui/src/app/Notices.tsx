import Toast from "antd-mobile/es/components/toast";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStores } from "./StoresContext.tsx";

/**
 * Shows each notice a store raises as an antd-mobile Toast, and puts the same text in a polite live
 * region so a screen reader says it too (the toast itself is gone after two seconds).
 */
export const Notices = observer(function Notices() {
  const { notices } = useStores();
  const latest = notices.latest;
  useEffect(() => {
    if (latest === undefined) return;
    Toast.show({ content: latest.text, icon: latest.kind === "info" ? undefined : latest.kind, duration: 2000 });
  }, [latest]);
  return (
    <div className="sr-only" role="status" aria-live="polite">
      {latest?.text}
    </div>
  );
});
