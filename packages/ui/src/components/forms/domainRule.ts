import { Messages } from "@fuel/domain";
import { Result } from "effect";
import type { I18nStore } from "../../i18n/I18nStore.ts";

/** The shape of a validation rule antd-mobile's Form accepts (rc-field-form's `validator`). */
export interface ValidatorRule {
  readonly validator: (rule: unknown, value: unknown) => Promise<void>;
}

/**
 * A form rule that is one of the domain's validators (`Validation.validatePhone`...): the form
 * refuses exactly what the domain refuses, with the domain's message in the customer's language.
 */
export const domainRule = <E extends Messages.Tagged>(
  validate: (raw: string) => Result.Result<unknown, E>,
  i18n: Pick<I18nStore, "locale">,
): ValidatorRule => ({
  validator: async (_rule, value) => {
    const checked = validate(typeof value === "string" ? value : "");
    if (Result.isFailure(checked)) throw new Error(Messages.describe(checked.failure, i18n.locale));
  },
});

/** A required field the domain has no rule for (the /register username): `text` when blank. */
export const requiredRule = (text: string): ValidatorRule => ({
  validator: async (_rule, value) => {
    if (typeof value !== "string" || value.trim() === "") throw new Error(text);
  },
});
