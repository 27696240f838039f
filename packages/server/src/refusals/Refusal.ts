import { Messages } from "@fuel/domain";
import { Data, Result } from "effect";

/** The values a refusal's text names (`{field}`, `{max}`). */
export type RefusalParams = Readonly<Record<string, string | number>>;

/**
 * A use case saying no, as data: which rule refused (`reason`, the key of its text in the domain's
 * message catalogue) and the values that text names. Use cases throw it and never pick an HTTP
 * status: ../http/refusalAnswers.ts maps each reason to its status, English text and
 * `x-error-tag` header, in one table.
 */
export class Refusal extends Data.TaggedError("Refusal")<{
  readonly reason: Messages.MessageKey;
  readonly params?: RefusalParams | undefined;
  /** The `x-error-tag` of a domain error (its own tag, e.g. `AmountAboveLimit` for `AmountAboveLimit_oneKey`). */
  readonly domainTag?: string | undefined;
  /** When trying again may work (429, 503): becomes `retry-after`, in whole seconds. */
  readonly retryAfterSeconds?: number | undefined;
}> {}

/** A refusal for `reason`, naming `params` in its text. */
export const refuse = (reason: Messages.MessageKey, params?: RefusalParams, retryAfterSeconds?: number): Refusal =>
  new Refusal({ reason, params, retryAfterSeconds });

/** A domain rule's tagged failure as a refusal: its catalogue text with the error's data, its own tag. */
export const refusalOf = (error: Messages.Tagged): Refusal => {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(error)) if (typeof v === "string" || typeof v === "number") params[k] = v;
  // A tag the catalogue does not know keeps the generic text, as Messages.describe does.
  return new Refusal({ reason: Messages.keyOf(error) ?? "ServerError", params, domainTag: error._tag });
};

/** The success of a domain rule, or its tagged failure thrown as a {@link Refusal}. */
export const orRefuse = <A>(result: Result.Result<A, Messages.Tagged>): A => {
  if (Result.isFailure(result)) throw refusalOf(result.failure);
  return result.success;
};
