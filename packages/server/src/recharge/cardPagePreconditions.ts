import { Validation } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type { Queryable } from "../db/queryable.ts";
import { users } from "../db/schema.ts";
import { orRefuse } from "../refusals/Refusal.ts";

/**
 * Spec §5/§8, issue 13: topping up one's own card from the card page (`DraftRecharge.source`
 * "card") is a consumption, which needs the messaging app's oauth id (without it the official
 * account cannot be reached: 'the official account is upgrading'), a followed official account
 * and a card id (`Validation.validateConsumptionPreconditions`). Read from the customer's row, not
 * the session's cached copy: a customer who has just followed and signed in again is let through
 * at once.
 */
export const refuseUnlessConsumptionAllowed = async (db: Queryable, userId: number, cardNumber: string): Promise<void> => {
  const [user] = await db
    .select({ oauthId: users.oauthId, followsOfficialAccount: users.followsOfficialAccount })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  orRefuse(
    Validation.validateConsumptionPreconditions({
      oauthId: user?.oauthId,
      followsOfficialAccount: user?.followsOfficialAccount ?? false,
      cardId: cardNumber,
    }),
  );
};
