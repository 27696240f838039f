import { Data, Result } from "effect";

/**
 * A card's status as the distributor sends it (spec §3 `status`: 'normal', 'frozen'...), read
 * once for the app and the server alike: what it means, and whether the card can be recharged
 * (issue 25: a frozen card was chosen, given an amount and confirmed, and refused only at 'pay').
 * @module
 */

/** What a status means; `other` is a word we do not know, `unknown` an empty status. */
export type Kind = "normal" | "frozen" | "lost" | "cancelled" | "expired" | "other" | "unknown";

/** The distributor's words, matched without case or surrounding blanks. */
const KINDS: Readonly<Record<string, Kind>> = {
  normal: "normal",
  active: "normal",
  frozen: "frozen",
  lost: "lost",
  cancelled: "cancelled",
  canceled: "cancelled",
  expired: "expired",
};

/**
 * What a status means.
 * @example kindOf(" Frozen ") // "frozen"
 */
export const kindOf = (status: string): Kind => {
  const word = status.trim().toLowerCase();
  return word === "" ? "unknown" : (KINDS[word] ?? "other");
};

/** Only a normal card takes money: any other status, or none, could leave the recharge unloadable. */
export const isRechargeable = (status: string): boolean => kindOf(status) === "normal";

/** A frozen card: the distributor will not load it ('this card is frozen and cannot be recharged'). */
export class CardFrozen extends /* @__PURE__ */ Data.TaggedError("CardFrozen")<{}> {}
/** A card lost, cancelled, expired, or of a status we cannot read ('this card cannot be recharged now'). */
export class CardNotRechargeable extends /* @__PURE__ */ Data.TaggedError("CardNotRechargeable")<{}> {}

/**
 * {@link isRechargeable} as a rule: the status, or why the card cannot be recharged. Frozen is
 * said as such, the commonest case and the one the customer can ask the distributor to lift.
 */
export const validateRechargeable = (status: string): Result.Result<string, CardFrozen | CardNotRechargeable> => {
  const kind = kindOf(status);
  if (kind === "normal") return Result.succeed(status);
  return Result.fail(kind === "frozen" ? new CardFrozen() : new CardNotRechargeable());
};
