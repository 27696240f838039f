import { offline } from "@fuel/adapters/ports";
import { examples } from "@fuel/domain/api";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { valueOf } from "../../src/stores/Load.ts";
import { testRoot } from "../support/render.tsx";
import { shownFor } from "../support/failures.ts";

describe("SiteStore", () => {
  it("loads the site settings: the service phones come from the server", async () => {
    const root = testRoot();
    root.ports.api.on("webInfo", { ...examples.webInfo.response, tel1: "020-1111", tel2: "020-2222" });
    await root.site.load();
    expect(valueOf(root.site.info)).toMatchObject({ tel1: "020-1111", tel2: "020-2222" });
  });

  it("asks the server once however many pages load it, at once or later", async () => {
    const root = testRoot();
    await Promise.all([root.site.load(), root.site.load()]);
    await root.site.load();
    expect(root.ports.api.callsTo("webInfo")).toHaveLength(1);
  });

  it("shows Loading while the answer is on its way", async () => {
    const root = testRoot();
    let answer: (() => void) | undefined;
    root.ports.api.on("webInfo", () => Effect.promise(() => new Promise<typeof examples.webInfo.response>((resolve) => (answer = () => resolve(examples.webInfo.response)))));
    const loading = root.site.load();
    expect(root.site.info._tag).toBe("Loading");
    answer?.();
    await loading;
    expect(root.site.info._tag).toBe("Loaded");
  });

  it("a failed load keeps the error itself, worded in whatever language is chosen when shown", async () => {
    const root = testRoot({ locale: "zh-CN" });
    const error = offline();
    root.ports.api.fail("webInfo", error);
    await root.site.load();
    expect(root.site.info._tag === "Failed" && root.site.info.error).toBe(error);
    expect(shownFor(root.site.info, root.i18n)).toBe("网络不可用，请检查网络连接");
    root.i18n.setLocale("en");
    expect(shownFor(root.site.info, root.i18n)).toBe("network unavailable, check your connection");
  });

  it("a failed load says why in the customer's language (offline, zh-CN)", async () => {
    const root = testRoot({ locale: "zh-CN" });
    root.ports.api.fail("webInfo", offline());
    await root.site.load();
    expect(root.site.info._tag).toBe("Failed");
    expect(shownFor(root.site.info, root.i18n)).toBe("网络不可用，请检查网络连接");
  });

  it("after a failure, loading again (the retry) asks the server again", async () => {
    const root = testRoot();
    root.ports.api.fail("webInfo", offline());
    await root.site.load();
    root.ports.api.on("webInfo", examples.webInfo.response);
    await root.site.load();
    expect(root.site.info._tag).toBe("Loaded");
    expect(root.ports.api.callsTo("webInfo")).toHaveLength(2);
  });
});
