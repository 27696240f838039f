import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { orderActionsStore } from "../../src/stores/orders/OrderActionsStore.ts";
import { orderDetailStore } from "../../src/stores/orders/OrderDetailStore.ts";
import { storeKind } from "../../src/stores/storeKind.ts";
import { testRoot } from "../support/render.tsx";

describe("RootStore: a store is built when its page first needs it", () => {
  it("builds a kind's store on first use, from this root, once", () => {
    const build = vi.fn(() => ({}));
    const kind = storeKind(build);
    const root = testRoot();
    expect(build).not.toHaveBeenCalled();
    const first = root.use(kind);
    expect(root.use(kind)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(build).toHaveBeenCalledWith(root);
  });

  it("stores that depend on each other share one instance: the detail's order actions are the list's", () => {
    const root = testRoot();
    expect(root.use(orderDetailStore).actions).toBe(root.use(orderActionsStore));
  });

  it("imports only the shell's stores, so no page's store and rules are in every first load", () => {
    const source = readFileSync(join(import.meta.dirname, "../../src/stores/RootStore.ts"), "utf8");
    const imported = [...source.matchAll(/^import [^"]* from "(\.[^"]+)";$/gm)].map((m) => m[1]);
    expect(imported.sort()).toEqual(["../i18n/I18nStore.ts", "./NavigationStore.ts", "./NoticeStore.ts", "./SessionStore.ts", "./SiteStore.ts", "./storeKind.ts"]);
  });
});
