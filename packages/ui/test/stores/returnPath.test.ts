import { MemoryTokenStore } from "@fuel/adapters/testing";
import { SessionEnded } from "@fuel/adapters/ports";
import { examples } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { activationStore } from "../../src/stores/ActivationStore.ts";
import { RETURN_TO_KEY } from "../../src/stores/SessionStore.ts";
import { OAUTH_STATE_KEY, signInStore } from "../../src/stores/SignInStore.ts";
import { testRoot } from "../support/render.tsx";

const bound = { unBindPhone: false as const, token: "tok-bound", is_activated: true, info: examples.userInfo.response };

/** Signs in through the provider in `root`'s tab, as /login -> /wechatlogin -> the provider -> /wechatlogin does. */
const signIn = async (root: ReturnType<typeof testRoot>, answer: typeof bound = bound) => {
  await root.use(signInStore).authorize();
  const state = root.ports.tabValues.get(OAUTH_STATE_KEY);
  root.ports.api.on("wechatAuth", answer);
  if (!answer.is_activated) root.ports.api.on("userInfo", { ...examples.userInfo.response, is_activated: false });
  await root.use(signInStore).arrive({ code: "c1", state });
};

describe("the return path through sign-in (issue 25)", () => {
  it("a session that ends on the checklist leads back to it after signing in again", async () => {
    const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
    root.navigation.at("/order");
    root.session.ended(new SessionEnded({ message: "please sign in again", status: 401, tag: "Unauthorized" }));
    expect(root.navigation.pending).toMatchObject({ to: "/login", replace: true });
    await signIn(root);
    expect(root.navigation.pending).toMatchObject({ to: "/order", replace: true });
  });

  it("the page kept before the OAuth round trip is found by the app that loads after it (same tab)", async () => {
    const before = testRoot();
    before.session.keepReturn("/oneKeyGas?id=3");
    const after = testRoot({ ports: { tabValues: before.ports.tabValues } });
    await signIn(after);
    expect(after.navigation.pending?.to).toBe("/oneKeyGas?id=3");
  });

  it("leads back once: the next sign-in without a kept page ends on /personal (spec §4)", async () => {
    const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
    root.session.keepReturn("/orderlist?tab=unpaid");
    expect(root.session.takeReturn()).toBe("/orderlist?tab=unpaid");
    expect(root.session.takeReturn()).toBe("/personal");
  });

  it("never keeps another site or a page of signing in, and an unsafe address leaves the kept one as it was", () => {
    const root = testRoot();
    for (const bad of ["//evil.example/order", "https://evil.example", "/login", "/wechatlogin?code=1", "/nowhere", undefined]) root.session.keepReturn(bad);
    expect(root.ports.tabValues.get(RETURN_TO_KEY)).toBeNull();
    root.session.keepReturn("/order");
    root.session.keepReturn("//evil.example");
    expect(root.ports.tabValues.get(RETURN_TO_KEY)).toBe("/order");
  });

  it("a crafted value in the tab's storage is not followed: sign-in ends on /personal", async () => {
    const root = testRoot();
    root.ports.tabValues.set(RETURN_TO_KEY, "//evil.example/x");
    await signIn(root);
    expect(root.navigation.pending?.to).toBe("/personal");
  });

  it("without activation the customer meets /activated first, and activating leads back to the kept page", async () => {
    const root = testRoot();
    root.session.keepReturn("/oneKeyGas?id=3");
    await signIn(root, { ...bound, is_activated: false });
    expect(root.navigation.pending?.to).toBe("/activated");
    expect(root.ports.tabValues.get(RETURN_TO_KEY)).toBe("/oneKeyGas?id=3");
    await root.use(activationStore).activate("FUEL-7Q2M");
    expect(root.navigation.pending?.to).toBe("/oneKeyGas?id=3");
    expect(root.ports.tabValues.get(RETURN_TO_KEY)).toBeNull();
  });

  it("activating without a kept page goes home to /recharge/2", async () => {
    const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t1", activated: false }) } });
    await root.use(activationStore).activate("FUEL-7Q2M");
    expect(root.navigation.pending?.to).toBe("/recharge/2");
  });

  it("logging out on purpose forgets the kept page", async () => {
    const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
    root.session.keepReturn("/order");
    await root.session.logout();
    expect(root.ports.tabValues.get(RETURN_TO_KEY)).toBeNull();
  });
});
