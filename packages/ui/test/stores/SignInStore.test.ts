import { MemoryTokenStore } from "@fuel/adapters/testing";
import { offline, ServerRefused, SessionEnded, SignInUnavailable } from "@fuel/adapters/ports";
import { examples } from "@fuel/domain/api";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { BIND_OPENID_KEY, OAUTH_STATE_KEY, signInStore } from "../../src/stores/SignInStore.ts";
import { testRoot } from "../support/render.tsx";
import { shownFor } from "../support/failures.ts";

const bound = {
  unBindPhone: false as const,
  token: "tok-bound",
  is_activated: true,
  info: examples.userInfo.response,
};

/** A root that has left for the provider, so a state is kept. */
const leftForProvider = async () => {
  const root = testRoot();
  await root.use(signInStore).authorize();
  const state = root.ports.tabValues.get(OAUTH_STATE_KEY);
  if (state === null) throw new Error("no state kept");
  return { root, state };
};

describe("SignInStore: leaving for the provider", () => {
  it("keeps a fresh random state in this tab and leaves for the provider's authorize URL with it", async () => {
    const root = testRoot();
    await root.use(signInStore).authorize();
    const state = root.ports.tabValues.get(OAUTH_STATE_KEY);
    expect(state).toBe("state-1");
    const browser = root.ports.browser as unknown as { visited: string[] };
    expect(browser.visited).toEqual([`https://auth.test/authorize?redirect_uri=${encodeURIComponent("https://fuel.test/wechatlogin")}&state=state-1`]);
  });

  it("arriving at /wechatlogin without code or state starts the authorization", async () => {
    const root = testRoot();
    await root.use(signInStore).arrive({ code: null, state: null });
    expect(root.ports.tabValues.get(OAUTH_STATE_KEY)).toBe("state-1");
    expect(root.use(signInStore).phase._tag).toBe("Leaving");
  });

  it("when the provider is not known (the server's mode could not be read) it stays, says why and offers to try again", async () => {
    const signIn = { authorizeUrl: () => Effect.fail(new SignInUnavailable({ detail: "the adapter could not be loaded: offline" })) };
    const root = testRoot({ ports: { signIn } });
    await root.use(signInStore).authorize();
    expect(root.use(signInStore).phase._tag).toBe("Failed");
    expect(shownFor(root.use(signInStore).phase, root.i18n)).toBe(root.i18n.t("Offline"));
    expect((root.ports.browser as unknown as { visited: string[] }).visited).toEqual([]);
  });
});

describe("SignInStore: the returned state (spec §4, one-time)", () => {
  it("refuses a return without state, says why and goes to /login, without exchanging the code", async () => {
    const { root } = await leftForProvider();
    await root.use(signInStore).arrive({ code: "c1", state: null });
    expect(root.notices.latest?.text).toBe("This sign-in link has expired or did not come from this app. Please sign in again.");
    expect(root.navigation.pending).toMatchObject({ to: "/login", replace: true });
    expect(root.ports.api.callsTo("wechatAuth")).toHaveLength(0);
  });

  it("refuses a state other than the one kept, and consumes the kept one", async () => {
    const { root } = await leftForProvider();
    await root.use(signInStore).arrive({ code: "c1", state: "forged" });
    expect(root.navigation.pending?.to).toBe("/login");
    expect(root.ports.api.callsTo("wechatAuth")).toHaveLength(0);
    expect(root.ports.tabValues.get(OAUTH_STATE_KEY)).toBeNull();
  });

  it("refuses a return when no state was kept in this tab (a link opened elsewhere)", async () => {
    const root = testRoot();
    await root.use(signInStore).arrive({ code: "c1", state: "state-1" });
    expect(root.navigation.pending?.to).toBe("/login");
    expect(root.ports.api.callsTo("wechatAuth")).toHaveLength(0);
  });

  it("accepts a state once: the same return opened again (a reload) is refused", async () => {
    const { root, state } = await leftForProvider();
    root.ports.api.on("wechatAuth", () => Effect.fail(offline()));
    await root.use(signInStore).arrive({ code: "c1", state });
    expect(root.ports.api.callsTo("wechatAuth")).toHaveLength(1);

    const reloaded = testRoot({ ports: { tabValues: root.ports.tabValues, api: root.ports.api } });
    await reloaded.use(signInStore).arrive({ code: "c1", state });
    expect(root.ports.api.callsTo("wechatAuth")).toHaveLength(1);
    expect(reloaded.navigation.pending?.to).toBe("/login");
  });

  it("handles one return once even when the page asks twice (React's double effect)", async () => {
    const { root, state } = await leftForProvider();
    root.ports.api.on("wechatAuth", bound);
    await Promise.all([root.use(signInStore).arrive({ code: "c1", state }), root.use(signInStore).arrive({ code: "c1", state })]);
    expect(root.ports.api.callsTo("wechatAuth")).toHaveLength(1);
    expect(root.notices.latest).toBeUndefined();
  });

  it("a return without a code (the customer declined) says authorization was cancelled and goes to /login", async () => {
    const { root, state } = await leftForProvider();
    await root.use(signInStore).arrive({ code: null, state });
    expect(root.notices.latest?.text).toBe("Authorization was cancelled. Tap the button to try again.");
    expect(root.navigation.pending?.to).toBe("/login");
  });

  it("a reload of the return address after signing in goes to /personal without exchanging the used code again", async () => {
    const tokens = new MemoryTokenStore({ token: "t1", activated: true });
    const root = testRoot({ ports: { tokens } });
    await root.use(signInStore).arrive({ code: "used", state: "gone" });
    expect(root.ports.api.callsTo("wechatAuth")).toHaveLength(0);
    expect(root.navigation.pending).toMatchObject({ to: "/personal", replace: true });
    expect(root.notices.latest).toBeUndefined();
  });
});

