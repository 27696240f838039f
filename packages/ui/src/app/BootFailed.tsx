import { localeForBrowser } from "../i18n/I18nStore.ts";
import { textOf } from "../i18n/catalogue.ts";

/**
 * The app cannot start because the server's version (sandbox or production) is unknown: it fails
 * closed instead of guessing, because a wrong guess would pay through the sandbox pay sheet in
 * production. Plain markup, no stores: it replaces the whole app, whose stores are left behind.
 */
export function BootFailed({ onRetry }: { readonly onRetry: () => void }) {
  const locale = localeForBrowser(navigator.languages);
  return (
    <main className="boot-failed" role="alert">
      <h1>{textOf("appName", locale)}</h1>
      <p>{textOf("bootFailed", locale)}</p>
      <button type="button" onClick={onRetry}>
        {textOf("retry", locale)}
      </button>
    </main>
  );
}
