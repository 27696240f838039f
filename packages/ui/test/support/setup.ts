import { cleanup, configure as configureTestingLibrary } from "@testing-library/react";
import { configure } from "mobx";
import { afterEach } from "vitest";
import { installKitRenderer } from "../../src/app/kitRender.ts";

// Strict MobX in tests: a store that changes state outside an action fails loudly here.
configure({ enforceActions: "always" });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

installKitRenderer();

// findBy*/waitFor give up after 1 s by default: on a loaded two-core machine a lazy chunk, an
// antd-mobile dialog's entrance or a MobX reaction can take longer than that, and a test would
// fail for the machine's sake. A real failure still fails, 4 s later.
configureTestingLibrary({ asyncUtilTimeout: 5_000 });
