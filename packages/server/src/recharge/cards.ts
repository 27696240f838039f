import { Constants } from "@fuel/domain";
import type { CardInfo, CardListEntry, CardListResponse } from "@fuel/domain/api";
import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cards, orders, users } from "../db/schema.ts";

/**
 * Fuel cards as the distributor registers them (spec §3 card info): entity (card_type 1) and
 * virtual (2), each bound to a phone and a team (fleet). Customers see a card by its last 7 digits.
 */

export type CardRow = typeof cards.$inferSelect;

/** Spec §3/§9: the last 7 digits, by which a customer knows a card. */
export const lastNumberOf = (cardnum: string): string => cardnum.slice(-Constants.CARD_LAST_DIGITS);

export const cardToInfo = (c: CardRow): CardInfo => ({ cardnum: c.cardnum, phonenum: c.phonenum, team: c.team, status: c.status });

const cardToEntry = (c: CardRow): CardListEntry => ({
  card_num: c.cardnum,
  last_number: lastNumberOf(c.cardnum),
  team: c.team,
  card_type: c.cardType === 2 ? 2 : 1,
});

export const findCard = async (db: Database, cardnum: string): Promise<CardRow | undefined> =>
  (await db.select().from(cards).where(eq(cards.cardnum, cardnum)).limit(1))[0];

export const cardsOfPhone = (db: Database, phone: string): Promise<CardRow[]> =>
  db.select().from(cards).where(eq(cards.phonenum, phone)).orderBy(asc(cards.cardType), asc(cards.cardnum));

export const cardsOfTeam = (db: Database, team: string): Promise<CardRow[]> =>
  db.select().from(cards).where(eq(cards.team, team)).orderBy(asc(cards.cardType), asc(cards.cardnum));

/**
 * `GET /api/recharge/cardlist`: the cards the customer can pick again: those registered to their
 * phone and those they have recharged before, entity and virtual apart.
 */
export const customerCardList = async (db: Database, userId: number): Promise<CardListResponse> => {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  const recharged = db
    .selectDistinct({ cardnum: orders.cardNum })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, "recharge"), isNotNull(orders.cardNum)));
  const rows = await db
    .select()
    .from(cards)
    .where(or(...(user?.phone == null ? [] : [eq(cards.phonenum, user.phone)]), inArray(cards.cardnum, recharged)))
    .orderBy(asc(cards.cardnum));
  return {
    entity_list: rows.filter((c) => c.cardType !== 2).map(cardToEntry),
    virtual_list: rows.filter((c) => c.cardType === 2).map(cardToEntry),
  };
};
