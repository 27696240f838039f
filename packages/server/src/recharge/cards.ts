import { CardNumber } from "@fuel/domain";
import type { CardInfo, CardListEntry, CardListResponse } from "@fuel/domain/api";
import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cards, orders, users } from "../db/schema.ts";
import { countAttempt } from "../limits/attempts.ts";
import { CARD_LOOKUPS_PER_ACCOUNT } from "../limits/policy.ts";
import type { CardRefs } from "./cardRefs.ts";

/**
 * Fuel cards as the distributor registers them (spec §3 card info): entity (card_type 1) and
 * virtual (2), each bound to a phone and a team (fleet). Customers see their own cards whole and
 * anyone else's by its last 4 digits (issue 22: the prefixes are public, so 7 would be all of it).
 */

export type CardRow = typeof cards.$inferSelect;

/**
 * The team of the virtual cards customers buy themselves (issue 13, /heartcard): '个人'
 * ("personal"). A card's team is the distributor's fleet, and the register requires one; a bought
 * card belongs to no fleet. A recharge names the card's team like any other (`DraftRecharge.team`,
 * as `recharge/cardlist` shows it).
 */
export const PERSONAL_TEAM = "个人";

/** `13800138000` -> `138****8000`: enough to recognise one's own fleet's phone, not to call it. */
export const maskPhone = (phone: string): string => (phone.length < 8 ? "*".repeat(phone.length) : `${phone.slice(0, 3)}${"*".repeat(phone.length - 7)}${phone.slice(-4)}`);

/** Who is looking at cards: the customer, their phone, and how to name a card to them. */
export interface CardViewer {
  readonly userId: number;
  readonly phone: string | null;
  readonly refs: CardRefs;
}

/**
 * A card as a look-up shows it to `viewer`: whole for a card registered to the viewer's own
 * phone; otherwise the card number and the phone masked (others' card numbers are theirs to give).
 * Either way with the reference a recharge names it by.
 */
export const cardToInfo =
  (viewer: CardViewer) =>
  (c: CardRow): CardInfo => {
    const card_ref = viewer.refs.make(viewer.userId, c.id);
    return c.phonenum === viewer.phone
      ? { cardnum: c.cardnum, phonenum: c.phonenum, team: c.team, status: c.status, card_ref }
      : { cardnum: CardNumber.masked(c.cardnum), phonenum: maskPhone(c.phonenum), team: c.team, status: c.status, card_ref };
  };

const cardToEntry =
  (viewer: CardViewer) =>
  (c: CardRow): CardListEntry => {
    const own = c.phonenum === viewer.phone;
    return {
      card_num: own ? c.cardnum : CardNumber.masked(c.cardnum),
      last_number: own ? CardNumber.lastDigits(c.cardnum) : CardNumber.shownDigits(c.cardnum),
      team: c.team,
      card_type: c.cardType === 2 ? 2 : 1,
      card_ref: viewer.refs.make(viewer.userId, c.id),
    };
  };

export const findCardById = async (db: Database, id: number): Promise<CardRow | undefined> =>
  (await db.select().from(cards).where(eq(cards.id, id)).limit(1))[0];

export const findCard = async (db: Database, cardnum: string): Promise<CardRow | undefined> =>
  (await db.select().from(cards).where(eq(cards.cardnum, cardnum)).limit(1))[0];

export const cardsOfPhone = (db: Database, phone: string): Promise<CardRow[]> =>
  db.select().from(cards).where(eq(cards.phonenum, phone)).orderBy(asc(cards.cardType), asc(cards.cardnum));

/**
 * The cards of a team (fleet). The personal team is no fleet: its cards are strangers' own, so
 * looking it up answers only the caller's (`viewerPhone`) and lists nobody else's.
 */
export const cardsOfTeam = (db: Database, team: string, viewerPhone: string | null): Promise<CardRow[]> =>
  db
    .select()
    .from(cards)
    .where(team === PERSONAL_TEAM ? and(eq(cards.team, team), eq(cards.phonenum, viewerPhone ?? "")) : eq(cards.team, team))
    .orderBy(asc(cards.cardType), asc(cards.cardnum));

export const phoneOfUser = async (db: Database, userId: number): Promise<string | null> =>
  (await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1))[0]?.phone ?? null;

/**
 * `POST /api/recharge/getRechargeCardByPhone` and `/getcardnumbyteam` for a customer: at most 30
 * look-ups a minute per customer, both together (429 with `retry-after`), and others' cards
 * masked ({@link cardToInfo}). `find` runs only within the limit.
 */
export const lookUpCards = async (
  db: Database,
  refs: CardRefs,
  userId: number,
  now: number,
  find: (viewerPhone: string | null) => Promise<CardRow[]>,
): Promise<CardInfo[]> => {
  await countAttempt(db, [{ limit: CARD_LOOKUPS_PER_ACCOUNT, subject: String(userId) }], now);
  const viewerPhone = await phoneOfUser(db, userId);
  return (await find(viewerPhone)).map(cardToInfo({ userId, phone: viewerPhone, refs }));
};

/**
 * `GET /api/recharge/cardlist`: the cards the customer can pick again: those registered to their
 * phone (whole) and those they have recharged before (anyone else's masked), entity and virtual apart.
 */
export const customerCardList = async (db: Database, refs: CardRefs, userId: number): Promise<CardListResponse> => {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  const viewer: CardViewer = { userId, phone: user?.phone ?? null, refs };
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
    entity_list: rows.filter((c) => c.cardType !== 2).map(cardToEntry(viewer)),
    virtual_list: rows.filter((c) => c.cardType === 2).map(cardToEntry(viewer)),
  };
};
