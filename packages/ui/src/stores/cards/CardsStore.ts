import type { AppPorts } from "@fuel/adapters/ports";
import { Constants, Phone, Validation } from "@fuel/domain";
import type { CardInfo, CardListEntry, CardListResponse } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, reaction, runInAction } from "mobx";
import { readKeptCards, writeKeptCards } from "../kept/keptCards.ts";
import { ownerOf } from "../kept/owner.ts";
import { failed, failing, idle, loaded, loading, reloading, valueOf, type Load } from "../Load.ts";
import type { Problem } from "../messages.ts";
import { run } from "../run.ts";
import type { SessionStore } from "../SessionStore.ts";
import { storeKind } from "../storeKind.ts";
import { settledUser } from "./user.ts";

/** How a card is looked up (spec §7: `getRechargeCardByPhone`, `getcardnumbyteam`). */
export type LookupBy = "phone" | "team";

/** One look-up and what it found. */
export interface CardLookup {
  readonly by: LookupBy;
  readonly query: string;
  readonly cards: ReadonlyArray<CardInfo>;
}

/**
 * The digits of a card an answer shows: the last 7 of one's own card (spec §3/§9), the last 4 of
 * another's, whose number comes masked (`*********4567`, issue 22).
 */
export const lastDigitsOf = (cardnum: string): string => cardnum.replace(/\D/g, "").slice(-Constants.CARD_LAST_DIGITS);

/**
 * How a list tells a card apart: its number when the answer shows it whole, else its reference
 * (issue 22: two cards of another's may share their masked number).
 */
export const cardKeyOf = (cardNum: string, cardRef: string | undefined): string => (/^\d+$/.test(cardNum) || cardRef === undefined ? cardNum : cardRef);

/**
 * The customer's fuel cards (spec §7 `GET /api/recharge/cardlist`: entity and virtual apart),
 * shared by every page that picks or shows one: the entity recharge (/recharge2), the checklist
 * (/rechargeordernew), the card pages (/recharge/*). Loaded once; `refresh` after a purchase or a
 * settled recharge may have added a card. Also the look-ups by phone and by team, and the
 * distributor's status of the customer's own cards (the list does not carry it).
 *
 * Issue 23: the list last answered is kept on the device for the signed-in customer
 * (./kept/keptCards.ts) and shown at once on the next visit, with its date, until the fresh one
 * replaces it. Everything this store holds is the signed-in customer's: a new session (logout,
 * the session ending, another sign-in in the same tab) starts it empty again.
 */
export class CardsStore {
  list: Load<CardListResponse> = idle;
  /** The last look-up (by phone or team), its answer kept while another one runs or fails. */
  lookup: Load<CardLookup> = idle;
  /** The customer's own cards as the distributor registers them (`cardsByPhone` of their phone), for the status. */
  own: Load<ReadonlyArray<CardInfo>> = idle;
  /**
   * When the list on screen was answered, if it is the copy kept on the device from an earlier
   * visit; undefined when it is fresh (or nothing is shown). A failed refresh leaves it set.
   */
  keptAt: number | undefined = undefined;
  /** A settled purchase or recharge may have changed the list: the next `load` reads it again. */
  #stale = false;

  constructor(
    private readonly ports: Pick<AppPorts, "recharge" | "preferences" | "clock">,
    private readonly session: SessionStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
    // Kept for the root's life (./storeKind.ts), across sign-outs in the same tab: one customer's cards never stay for the next.
    reaction(() => this.session.token, this.forgetShown);
  }

  /** The session's fingerprint (./kept/owner.ts), or undefined when signed out. */
  private get owner(): string | undefined {
    const token = this.session.token;
    return token === null || token === "" ? undefined : ownerOf(token);
  }

  private forgetShown(): void {
    this.list = idle;
    this.lookup = idle;
    this.own = idle;
    this.keptAt = undefined;
    this.#stale = false;
  }

