import { ManualClock, MemoryKeyValueStore } from "@fuel/adapters/testing";
import { offline, ServerRefused, timedOut } from "@fuel/adapters/ports";
import { Constants } from "@fuel/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SMS_DEADLINES_KEY, smsCodeStore } from "../../src/stores/SmsCodeStore.ts";
import { testRoot } from "../support/render.tsx";

const PHONE = "13800138000";

/** A device: its clock and preferences outlive an app start (a reload builds a new root over them). */
const device = () => ({ clock: new ManualClock(Date.parse("2026-11-23T02:00:00Z")), preferences: new MemoryKeyValueStore() });
const appOn = (d: ReturnType<typeof device>) => testRoot({ ports: d });

describe("SmsCodeStore: the 60 s resend countdown (spec §4, §9)", () => {
  it("sending a code starts a 60-second wait for that phone", async () => {
    const root = appOn(device());
    expect(await root.use(smsCodeStore).send(PHONE)).toBe(true);
    expect(root.ports.api.callsTo("sendSms")[0]?.input).toEqual({ phone: PHONE });
    expect(root.use(smsCodeStore).secondsLeft(PHONE)).toBe(Constants.SMS_RESEND_SECONDS);
    expect(root.use(smsCodeStore).canSend(PHONE)).toBe(false);
    expect(root.notices.latest).toMatchObject({ text: "SMS code sent", kind: "success" });
  });

  it("counts down with the clock and allows a new code when the wait is over", async () => {
    const d = device();
    const root = appOn(d);
    await root.use(smsCodeStore).send(PHONE);
    d.clock.advance(15_000);
    root.use(smsCodeStore).tick();
    expect(root.use(smsCodeStore).secondsLeft(PHONE)).toBe(45);
    d.clock.advance(45_000);
    root.use(smsCodeStore).tick();
    expect(root.use(smsCodeStore).secondsLeft(PHONE)).toBe(0);
    expect(root.use(smsCodeStore).canSend(PHONE)).toBe(true);
  });

  it("does not send again while the wait runs", async () => {
    const root = appOn(device());
    await root.use(smsCodeStore).send(PHONE);
    expect(await root.use(smsCodeStore).send(PHONE)).toBe(false);
    expect(root.ports.api.callsTo("sendSms")).toHaveLength(1);
  });

  it("survives a reload: a new app over the same preferences shows the seconds really left", async () => {
    const d = device();
    await appOn(d).use(smsCodeStore).send(PHONE);
    d.clock.advance(20_000);
    const reloaded = appOn(d);
    expect(reloaded.use(smsCodeStore).secondsLeft(PHONE)).toBe(40);
    expect(await reloaded.use(smsCodeStore).send(PHONE)).toBe(false);
  });

  it("waits per phone: another phone may get a code at once", async () => {
    const root = appOn(device());
    await root.use(smsCodeStore).send(PHONE);
    expect(root.use(smsCodeStore).canSend("13900139000")).toBe(true);
  });

  it("never shows more than 60 s left, even if the device's clock went back", async () => {
    const d = device();
    await appOn(d).use(smsCodeStore).send(PHONE);
    const earlier = { ...d, clock: new ManualClock(d.clock.now() - 3_600_000) };
    expect(appOn(earlier).use(smsCodeStore).secondsLeft(PHONE)).toBe(Constants.SMS_RESEND_SECONDS);
  });

  it("shows whole seconds between 0 and 60 at any moment of the wait", async () => {
    const d = device();
    const root = appOn(d);
    await root.use(smsCodeStore).send(PHONE);
    const start = d.clock.now();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120_000 }), (elapsed) => {
        const at = appOn({ clock: new ManualClock(start + elapsed), preferences: d.preferences });
        const left = at.use(smsCodeStore).secondsLeft(PHONE);
        return Number.isInteger(left) && left >= 0 && left <= 60 && left === Math.max(0, Math.ceil((60_000 - elapsed) / 1000));
      }),
    );
  });

  it("reads unreadable kept deadlines as none", () => {
    const d = device();
    d.preferences.set(SMS_DEADLINES_KEY, "{not json");
    expect(appOn(d).use(smsCodeStore).canSend(PHONE)).toBe(true);
  });
});

describe("SmsCodeStore: refusals", () => {
  it("a blacklisted phone is told 'server busy, cannot use' and no SMS is asked for (spec §6)", async () => {
    const root = appOn(device());
    root.ports.api.on("isBlacklist", 1);
    expect(await root.use(smsCodeStore).send(PHONE)).toBe(false);
    expect(root.notices.latest).toMatchObject({ text: "server busy, cannot use", kind: "fail" });
    expect(root.use(smsCodeStore).blocked).toEqual({ phone: PHONE, text: "server busy, cannot use" });
    expect(root.ports.api.callsTo("sendSms")).toHaveLength(0);
    expect(root.use(smsCodeStore).canSend(PHONE)).toBe(true);
  });

  it("words the blacklist refusal in Chinese for a Chinese customer", async () => {
    const root = testRoot({ ports: device(), locale: "zh-CN" });
    root.ports.api.on("isBlacklist", 1);
    await root.use(smsCodeStore).send(PHONE);
    expect(root.notices.latest?.text).toBe("服务器繁忙，无法使用");
  });

  it("the SMS rate limit shows the server's message and starts no countdown", async () => {
    const root = appOn(device());
    root.ports.api.fail("sendSms", new ServerRefused({ message: "too many SMS codes for this phone, try again in 10 minutes", status: 429, tag: "SmsRateLimited" }));
    expect(await root.use(smsCodeStore).send(PHONE)).toBe(false);
    expect(root.notices.latest?.text).toBe("too many SMS codes for this phone, try again in 10 minutes");
    expect(root.use(smsCodeStore).secondsLeft(PHONE)).toBe(0);
  });

  it("no network: says so and the button is usable again", async () => {
    const root = appOn(device());
    root.ports.api.fail("isBlacklist", offline());
    await root.use(smsCodeStore).send(PHONE);
    expect(root.notices.latest?.text).toBe("network unavailable, check your connection");
    expect(root.use(smsCodeStore).sending._tag).toBe("Idle");
  });

  it("a timeout says the request timed out", async () => {
    const root = appOn(device());
    root.ports.api.fail("sendSms", timedOut(10_000));
    await root.use(smsCodeStore).send(PHONE);
    expect(root.notices.latest?.text).toBe("the request timed out, try again");
  });
});

describe("SmsCodeStore: the phone to fill in after a reload", () => {
  it("is the phone whose wait is still running", async () => {
    const d = device();
    await appOn(d).use(smsCodeStore).send(PHONE);
    d.clock.advance(10_000);
    expect(appOn(d).use(smsCodeStore).waitingPhone).toBe(PHONE);
  });

  it("is none once the wait is over", async () => {
    const d = device();
    await appOn(d).use(smsCodeStore).send(PHONE);
    d.clock.advance(60_000);
    expect(appOn(d).use(smsCodeStore).waitingPhone).toBeUndefined();
  });
});