describe("SignInStore: the code exchange (spec §4 login flow)", () => {
  it("an unbound phone goes to /bindPhone with the openid kept for it", async () => {
    const { root, state } = await leftForProvider();
    await root.use(signInStore).arrive({ code: "c1", state });
    expect(root.ports.api.callsTo("wechatAuth")[0]?.input).toEqual({ code: "c1" });
    expect(root.ports.tabValues.get(BIND_OPENID_KEY)).toBe("o6_bmjrPTlm6_2sgVt7hMZOPfL2M");
    expect(root.navigation.pending).toMatchObject({ to: "/bindPhone", replace: true });
    expect(root.session.signedIn).toBe(false);
  });

  it("a bound phone saves the token and activation flag, loads the user and goes to /personal", async () => {
    const { root, state } = await leftForProvider();
    root.ports.api.on("wechatAuth", bound);
    await root.use(signInStore).arrive({ code: "c1", state });
    expect(Effect.runSync(root.ports.tokens.token())).toBe("tok-bound");
    expect(root.session.facts).toEqual({ token: "tok-bound", activated: true });
    expect(root.session.user._tag).toBe("Loaded");
    expect(root.navigation.pending).toMatchObject({ to: "/personal", replace: true });
  });

  it("a bound but not activated customer is signed in with the flag off (the guard then shows /activated)", async () => {
    const { root, state } = await leftForProvider();
    root.ports.api.on("wechatAuth", { ...bound, is_activated: false });
    root.ports.api.on("userInfo", { ...examples.userInfo.response, is_activated: false });
    await root.use(signInStore).arrive({ code: "c1", state });
    expect(root.session.facts).toEqual({ token: "tok-bound", activated: false });
  });

  it("a refused code shows the server's message and offers to sign in again", async () => {
    const { root, state } = await leftForProvider();
    root.ports.api.fail("wechatAuth", new ServerRefused({ message: "authorization code already used, authorize again", status: 400, tag: "OauthCodeRejected" }));
    await root.use(signInStore).arrive({ code: "c1", state });
    expect(root.notices.latest?.text).toBe("authorization code already used, authorize again");
    expect(root.use(signInStore).phase._tag).toBe("Failed");
    expect(shownFor(root.use(signInStore).phase, root.i18n)).toBe("authorization code already used, authorize again");
    expect(root.session.signedIn).toBe(false);
  });

  it("no network: says so in the customer's language", async () => {
    const { root, state } = await leftForProvider();
    root.i18n.setLocale("zh-CN");
    root.ports.api.fail("wechatAuth", offline());
    await root.use(signInStore).arrive({ code: "c1", state });
    expect(root.notices.latest?.text).toBe("网络不可用，请检查网络连接");
  });

  it("a session ended by the server (a blacklisted phone's 403) adds no second message: the shell has shown it", async () => {
    const { root, state } = await leftForProvider();
    root.ports.api.fail("wechatAuth", new SessionEnded({ message: "server busy, cannot use", status: 403 }));
    await root.use(signInStore).arrive({ code: "c1", state });
    expect(root.notices.latest).toBeUndefined();
    expect(root.use(signInStore).phase._tag).toBe("Idle");
  });
});
