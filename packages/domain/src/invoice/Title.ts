import { Result } from "effect";
import { cleanFreeText } from "../Validation.ts";

/**
 * Issue 35 item 2: an invoice title (发票抬头), what a customer keeps to be invoiced as: the
 * same rules on the form (every problem at once, per field) and on the server (the first).
 * @module
 */

export const TITLE_TYPES = ["personal", "company"] as const;
export type TitleType = (typeof TITLE_TYPES)[number];

/** How many titles one customer keeps. */
export const MAX_TITLES = 5;
/** The longest name (a company's registered name), in characters. */
export const TITLE_NAME_MAX_LENGTH = 100;
/** The longest optional text field (e-mail, address, bank). */
export const TITLE_TEXT_MAX_LENGTH = 100;

// A unified social credit code is 18 characters; older taxpayer ids 15 or 20; letters are upper case.
const TAX_ID = /^[0-9A-Z]{15,20}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
// A mobile or a landline with its area code and extension: digits, spaces, '-', '+', '(' and ')'.
const PHONE = /^\+?[0-9][0-9 ()-]{4,19}$/u;
// A bank account number: digits, perhaps grouped by spaces or dashes.
const ACCOUNT = /^[0-9][0-9 -]{5,39}$/u;

export type TitleField = "type" | "name" | "tax_id" | "email" | "phone" | "address" | "bank" | "account";

/** What a form or a request gives; absent and "" mean the same. */
export interface TitleDraft {
  readonly type: string;
  readonly name?: string | null | undefined;
  readonly tax_id?: string | null | undefined;
  readonly email?: string | null | undefined;
  readonly phone?: string | null | undefined;
  readonly address?: string | null | undefined;
  readonly bank?: string | null | undefined;
  readonly account?: string | null | undefined;
}

/** A title that passed the rules, cleaned: trimmed, the taxpayer id upper-cased, empty optional fields null. */
export interface ValidTitle {
  readonly type: TitleType;
  readonly name: string;
  /** Null for a personal title (a person has none on an invoice). */
  readonly tax_id: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly address: string | null;
  readonly bank: string | null;
  readonly account: string | null;
}

export type TitleProblemKey =
  | "InvoiceTitleTypeInvalid"
  | "InvoiceTitleNameEmpty"
  | "InvoiceTitleNameTooLong"
  | "InvoiceTaxIdEmpty"
  | "InvoiceTaxIdInvalid"
  | "InvoiceEmailInvalid"
  | "InvoicePhoneInvalid"
  | "InvoiceAccountInvalid"
  | "InvoiceTitleFieldTooLong";

export interface TitleProblem {
  readonly field: TitleField;
  readonly key: TitleProblemKey;
  readonly params: Readonly<Record<string, number>>;
}

/** Trimmed and upper-cased, as the rule reads a taxpayer id (`91 350100m000100y43 ` is `91350100M000100Y43`). */
export const normaliseTaxId = (raw: string): string => raw.trim().toUpperCase();

const text = (raw: string | null | undefined): string => cleanFreeText(raw ?? undefined);
const orNull = (s: string): string | null => (s === "" ? null : s);
const length = (s: string): number => [...s].length;

/** Every problem of a draft, field by field, in the form's order; none means it is valid. */
export const titleProblems = (draft: TitleDraft): TitleProblem[] => {
  const problems: TitleProblem[] = [];
  const add = (field: TitleField, key: TitleProblemKey, params: Record<string, number> = {}): void => {
    problems.push({ field, key, params });
  };
  const type = draft.type;
  if (type !== "personal" && type !== "company") add("type", "InvoiceTitleTypeInvalid");
  const name = text(draft.name);
  if (name === "") add("name", "InvoiceTitleNameEmpty");
  else if (length(name) > TITLE_NAME_MAX_LENGTH) add("name", "InvoiceTitleNameTooLong", { maxLength: TITLE_NAME_MAX_LENGTH });
  if (type === "company") {
    const taxId = normaliseTaxId(draft.tax_id ?? "");
    if (taxId === "") add("tax_id", "InvoiceTaxIdEmpty");
    else if (!TAX_ID.test(taxId)) add("tax_id", "InvoiceTaxIdInvalid");
  }
  const email = text(draft.email);
  if (length(email) > TITLE_TEXT_MAX_LENGTH) add("email", "InvoiceTitleFieldTooLong", { maxLength: TITLE_TEXT_MAX_LENGTH });
  else if (email !== "" && !EMAIL.test(email)) add("email", "InvoiceEmailInvalid");
  const phone = text(draft.phone);
  if (phone !== "" && !PHONE.test(phone)) add("phone", "InvoicePhoneInvalid");
  for (const field of ["address", "bank"] as const) {
    if (length(text(draft[field])) > TITLE_TEXT_MAX_LENGTH) add(field, "InvoiceTitleFieldTooLong", { maxLength: TITLE_TEXT_MAX_LENGTH });
  }
  const account = text(draft.account);
  if (account !== "" && !ACCOUNT.test(account)) add("account", "InvoiceAccountInvalid");
  return problems;
};

/** The server's check: the cleaned title, or the first problem (the form shows them all with {@link titleProblems}). */
export const validateTitle = (draft: TitleDraft): Result.Result<ValidTitle, TitleProblem> => {
  const first = titleProblems(draft)[0];
  if (first !== undefined) return Result.fail(first);
  const company = draft.type === "company";
  return Result.succeed({
    type: company ? "company" : "personal",
    name: text(draft.name),
    tax_id: company ? normaliseTaxId(draft.tax_id ?? "") : null,
    email: orNull(text(draft.email)),
    phone: orNull(text(draft.phone)),
    address: orNull(text(draft.address)),
    bank: orNull(text(draft.bank)),
    account: orNull(text(draft.account)),
  });
};
