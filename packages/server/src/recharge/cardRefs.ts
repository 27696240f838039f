import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../config.ts";

/**
 * Issue 22: a card that is not the customer's own is shown by its last 4 digits only, so a recharge
 * names it by reference: `<card row id>.<MAC>`, the MAC (HMAC-SHA256, base64url) over the customer
 * and that row. Stateless, so every worker and every restart reads the same references; it cannot
 * be forged without the key, is worth nothing to another customer, and names no more digits than
 * the customer was shown. A card removed from the register leaves its references stale.
 */
export interface CardRefs {
  /** The reference to card row `cardId` for customer `userId`. */
  readonly make: (userId: number, cardId: number) => string;
  /** The card row a reference names, when it was made for `userId`; otherwise undefined. */
  readonly resolve: (userId: number, ref: string) => number | undefined;
}

/**
 * The key of the sandbox, whose data is made up: a production server derives its own from
 * `DISTRIBUTOR_API_KEY` when it is set, else from `WECHAT_PAY_API_V3_KEY` (required in production
 * since the distributor became the desk, issue 26, and needs no key), so references never
 * outlive that key and need no setting of their own.
 */
const SANDBOX_KEY = "fuel sandbox card references";
const LABEL = "fuel card reference v1";

/** The MAC key for this configuration (see {@link SANDBOX_KEY}). */
export const cardRefKey = (config: Pick<Config, "secrets">): Buffer => {
  const secret = config.secrets.DISTRIBUTOR_API_KEY ?? config.secrets.WECHAT_PAY_API_V3_KEY;
  return createHmac("sha256", secret === undefined || secret === "" ? SANDBOX_KEY : secret)
    .update(LABEL)
    .digest();
};

const REF = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

export const cardRefsWith = (key: Buffer): CardRefs => {
  const mac = (userId: number, cardId: number): Buffer => createHmac("sha256", key).update(`${userId}:${cardId}`).digest();
  return {
    make: (userId, cardId) => `${cardId}.${mac(userId, cardId).toString("base64url")}`,
    resolve: (userId, ref) => {
      const parts = REF.exec(ref);
      if (parts === null) return undefined;
      const cardId = Number(parts[1]);
      if (cardId > 2_147_483_647) return undefined;
      const given = Buffer.from(parts[2] ?? "", "base64url");
      const expected = mac(userId, cardId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? cardId : undefined;
    },
  };
};
