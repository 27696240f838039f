import { Validation } from "@fuel/domain";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { users } from "../db/schema.ts";
import { orRefuse } from "../refusals/Refusal.ts";

/** The customer's payment identity, prepared once per database (src/db/prepared.ts). */
const payerQuery = preparedPerDatabase("payer_oauth_id", (db, name) =>
  db.select({ oauthId: users.oauthId }).from(users).where(eq(users.id, sql.placeholder("userId"))).limit(1).prepare(name),
);

/**
 * The openid a payment channel bills for a customer's order. Spec §5: no payment without the
 * messaging-app identity ('authorize via messaging app first', 400). `known` is the identity as
 * authentication already read it (no second read); undefined reads the customer's row.
 */
export const payerOpenidOf = async (db: Database, userId: number, known?: string | null): Promise<string> => {
  const oauthId = known !== undefined ? known : (await payerQuery(db).execute({ userId }))[0]?.oauthId;
  return orRefuse(Validation.validatePaymentAuthorized(oauthId));
};