  /** Loads the list unless it is loaded or on its way (every page calls this on mount). */
  async load(): Promise<void> {
    if (this.list._tag === "Loading" || (this.list._tag === "Loaded" && !this.#stale)) return;
    await this.refresh();
  }

  /**
   * Reads the list again, keeping what is on screen while it loads or if it fails. With nothing on
   * screen, the list kept on the device for this customer shows meanwhile.
   */
  async refresh(): Promise<void> {
    this.#stale = false;
    const owner = this.owner;
    const kept = valueOf(this.list) === undefined && owner !== undefined ? readKeptCards(this.ports.preferences, owner) : undefined;
    if (kept !== undefined) {
      this.list = loading(kept.cards);
      this.keptAt = kept.savedAt;
    } else {
      this.list = reloading(this.list);
    }
    const answer = await run(this.ports.recharge.cardList());
    runInAction(() => {
      if (this.owner !== owner) return; // signed out (or in as someone else) meanwhile: not this session's answer
      if (!answer.ok) {
        this.list = failing(this.list, answer.error);
        return;
      }
      this.list = loaded(answer.value);
      this.keptAt = undefined;
      if (owner !== undefined) writeKeptCards(this.ports.preferences, { owner, cards: answer.value, savedAt: this.ports.clock.now() });
    });
  }

  /** An order was paid: a bought card or a new recharge shows the next time a page loads the list. */
  markStale(): void {
    this.#stale = true;
    this.own = idle;
  }

  get entity(): ReadonlyArray<CardListEntry> {
    return valueOf(this.list)?.entity_list ?? [];
  }

  get virtual(): ReadonlyArray<CardListEntry> {
    return valueOf(this.list)?.virtual_list ?? [];
  }

  /** Every card, entity first. */
  get all(): ReadonlyArray<CardListEntry> {
    return [...this.entity, ...this.virtual];
  }

  /** The customer's card with this whole number, if the list has it. */
  byNumber(cardNum: string): CardListEntry | undefined {
    return this.all.find((c) => c.card_num === cardNum);
  }

  /** The card with this key ({@link cardKeyOf}): a whole number, or the reference of a masked one. */
  byKey(key: string): CardListEntry | undefined {
    return this.all.find((c) => cardKeyOf(c.card_num, c.card_ref) === key);
  }

  /**
   * The distributor's status of the customer's own cards (`cardsByPhone` of the profile's phone),
   * read once: the card list does not carry it. Without a bound phone there is nothing to ask.
   */
  async loadOwnStatus(): Promise<void> {
    if (this.own._tag === "Loaded" || this.own._tag === "Loading") return;
    this.own = reloading(this.own);
    const phone = (await settledUser(this.session))?.phone;
    if (phone === null || phone === undefined) {
      runInAction(() => (this.own = loaded([])));
      return;
    }
    const answer = await run(this.ports.recharge.cardsByPhone(phone));
    runInAction(() => {
      this.own = answer.ok ? loaded(answer.value) : failing(this.own, answer.error);
    });
  }

  /** The distributor's status of one of the customer's cards, when known. */
  statusOf(cardNum: string): string | undefined {
    return valueOf(this.own)?.find((c) => c.cardnum === cardNum)?.status;
  }

  /** The status of the customer's own card ending in `lastNumber` (a card typed by its last digits, issue 25). */
  statusOfLast(lastNumber: string): string | undefined {
    return lastNumber === "" ? undefined : valueOf(this.own)?.find((c) => lastDigitsOf(c.cardnum) === lastNumber)?.status;
  }

  /** The phone typed for a look-up, checked as any phone (spec §5 'enter a correct phone number'): the domain's refusal, if any. */
  phoneQueryError(phone: string): Problem | undefined {
    const checked = Validation.validatePhone(phone);
    return Result.isFailure(checked) ? checked.failure : undefined;
  }

  /**
   * Finds cards by phone or team. A phone that is not one is refused here with the domain's words;
   * a failed look-up keeps the earlier answer on screen and says why.
   */
  async find(by: LookupBy, raw: string): Promise<void> {
    // A pasted phone ('+86 139 1234 5678') is asked for as its 11 digits (issue 25).
    const query = by === "phone" ? Phone.normalize(raw) : raw.trim();
    if (query === "") return;
    if (by === "phone") {
      const error = this.phoneQueryError(query);
      if (error !== undefined) {
        this.lookup = failed(error, valueOf(this.lookup));
        return;
      }
    }
    this.lookup = loading(valueOf(this.lookup));
    const answer = await run(by === "phone" ? this.ports.recharge.cardsByPhone(query) : this.ports.recharge.cardsByTeam(query));
    runInAction(() => {
      this.lookup = answer.ok ? loaded({ by, query, cards: answer.value }) : failing(this.lookup, answer.error);
    });
  }

  /** The look-up's answer is no longer wanted (another way to pick a card was chosen). */
  clearLookup(): void {
    this.lookup = idle;
  }
}

export const cardsStore = storeKind((root) => new CardsStore(root.ports, root.session));
