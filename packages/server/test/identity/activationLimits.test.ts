import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createInviteCodes } from "../../src/operators/inviteCodes.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { count, expectError, expectSuccess, post, seedUser, tokenFor } from "./support.ts";

/**
 * Invite-code limits (issue 9, src/limits/policy.ts): 10 wrong codes per customer per hour, 30 per
 * client address per hour, then 429 with retry-after, before the code is looked at. Races are in
 * test/races/limits.race.test.ts.
 */

let booted: BootedApp;
beforeAll(async () => {
  const start = Date.now();
  booted = await bootApp({ systemTime: () => start });
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const activate = (code: string, token: string, ip = "10.0.0.1") => post(booted, "/api/activacode/check", { code }, { token, ip });
const signedIn = async () => tokenFor(booted, (await seedUser(booted)).id);
const WRONG = /^invite code wrong, contact admin /;

describe("wrong invite codes per customer: 10 an hour", () => {
  it("the 11th check within an hour is refused with 429, even with a good code, and the good code is not used up", async () => {
    const [code] = await createInviteCodes(booted.db, 1, new Date(booted.clock.now()));
    const token = await signedIn();
    for (let i = 0; i < 10; i++) {
      expectError(await activate(`WRONG${i}`, token), 400, WRONG);
      booted.clock.advance(60);
    }
    const res = await activate(code!, token);
    expectError(res, 429, "too many wrong invite codes, try again later");
    expect(res.headers["x-error-tag"]).toBe("InviteAttemptsLimited");
    // The first wrong one was 10 minutes ago: it leaves the hour in 50 minutes.
    expect(res.headers["retry-after"]).toBe(String(50 * 60));
    const [row] = await booted.db.query.inviteCodes.findMany();
    expect(row?.redeemedAt).toBeNull();

    booted.clock.advance(50 * 60);
    expectSuccess(await activate(code!, token));
  });

  it("a right code is not counted as a wrong one, and a repeat after it is 'already activated'", async () => {
    const [code] = await createInviteCodes(booted.db, 1, new Date(booted.clock.now()));
    const token = await signedIn();
    for (let i = 0; i < 9; i++) expectError(await activate(`WRONG${i}`, token), 400, WRONG);
    expectSuccess(await activate(code!, token));
    expect(await count(booted.db, "rate_limit_events")).toBe(2 * 9);
    expectSuccess(await activate(code!, token));
  });

  it("one customer's wrong codes do not limit another customer", async () => {
    const [code] = await createInviteCodes(booted.db, 1, new Date(booted.clock.now()));
    const first = await signedIn();
    for (let i = 0; i < 10; i++) expectError(await activate(`WRONG${i}`, first, "10.0.0.1"), 400, WRONG);
    expectError(await activate("WRONG", first, "10.0.0.1"), 429);
    expectSuccess(await activate(code!, await signedIn(), "10.0.0.1"));
  });
});

describe("wrong invite codes per client address: 30 an hour, whichever customer", () => {
  it("the 31st wrong code from one address is refused; other addresses are not", async () => {
    const [code] = await createInviteCodes(booted.db, 1, new Date(booted.clock.now()));
    for (let account = 0; account < 3; account++) {
      const token = await signedIn();
      for (let i = 0; i < 10; i++) expectError(await activate(`WRONG${i}`, token, "10.0.0.7"), 400, WRONG);
    }
    const newcomer = await signedIn();
    const res = await activate(code!, newcomer, "10.0.0.7");
    expectError(res, 429, "too many wrong invite codes from this network, try again later");
    expect(res.headers["retry-after"]).toBe(String(60 * 60));
    expectSuccess(await activate(code!, newcomer, "10.0.0.8"));
  });
});
