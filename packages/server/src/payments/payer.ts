import { Validation } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type { Queryable } from "../db/queryable.ts";
import { users } from "../db/schema.ts";
import { orRefuse } from "../refusals/Refusal.ts";

/**
 * The openid a payment channel bills for a customer's order. Spec §5: no payment without the
 * messaging-app identity ('authorize via messaging app first', 400). `known` is the identity as
 * authentication already read it (no second read); undefined reads the customer's row.
 */
export const payerOpenidOf = async (db: Queryable, userId: number, known?: string | null): Promise<string> => {
  const oauthId = known !== undefined ? known : (await db.select({ oauthId: users.oauthId }).from(users).where(eq(users.id, userId)).limit(1))[0]?.oauthId;
  return orRefuse(Validation.validatePaymentAuthorized(oauthId));
};
