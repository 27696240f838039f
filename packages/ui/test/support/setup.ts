import { cleanup } from "@testing-library/react";
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
