import { CardNumber, Messages } from "@fuel/domain";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cards, orders } from "../../src/db/schema.ts";
import { cardRefKey, cardRefsWith } from "../../src/recharge/cardRefs.ts";
import { DEMO_SITE_SETTINGS } from "../../src/seed/demoStations.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp, rechargeDraftFor } from "../helpers/moneyApp.ts";
import { count, expectError, expectSuccess, get } from "../identity/support.ts";
import { call, customer, type Customer } from "../orders/support.ts";

/**
 * Issue 22 item 5: the prefix of every card is public (`GET /api/webinfo/read`), so a card that is
 * not the customer's own shows no more than its last 4 digits in any answer, and is recharged by
 * the `card_ref` the server gave that customer.
 */

const SYSTEM_NOW = Date.parse("2024-11-24T10:00:00Z");
const ENTITY = DEMO_SITE_SETTINGS.entity_common_num;
const OTHER_PHONE = "13800138000";
const TEAM = "鹏城运输车队";
const BY_TEAM = "/api/recharge/getcardnumbyteam";
const BY_PHONE = "/api/recharge/getRechargeCardByPhone";
const REFUSED = "this card can no longer be chosen: look it up again";

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

interface Looked {
  readonly cardnum: string;
  readonly team: string;
  readonly card_ref: string;
}

const lookUp = async (who: Customer, cardnum: string): Promise<Looked> => {
  const [row] = await booted.db.select({ id: cards.id }).from(cards).where(eq(cards.cardnum, cardnum));
  const found = expectSuccess<Looked[]>(await call(booted, who, BY_TEAM, { team: TEAM }));
  const card = found.find((c) => row !== undefined && c.card_ref.startsWith(`${row.id}.`));
  if (card === undefined) throw new Error(`card ${cardnum} not in the look-up`);
  return card;
};

/** A draft naming `card` by its reference, with the digits the look-up showed. */
const byRef = (card: Looked, overrides: Record<string, unknown> = {}) =>
  rechargeDraftFor(stationId, { card_ref: card.card_ref, last_number: card.cardnum.replaceAll("*", ""), team: card.team, phone: "13700137000", ...overrides });

const addCard = async (cardnum: string, phonenum = OTHER_PHONE): Promise<void> => {
  await booted.db.insert(cards).values({ cardnum, phonenum, team: TEAM, cardType: 1, createdAt: new Date(booted.clock.now()) });
};

/** Every card-number field of an answer, wherever it sits. */
const cardFields = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(cardFields);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    ["cardnum", "card_num", "last_number"].includes(k) && typeof v === "string" ? [v] : cardFields(v),
  );
};
const digitCount = (s: string): number => s.replace(/\D/g, "").length;

describe("another's card shows at most its last 4 digits", () => {
  it("CardNumber.masked keeps the length and the last 4 digits, never more digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7,32}$/), (cardnum) => {
        const masked = CardNumber.masked(cardnum);
        expect(masked).toHaveLength(cardnum.length);
        expect(digitCount(masked)).toBe(4);
        expect(masked.endsWith(cardnum.slice(-4))).toBe(true);
      }),
    );
  });

  it("look-ups, the card list and the order list and detail of a recharge by reference show at most 4 digits of it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^\d{7}$/), async (last7) => {
        const cardnum = `${ENTITY}${last7}`;
        await booted.db.delete(cards).where(eq(cards.cardnum, cardnum));
        await addCard(cardnum);
        const me = await customer(booted);
        const card = await lookUp(me, cardnum);
        const created = expectSuccess<{ order_id: number }>(await call(booted, me, "/api/rechargeorder/create", byRef(card)));
        const answers = [
          (await call(booted, me, BY_TEAM, { team: TEAM })).body,
          (await call(booted, me, BY_PHONE, { phone: OTHER_PHONE })).body,
          (await get(booted, "/api/recharge/cardlist", { token: me.token })).body,
          (await call(booted, me, "/api/order/list", { page: 1, order_status: "all" })).body,
          (await call(booted, me, "/api/order/detail", { order_id: created.order_id })).body,
        ];
        for (const body of answers) {
          const fields = cardFields(JSON.parse(body));
          expect(fields.length).toBeGreaterThan(0);
          for (const f of fields) expect(digitCount(f), `${f} in ${body}`).toBeLessThanOrEqual(4);
          expect(body).not.toContain(last7);
        }
      }),
      { numRuns: 8 },
    );
  });
});

