import { join } from "node:path";
import { loadConfigFromFile, type UserConfig } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRenderer, type RenderScreen } from "../../build/prerender.ts";

/**
 * The screens the build prerenders, rendered as the build renders them: src/prerender.tsx built for
 * Node with the app's own resolve settings (vite.config.ts: React's names are Preact), then run.
 */
const ROOT = join(import.meta.dirname, "../..");
let renderScreen: RenderScreen;
let done = (): void => undefined;

beforeAll(async () => {
  const loaded = await loadConfigFromFile({ command: "build", mode: "production" }, join(ROOT, "vite.config.ts"), ROOT, "silent");
  const resolve = (loaded?.config as UserConfig | undefined)?.resolve;
  ({ renderScreen, done } = await loadRenderer(ROOT, resolve, "production"));
}, 120_000);
afterAll(() => done());

describe("the prerendered first screens (the app's real components, in Node)", () => {
  it("/login is the sign-in page with the messaging-app button, in each language", async () => {
    const zh = await renderScreen("/login", "zh-CN");
    expect(zh.title).toBe("登录");
    expect(zh.markup).toContain('<h1 class="page-title">登录</h1>');
    expect(zh.markup).toContain("<span>微信授权登录</span>");
    const en = await renderScreen("/login", "en");
    expect(en.title).toBe("Sign in");
    expect(en.markup).toContain("<span>Sign in with WeChat</span>");
  });

  it("/stationlist is its city header while locating and skeleton cards under a label saying what loads", async () => {
    const en = await renderScreen("/stationlist", "en");
    expect(en.title).toBe("Gas stations");
    expect(en.markup).toContain('<span class="city-name">Locating…</span>');
    expect(en.markup).toContain('<div aria-busy="true" aria-label="Loading stations…" class="station-list">');
    // A screen's worth of the compact card (issue 25: three whole cards and part of a fourth at 360x640).
    expect(en.markup.match(/station-card/g)?.length).toBe(4);
    const zh = await renderScreen("/stationlist", "zh-CN");
    expect(zh.title).toBe("加油站");
    expect(zh.markup).toContain('<span class="city-name">定位中…</span>');
  });

  it("is markup only, with no script in it", async () => {
    expect((await renderScreen("/stationlist", "zh-CN")).markup).not.toContain("<script");
  });
});
