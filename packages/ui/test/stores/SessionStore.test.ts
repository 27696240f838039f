import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { testRoot } from "../support/render.tsx";
import { MemoryTokenStore } from "@fuel/adapters/testing";
import { offline, SessionEnded } from "@fuel/adapters/ports";

describe("SessionStore", () => {
  it("reads the token and activation flag the device kept", () => {
    const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
    expect(root.session.facts).toEqual({ token: "t1", activated: true });
    expect(root.session.signedIn).toBe(true);
  });

  it("logout clears the token and the activation flag on the device and goes to /login (spec §4)", async () => {
    const tokens = new MemoryTokenStore({ token: "t1", activated: true });
    const root = testRoot({ ports: { tokens } });
    await root.session.logout();
    expect(root.session.facts).toEqual({ token: null, activated: false });
    expect(Effect.runSync(tokens.token())).toBeNull();
    expect(Effect.runSync(tokens.activated())).toBe(false);
    expect(root.navigation.pending?.to).toBe("/login");
    expect(root.ports.api.calls.map((c) => c.name)).toContain("logout");
  });

  it("logout still signs the device out when the server cannot be reached", async () => {
    const tokens = new MemoryTokenStore({ token: "t1", activated: true });
    const root = testRoot({ ports: { tokens } });
    root.ports.api.fail("logout", offline());
    await root.session.logout();
    expect(root.session.signedIn).toBe(false);
    expect(root.navigation.pending?.to).toBe("/login");
  });

  it("a session the server ended shows its message and goes to /login (spec §8)", () => {
    const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
    root.session.ended(new SessionEnded({ message: "please sign in again", status: 401 }));
    expect(root.session.signedIn).toBe(false);
    expect(root.notices.latest?.text).toBe("please sign in again");
    expect(root.navigation.pending).toMatchObject({ to: "/login", replace: true });
  });

  it("the ended session's notice is worded in the language chosen when it ends, not the server's", () => {
    const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
    root.i18n.setLocale("zh-CN");
    root.session.ended(new SessionEnded({ message: "please sign in again", status: 401, tag: "Unauthorized" }));
    expect(root.notices.latest?.text).toBe(root.i18n.t("Unauthorized"));
    expect(root.notices.latest?.text).not.toBe("please sign in again");
  });

  it("a failed user load keeps the error itself, not words", async () => {
    const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
    const error = offline();
    root.ports.api.fail("userInfo", error);
    await root.session.loadUser();
    expect(root.session.user).toMatchObject({ _tag: "Failed", previous: undefined });
    expect(root.session.user._tag === "Failed" && root.session.user.error).toBe(error);
  });

  it("a NotActivated answer sends the customer to /activated and keeps the token", () => {
    const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
    root.session.notActivated();
    expect(root.session.facts).toEqual({ token: "t1", activated: false });
    expect(root.navigation.pending?.to).toBe("/activated");
  });

  it("signing in saves the token and loads the user", async () => {
    const root = testRoot();
    await root.session.signedInWith("t9", true);
    expect(Effect.runSync(root.ports.tokens.token())).toBe("t9");
    expect(root.session.user._tag).toBe("Loaded");
  });
});
