import type { Validation } from "@fuel/domain";
import { oneOf, optional, orNull, readSaved, record, text, wholeNumber } from "../savedShape.ts";
import { CARD_SOURCES, type CardSource, type PickedCard, type RechargeCardType } from "./rechargeCard.ts";

/** Where the draft is kept for this tab, so a reload, the checklist and the station list keep it. */
export const RECHARGE_DRAFT_KEY = "fuel.rechargeDraft";

/** What the customer entered, as kept in `tabValues` (JSON: null where the store has undefined). */
interface SavedRechargeDraft {
  readonly page: Validation.RechargePage;
  readonly source: CardSource;
  readonly picked: PickedCard | null;
  readonly typedLastNumber: string;
  readonly typedTeam: string;
  readonly typedType: RechargeCardType;
  readonly amountText: string;
  readonly stationId: number | null;
  readonly phone: string;
  readonly secondPhone: string;
  readonly remark: string;
}

const cardType = oneOf(["entity", "virtual"]);

const savedRechargeDraft = record<SavedRechargeDraft>({
  page: oneOf(["entityRecharge", "cardPage"]),
  source: oneOf(CARD_SOURCES),
  picked: orNull(
    record<PickedCard>({ lastNumber: text, team: text, cardType, cardNum: optional(text), cardRef: optional(text), status: optional(text) }),
  ),
  typedLastNumber: text,
  typedTeam: text,
  typedType: cardType,
  amountText: text,
  stationId: orNull(wholeNumber),
  phone: text,
  secondPhone: text,
  remark: text,
});

/** The store's fields the draft keeps, as the store holds them (undefined for none). */
export interface RechargeDraftFields extends Omit<SavedRechargeDraft, "picked" | "stationId"> {
  readonly picked: PickedCard | undefined;
  readonly stationId: number | undefined;
}

/** The draft this tab kept, or undefined when none was kept or it is not of this shape (../savedShape.ts). */
export const readRechargeDraft = (raw: string | null): RechargeDraftFields | undefined => {
  const saved = readSaved(raw, savedRechargeDraft);
  return saved === undefined ? undefined : { ...saved, picked: saved.picked ?? undefined, stationId: saved.stationId ?? undefined };
};

/** The JSON kept for the draft: only these fields, whatever else the store holds. */
export const writeRechargeDraft = (f: RechargeDraftFields): string => {
  const saved: SavedRechargeDraft = {
    page: f.page,
    source: f.source,
    picked: f.picked ?? null,
    typedLastNumber: f.typedLastNumber,
    typedTeam: f.typedTeam,
    typedType: f.typedType,
    amountText: f.amountText,
    stationId: f.stationId ?? null,
    phone: f.phone,
    secondPhone: f.secondPhone,
    remark: f.remark,
  };
  return JSON.stringify(saved);
};
