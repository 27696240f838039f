import { Validation } from "@fuel/domain";
import { Effect, Result } from "effect";

/** Spec §5: payment requires the messaging-app identity ('authorize via messaging app first'). */
export const requireOauth = (oauthId: string | null | undefined): Effect.Effect<string, Validation.OauthRequired> => {
  const checked = Validation.validatePaymentAuthorized(oauthId);
  return Result.isSuccess(checked) ? Effect.succeed(checked.success) : Effect.fail(checked.failure);
};
