import { observer } from "mobx-react-lite";
import { Suspense, useEffect } from "react";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { loadPageError, PageError } from "./lazyScreens.ts";
import { browserQuietHost, whenNetworkQuiet } from "./quietNetwork.ts";
import { useStores } from "../stores/StoresContext.tsx";

/**
 * Spec §8: a page that crashed shows a message with retry, never a white screen. The usual screen
 * (PageError, with antd-mobile's ErrorBlock) is in its own chunk, fetched once the app has shown
 * its first screen and the network is quiet (`PrefetchCrashScreen`); until it is here, or when it cannot be fetched (the
 * crash may be a page chunk that failed to load offline), the same words show as plain markup.
 */
export const CrashScreen = observer(function CrashScreen({ onRetry }: { readonly onRetry: () => void }) {
  const { i18n } = useStores();
  const plain = (
    <main className="boot-failed" role="alert">
      <h1>{i18n.t("crashTitle")}</h1>
      <p>{i18n.t("ServerError")}</p>
      <button type="button" onClick={onRetry}>
        {i18n.t("retry")}
      </button>
    </main>
  );
  return (
    <ErrorBoundary resetKey="crash" fallback={() => plain}>
      <Suspense fallback={plain}>
        <PageError description={i18n.t("ServerError")} onRetry={onRetry} />
      </Suspense>
    </ErrorBoundary>
  );
});

/**
 * Fetches the crash screen's chunk once the first screen is in and the network quiet (it must not
 * compete with the page's own chunk and first API calls on a weak network), so a crash rarely waits for it.
 */
export function PrefetchCrashScreen() {
  useEffect(() => whenNetworkQuiet(browserQuietHost(), () => void loadPageError().catch(() => undefined)), []);
  return null;
}
