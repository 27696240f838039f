import { Money } from "@fuel/domain";
import { Result } from "effect";
import type { Problem } from "../../../stores/messages.ts";
import { deskProblem } from "../deskMessages.ts";

/**
 * A price typed in yuan ("7.45") read into cents by the domain's rule (never through floating
 * point); an empty field asks for a price rather than the app's 'amount cannot be empty'.
 */
export const centsFromYuan = (text: string): Result.Result<Money.Cents, Problem> => {
  const parsed = Money.parseYuan(text);
  if (Result.isSuccess(parsed)) return Result.succeed(parsed.success);
  return Result.fail(parsed.failure._tag === "AmountEmpty" ? deskProblem("desk.places.priceRequired") : parsed.failure);
};

/** Cents shown in a yuan field for editing: 745 -> "7.45". */
export const yuanText = (cents: number): string => Money.formatCents(cents);
