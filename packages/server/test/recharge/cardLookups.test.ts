import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cards } from "../../src/db/schema.ts";
import { CardNumber } from "@fuel/domain";
import { maskPhone } from "../../src/recharge/cards.ts";
import { DEMO_SITE_SETTINGS } from "../../src/seed/demoStations.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectError, expectSuccess } from "../identity/support.ts";
import { call, customer, seedCatalogue } from "../orders/support.ts";

/**
 * Card look-ups (issue 9 item 5): `getRechargeCardByPhone` and `getcardnumbyteam` show a card's
 * whole number only to the customer whose phone it is registered to; anyone else sees its last 4
 * digits (issue 22: the prefix is public, so 7 would be the whole number) and a masked phone, and
 * recharges it by its `card_ref` (./cardRefs.test.ts). At most 30 look-ups a minute per customer.
 */

const ENTITY = DEMO_SITE_SETTINGS.entity_common_num;
const VIRTUAL = DEMO_SITE_SETTINGS.virtual_common_num;
const PENGCHENG = "鹏城运输车队";
const BY_PHONE = "/api/recharge/getRechargeCardByPhone";
const BY_TEAM = "/api/recharge/getcardnumbyteam";
const REF = expect.stringMatching(/^\d+\.[\w-]{43}$/);
/** Another's card as a look-up shows it: all but the last 4 digits hidden. */
const masked = (prefix: string, last7: string): string => `${"*".repeat(prefix.length + 3)}${last7.slice(-4)}`;

let booted: BootedApp;
beforeAll(async () => {
  const start = Date.now();
  booted = await bootApp({ systemTime: () => start });
});
beforeEach(async () => {
  await booted.reset();
  await seedCatalogue(booted);
});
afterAll(async () => booted.close());

describe("masking", () => {
  it("a card number keeps its last 4 digits; a phone its first 3 and last 4", () => {
    expect(CardNumber.masked("90001001234567")).toBe("**********4567");
    expect(CardNumber.masked("1234567")).toBe("***4567");
    expect(maskPhone("13800138000")).toBe("138****8000");
  });

  it("by phone: another customer's cards come back masked", async () => {
    const someoneElse = await customer(booted);
    expect(expectSuccess(await call(booted, someoneElse, BY_PHONE, { phone: "13800138000" }))).toEqual([
      { cardnum: masked(ENTITY, "2345678"), phonenum: "138****8000", team: PENGCHENG, status: "normal", card_ref: REF },
      { cardnum: masked(ENTITY, "3456789"), phonenum: "138****8000", team: PENGCHENG, status: "frozen", card_ref: REF },
      { cardnum: masked(VIRTUAL, "8765432"), phonenum: "138****8000", team: PENGCHENG, status: "normal", card_ref: REF },
    ]);
  });

  it("by team: the caller's own cards in full, teammates' masked", async () => {
    const me = await customer(booted, "13700137000");
    await booted.db.insert(cards).values({ cardnum: `${ENTITY}1111111`, phonenum: me.phone, team: PENGCHENG, cardType: 1, createdAt: new Date(booted.clock.now()) });
    const found = expectSuccess<Array<{ cardnum: string; phonenum: string }>>(await call(booted, me, BY_TEAM, { team: PENGCHENG }));
    expect(found.map((c) => [c.cardnum, c.phonenum])).toEqual([
      [`${ENTITY}1111111`, "13700137000"],
      [masked(ENTITY, "2345678"), "138****8000"],
      [masked(ENTITY, "3456789"), "138****8000"],
      [masked(VIRTUAL, "8765432"), "138****8000"],
    ]);
  });

  it("no more than the last 4 digits of a card of another phone appear in any answer", async () => {
    const someoneElse = await customer(booted);
    const bodies = [
      (await call(booted, someoneElse, BY_PHONE, { phone: "13912345678" })).body,
      (await call(booted, someoneElse, BY_PHONE, { phone: "13800138000" })).body,
      (await call(booted, someoneElse, BY_TEAM, { team: "珠江物流车队" })).body,
      (await call(booted, someoneElse, BY_TEAM, { team: PENGCHENG })).body,
    ].join("\n");
    for (const row of await booted.db.select().from(cards)) {
      expect(bodies).not.toContain(row.cardnum.slice(-5));
      expect(bodies).not.toContain(row.phonenum);
    }
  });
});

describe("30 look-ups a minute per customer", () => {
  it("the 31st look-up within a minute, by phone or by team, answers 429 with retry-after; other customers are not limited", async () => {
    const me = await customer(booted);
    for (let i = 0; i < 15; i++) {
      expectSuccess(await call(booted, me, BY_PHONE, { phone: "13800138000" }));
      expectSuccess(await call(booted, me, BY_TEAM, { team: PENGCHENG }));
    }
    for (const [url, body] of [
      [BY_PHONE, { phone: "13800138000" }],
      [BY_TEAM, { team: PENGCHENG }],
    ] as const) {
      const res = await call(booted, me, url, body);
      expectError(res, 429, "too many card look-ups, try again in a minute");
      expect(res.headers["x-error-tag"]).toBe("CardLookupsLimited");
      expect(res.headers["retry-after"]).toBe("60");
    }
    expectSuccess(await call(booted, await customer(booted), BY_TEAM, { team: PENGCHENG }));
    booted.clock.advance(60);
    expectSuccess(await call(booted, me, BY_TEAM, { team: PENGCHENG }));
  });

  it("a malformed request is refused (400) without using up a look-up", async () => {
    const me = await customer(booted);
    for (let i = 0; i < 40; i++) expectError(await call(booted, me, BY_PHONE, { phone: "139" }), 400);
    expectSuccess(await call(booted, me, BY_PHONE, { phone: "13800138000" }));
  });
});
