import { CardNumber, Constants, Order } from "@fuel/domain";
import { eq, sql } from "drizzle-orm";
import { randomInt } from "node:crypto";
import { cards, siteSettings } from "../db/schema.ts";
import type { Tx } from "../db/queryable.ts";
import { refuse } from "../refusals/Refusal.ts";
import { PERSONAL_TEAM, type CardRow } from "./cards.ts";

/**
 * Issuing the virtual card a customer bought (issue 13), in the transaction that settles the
 * purchase 'done', so a purchase is settled exactly when its card exists.
 *
 * The number is the site settings' `virtual_common_num` (as it is at settlement) and 7 random
 * digits that end no other card's number: customers know a card by its last 7 digits (spec §9),
 * so those must name one card. Random rather than sequential, so a card number says nothing about
 * how many were sold and cannot be guessed from one's own. Two settlements drawing the same digits
 * at once meet at the UNIQUE card number: the loser inserts nothing and draws again.
 */

/** Draws before giving up: with 10^7 numbers, running out means the range is nearly full. */
const MAX_DRAWS = 50;
const DIGITS = Constants.CARD_LAST_DIGITS;

const drawDigits = (): string => String(randomInt(0, 10 ** DIGITS)).padStart(DIGITS, "0");

/** The prefix of new virtual cards: digits only (the cards table accepts nothing else). */
const virtualPrefix = async (tx: Tx): Promise<string> => {
  const [settings] = await tx.select({ prefix: siteSettings.virtualCommonNum }).from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const prefix = settings?.prefix.trim();
  // No settings, or a prefix no card number can start with: the settlement waits for an operator.
  if (prefix === undefined || !CardNumber.isPrefix(prefix)) throw refuse("SiteSettingsMissing");
  return prefix;
};

/** A new virtual card bound to `phone`, team {@link PERSONAL_TEAM}, status normal. `draw` is for tests. */
export const issueVirtualCard = async (tx: Tx, phone: string, now: number, draw: () => string = drawDigits): Promise<CardRow> => {
  const prefix = await virtualPrefix(tx);
  for (let attempt = 0; attempt < MAX_DRAWS; attempt += 1) {
    const digits = draw();
    const [taken] = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(sql`right(${cards.cardnum}, ${DIGITS}) = ${digits}`)
      .limit(1);
    if (taken !== undefined) continue;
    const [card] = await tx
      .insert(cards)
      .values({ cardnum: CardNumber.withPrefix(prefix, digits), phonenum: phone, team: PERSONAL_TEAM, status: "normal", cardType: Order.CARD_TYPE_CODES.virtual, createdAt: new Date(now) })
      .onConflictDoNothing({ target: cards.cardnum })
      .returning();
    if (card !== undefined) return card;
  }
  throw new Error(`no free virtual card number after ${MAX_DRAWS} draws`);
};
