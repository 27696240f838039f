import { cleanup, configure as configureTestingLibrary } from "@testing-library/react";
import { Dialog, Toast } from "antd-mobile";
import { configure } from "mobx";
import { afterEach, beforeAll, vi } from "vitest";
// Notices (app/Notices.tsx) imports the Toast component by this path on a store's first notice,
// after the render that raised it. Loaded here, it is in the module graph before any test starts:
// a notice raised as a test file ends would otherwise load it (and its mask.css) while Vitest
// tears the file's environment down (an unhandled EnvironmentTeardownError, seen on a fresh clone).
import "antd-mobile/es/components/toast";
import { installKitRenderer } from "../../src/app/kitRender.ts";

// Strict MobX in tests: a store that changes state outside an action fails loudly here.
configure({ enforceActions: "always" });

afterEach(() => {
  cleanup();
  // antd-mobile's imperative dialogs and toasts live in their own containers under <body>, which
  // cleanup() does not know of; one still closing (its exit animation) would be found by the next
  // test's queries, as a second 'Regenerate QR' button was on a loaded machine.
  Dialog.clear();
  Toast.clear();
  document.body.replaceChildren();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // A test's screen width (the desk's screenWidth) or other stubbed global ends with the test.
  vi.unstubAllGlobals();
});

installKitRenderer();

// Every page module (and the antd-mobile parts it imports) loaded before a file's tests run. The
// app loads pages lazily; a test that navigates to one and ends before its chunk arrived would
// leave the import running while Vitest tears the file's environment down (an
// EnvironmentTeardownError, seen on a cold run, that then failed every later file of the worker).
// The files of a worker share modules (vitest.config.ts), so only the first pays for it.
const pageModules = import.meta.glob("../../src/pages/*.tsx");
beforeAll(async () => {
  await Promise.all(Object.values(pageModules).map((load) => load()));
}, 60_000);

// findBy*/waitFor give up after 1 s by default: on a loaded two-core machine a lazy chunk, an
// antd-mobile dialog's entrance or a MobX reaction can take longer than that, and a test would
// fail for the machine's sake. A real failure still fails, 3 s later, and before the test's own
// 5 s timeout, so it is reported with its assertion and the DOM rather than as 'timed out' (at 5 s
// both fired together and hid the reason of a flaky test: see openDialogs in support/dialogs.ts).
configureTestingLibrary({ asyncUtilTimeout: 4_000 });
