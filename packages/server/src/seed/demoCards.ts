import { count } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cards } from "../db/schema.ts";
import { DEMO_SITE_SETTINGS } from "./demoStations.ts";

/**
 * Demo fuel cards (issue 4), bound to the demo phones: the phone of the docs/api.md curl walk
 * (13912345678) and the contract examples' (13800138000), each with an entity and a virtual card
 * of one team, plus a frozen card to show the refusal. Numbers are the site settings' shared
 * prefixes followed by the 7 digits a customer types.
 */

export interface DemoCard {
  readonly lastNumber: string;
  readonly cardType: 1 | 2;
  readonly phonenum: string;
  readonly team: string;
  readonly status: string;
}

export const DEMO_CARD_PHONES = ["13912345678", "13800138000"] as const;

export const DEMO_CARDS: readonly DemoCard[] = [
  { lastNumber: "1234567", cardType: 1, phonenum: "13912345678", team: "珠江物流车队", status: "normal" },
  { lastNumber: "7654321", cardType: 2, phonenum: "13912345678", team: "珠江物流车队", status: "normal" },
  { lastNumber: "2345678", cardType: 1, phonenum: "13800138000", team: "鹏城运输车队", status: "normal" },
  { lastNumber: "8765432", cardType: 2, phonenum: "13800138000", team: "鹏城运输车队", status: "normal" },
  { lastNumber: "3456789", cardType: 1, phonenum: "13800138000", team: "鹏城运输车队", status: "frozen" },
];

export const demoCardNumber = (card: Pick<DemoCard, "lastNumber" | "cardType">): string =>
  `${card.cardType === 1 ? DEMO_SITE_SETTINGS.entity_common_num : DEMO_SITE_SETTINGS.virtual_common_num}${card.lastNumber}`;

/** Loads the demo cards when there are no cards at all (an operator's register is never touched). Returns how many were added. */
export const seedDemoCardsIfNone = async (db: Database, now: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const [c] = await tx.select({ n: count() }).from(cards);
    if (Number(c?.n) > 0) return 0;
    await tx.insert(cards).values(
      DEMO_CARDS.map((d) => ({ cardnum: demoCardNumber(d), phonenum: d.phonenum, team: d.team, status: d.status, cardType: d.cardType, createdAt: now })),
    );
    return DEMO_CARDS.length;
  });