describe("a recharge by card_ref", () => {
  it("creates the order of the card the reference names, shown by its last 4 digits", async () => {
    const me = await customer(booted);
    const card = await lookUp(me, `${ENTITY}2345678`);
    expect(card.cardnum).toBe(`${"*".repeat(ENTITY.length + 3)}5678`);
    const { order_id } = expectSuccess<{ order_id: number }>(await call(booted, me, "/api/rechargeorder/create", byRef(card)));
    const [row] = await booted.db.select().from(orders).where(eq(orders.id, order_id));
    expect(row).toMatchObject({ cardNum: `${ENTITY}2345678`, lastNumber: "2345678", team: TEAM, userId: me.id });
    const detail = expectSuccess<Record<string, unknown>>(await call(booted, me, "/api/order/detail", { order_id }));
    expect(detail).toMatchObject({ card_num: card.cardnum, last_number: "5678" });
  });

  it("the customer's own card by reference: the order shows it whole", async () => {
    const me = await customer(booted, "13700137000");
    await addCard(`${ENTITY}1111111`, me.phone);
    const card = await lookUp(me, `${ENTITY}1111111`);
    expect(card.cardnum).toBe(`${ENTITY}1111111`);
    const { order_id } = expectSuccess<{ order_id: number }>(await call(booted, me, "/api/rechargeorder/create", byRef(card, { last_number: "1111111" })));
    const detail = expectSuccess<Record<string, unknown>>(await call(booted, me, "/api/order/detail", { order_id }));
    expect(detail).toMatchObject({ card_num: `${ENTITY}1111111`, last_number: "1111111" });
  });

  it("a reference cannot be forged without the key, nor reused by another customer", () => {
    const refs = cardRefsWith(cardRefKey({ secrets: {} }));
    const ref = refs.make(7, 42);
    expect(refs.resolve(7, ref)).toBe(42);
    expect(refs.resolve(8, ref)).toBeUndefined();
    expect(refs.resolve(7, ref.replace(/^42\./, "43."))).toBeUndefined();
    expect(cardRefsWith(cardRefKey({ secrets: { DISTRIBUTOR_API_KEY: "production key" } })).resolve(7, ref)).toBeUndefined();
  });

  it("production without DISTRIBUTOR_API_KEY (the desk needs none, issue 26) keys references from WECHAT_PAY_API_V3_KEY, never the sandbox's key", () => {
    const sandboxRef = cardRefsWith(cardRefKey({ secrets: {} })).make(7, 42);
    const production = cardRefsWith(cardRefKey({ secrets: { WECHAT_PAY_API_V3_KEY: "a production v3 key of 32 bytes" } }));
    expect(production.resolve(7, sandboxRef)).toBeUndefined();
    expect(production.resolve(7, production.make(7, 42))).toBe(42);
  });
});

describe("a bad card_ref is refused (400, CardRefInvalid) and writes nothing", () => {
  const refused = async (who: Customer, draft: Record<string, unknown>): Promise<void> => {
    const res = await call(booted, who, "/api/rechargeorder/create", draft);
    expectError(res, 400, REFUSED);
    expect(res.headers["x-error-tag"]).toBe("CardRefInvalid");
    expect(await count(booted.db, "orders")).toBe(0);
  };

  it("the catalogue says it in both languages", () => {
    expect(Messages.describe({ _tag: "CardRefInvalid" }, "en")).toBe(REFUSED);
    expect(Messages.describe({ _tag: "CardRefInvalid" }, "zh-CN")).toBe("该卡已无法选择，请重新查询");
  });

  it("a forged reference", async () => {
    const me = await customer(booted);
    const card = await lookUp(me, `${ENTITY}2345678`);
    const mac = card.card_ref.split(".")[1] ?? "";
    const flipped = `${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    await refused(me, byRef({ ...card, card_ref: `${card.card_ref.split(".")[0]}.${flipped}` }));
    await refused(me, byRef({ ...card, card_ref: "1" }));
  });

  it("a reference made for another customer", async () => {
    const other = await customer(booted);
    const card = await lookUp(other, `${ENTITY}2345678`);
    await refused(await customer(booted), byRef(card));
  });

  it("a reference to a card no longer registered", async () => {
    const me = await customer(booted);
    const card = await lookUp(me, `${ENTITY}2345678`);
    await booted.db.delete(cards).where(eq(cards.cardnum, `${ENTITY}2345678`));
    await refused(me, byRef(card));
  });

  it("digits that do not end the referenced card", async () => {
    const me = await customer(booted);
    const card = await lookUp(me, `${ENTITY}2345678`);
    await refused(me, byRef(card, { last_number: "1234" }));
    await refused(me, byRef(card, { last_number: "678" }));
  });
});
