import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inviteCodes, users } from "../../src/db/schema.ts";
import { SESSION_REFRESH_AFTER_MS } from "../../src/identity/policy.ts";
import { createSession } from "../../src/identity/sessions.ts";
import { createInviteCodes } from "../../src/operators/inviteCodes.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { count } from "../identity/support.ts";

/**
 * Identity under real concurrency (PostgreSQL only: PGlite runs one transaction at a time, so a
 * race there proves nothing). Every request of a round is started before any is answered.
 */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
  expect(booted.database.kind).toBe("postgres");
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const now = () => booted.clock.now();

const seedUsers = async (n: number) =>
  booted.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ openid: `race-${i}`, phone: `139${String(i).padStart(8, "0")}`, createdAt: new Date(now()) })))
    .returning({ id: users.id });

describe("invite codes", () => {
  it("200 simultaneous redemptions of one code by 200 customers: exactly one succeeds, 199 are told the code is wrong", async () => {
    const [code] = await createInviteCodes(booted.db, 1, new Date(now()));
    const customers = await seedUsers(200);
    const tokens = await Promise.all(customers.map((u) => createSession(booted.db, u.id, now())));

    const answers = await Promise.all(
      tokens.map((token, i) =>
        booted.app.inject({
          method: "POST",
          url: "/api/activacode/check",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          payload: JSON.stringify({ code }),
          // Each from its own address: one address gets 30 wrong codes an hour (src/limits/policy.ts).
          remoteAddress: `10.9.${Math.floor(i / 250)}.${i % 250}`,
        }),
      ),
    );

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(199);
    expect(answers.filter((a) => a.statusCode === 400).every((a) => a.json<{ message: string }>().message.startsWith("invite code wrong, contact admin"))).toBe(true);

    const winner = customers[statuses.indexOf(200)]!;
    const [row] = await booted.db.query.inviteCodes.findMany();
    expect(row?.redeemedBy).toBe(winner.id);
    expect(row?.redeemedAt).not.toBeNull();
    const activated = (await booted.db.query.users.findMany()).filter((u) => u.activatedAt !== null);
    expect(activated.map((u) => u.id)).toEqual([winner.id]);
  });

  it("50 simultaneous redemptions of a code stored in lower case, typed in upper or lower case: exactly one succeeds (issue 25)", async () => {
    await booted.db.insert(inviteCodes).values({ code: "race25abc", createdAt: new Date(now()) });
    const customers = await seedUsers(50);
    const tokens = await Promise.all(customers.map((u) => createSession(booted.db, u.id, now())));
    const answers = await Promise.all(
      tokens.map((token, i) =>
        booted.app.inject({
          method: "POST",
          url: "/api/activacode/check",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          payload: JSON.stringify({ code: i % 2 === 0 ? "RACE25ABC" : " race25abc " }),
          remoteAddress: `10.8.0.${i}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(49);
    expect((await booted.db.query.users.findMany()).filter((u) => u.activatedAt !== null)).toHaveLength(1);
  });
});

describe("session refresh", () => {
  it("20 parallel requests with a token at its refresh moment all succeed; exactly one new token is minted, and it works", async () => {
    const [customer] = await seedUsers(1);
    const token = await createSession(booted.db, customer!.id, now());
    booted.clock.advance(SESSION_REFRESH_AFTER_MS / 1000 + 1);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => booted.app.inject({ method: "GET", url: "/api/user/info", headers: { authorization: `Bearer ${token}` } })),
    );

    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const minted = answers.map((a) => a.headers["authorization"]).filter((h): h is string => typeof h === "string");
    expect(minted).toHaveLength(1);
    expect(await count(booted.db, "sessions")).toBe(2);

    const fresh = /^Bearer (\S+)$/.exec(minted[0]!)?.[1];
    const again = await booted.app.inject({ method: "GET", url: "/api/user/info", headers: { authorization: `Bearer ${fresh}` } });
    expect(again.statusCode).toBe(200);
    expect(again.headers["authorization"]).toBeUndefined();
  });
});

describe("SMS limits", () => {
  it("20 parallel sends for one phone: exactly one code is sent, the others are rate limited", async () => {
    const phone = "13800138000";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        booted.app.inject({ method: "POST", url: "/api/sendsms", headers: { "content-type": "application/json" }, payload: JSON.stringify({ phone }) }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    expect(await count(booted.db, "sms_sends")).toBe(1);
    expect(await count(booted.db, "sms_codes")).toBe(1);
  });

  it("30 parallel sends for 30 phones from one address: exactly 20 go out", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        booted.app.inject({
          method: "POST",
          url: "/api/sendsms",
          remoteAddress: "10.7.7.7",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ phone: `137${String(i).padStart(8, "0")}` }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await count(booted.db, "sms_sends")).toBe(20);
  });
});
