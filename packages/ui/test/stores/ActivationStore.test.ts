import { MemoryTokenStore } from "@fuel/adapters/testing";
import { offline, ServerRefused, SessionEnded, timedOut } from "@fuel/adapters/ports";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { testRoot } from "../support/render.tsx";
import { activationStore } from "../../src/stores/ActivationStore.ts";
import { shownFor } from "../support/failures.ts";

const notActivated = (locale: "en" | "zh-CN" = "en") => testRoot({ locale, ports: { tokens: new MemoryTokenStore({ token: "t1", activated: false }) } });
const wrongCode = new ServerRefused({ message: "invite code wrong, contact admin 400-800-1234", status: 400, tag: "InviteCodeWrong" });

describe("ActivationStore (spec §1, §6: a single-use invite code activates the account)", () => {
  it("redeems the code, marks the session activated and goes home (/recharge/2)", async () => {
    const root = notActivated();
    await root.use(activationStore).activate(" FUEL-7Q2M ");
    expect(root.ports.api.callsTo("activate")[0]?.input).toEqual({ code: "FUEL-7Q2M" });
    expect(root.session.activated).toBe(true);
    expect(Effect.runSync(root.ports.tokens.activated())).toBe(true);
    expect(root.navigation.pending).toMatchObject({ to: "/recharge/2", replace: true });
    expect(root.notices.latest?.text).toBe("Account activated");
  });

  it("a wrong code is answered with the service phone from the site settings, and no toast (spec §7, §8)", async () => {
    const root = notActivated();
    root.ports.api.fail("activate", wrongCode);
    await root.use(activationStore).activate("NOPE");
    expect(root.use(activationStore).phase._tag).toBe("WrongCode");
    expect(root.use(activationStore).servicePhone).toEqual({ _tag: "Loaded", value: "400-800-1234" });
    expect(root.notices.latest).toBeUndefined();
    expect(root.session.activated).toBe(false);
    expect(root.navigation.pending).toBeUndefined();
  });

  it("the service phone is loaded once for several wrong codes", async () => {
    const root = notActivated();
    root.ports.api.fail("activate", wrongCode);
    await root.use(activationStore).activate("NOPE");
    await root.use(activationStore).activate("NOPE2");
    expect(root.ports.api.callsTo("webInfo")).toHaveLength(1);
  });

  it("when the service phone cannot be loaded, the refusal still shows, with why the phone is missing", async () => {
    const root = notActivated();
    root.ports.api.fail("activate", wrongCode);
    root.ports.api.fail("webInfo", offline());
    await root.use(activationStore).activate("NOPE");
    expect(root.use(activationStore).phase._tag).toBe("WrongCode");
    expect(root.use(activationStore).servicePhone._tag).toBe("Failed");
    expect(shownFor(root.use(activationStore).servicePhone, root.i18n)).toBe("network unavailable, check your connection");
  });

  it("editing the code after a refusal clears it", async () => {
    const root = notActivated();
    root.ports.api.fail("activate", wrongCode);
    await root.use(activationStore).activate("NOPE");
    root.use(activationStore).edited();
    expect(root.use(activationStore).phase._tag).toBe("Idle");
  });

  it("refuses an empty code with the domain's message, calling nothing (spec §5)", async () => {
    const root = notActivated();
    await root.use(activationStore).activate("   ");
    expect(root.notices.latest?.text).toBe("invite code cannot be empty");
    expect(root.ports.api.calls).toHaveLength(0);
  });

  it("refuses a code over 32 characters, in Chinese for a Chinese customer", async () => {
    const root = notActivated("zh-CN");
    await root.use(activationStore).activate("X".repeat(33));
    expect(root.notices.latest?.text).toBe("邀请码不能超过32位");
    expect(root.ports.api.calls).toHaveLength(0);
  });

  it("too many wrong codes: the server's limit message is shown", async () => {
    const root = notActivated();
    root.ports.api.fail("activate", new ServerRefused({ message: "too many wrong invite codes, try again in 60 minutes", status: 429, tag: "InviteAttemptsLimited" }));
    await root.use(activationStore).activate("NOPE");
    expect(root.notices.latest?.text).toBe("too many wrong invite codes, try again in 60 minutes");
    expect(root.use(activationStore).phase._tag).toBe("Idle");
  });

  it("a timeout says so and the code can be sent again", async () => {
    const root = notActivated();
    root.ports.api.fail("activate", timedOut(10_000));
    await root.use(activationStore).activate("FUEL-1");
    expect(root.notices.latest?.text).toBe("the request timed out, try again");
    expect(root.use(activationStore).phase._tag).toBe("Idle");
  });

  it("a session ended mid-flow adds no message of its own and does not activate", async () => {
    const root = notActivated();
    root.ports.api.fail("activate", new SessionEnded({ message: "please sign in again", status: 401 }));
    await root.use(activationStore).activate("FUEL-1");
    expect(root.notices.latest).toBeUndefined();
    expect(root.session.activated).toBe(false);
    expect(root.navigation.pending).toBeUndefined();
  });
});
