import { Data, Result } from "effect";
import {
  CARD_LAST_DIGITS,
  CARD_SHOWN_DIGITS,
  CARD_PURCHASE_MAX_DIGITS,
  CARD_PURCHASE_MAX_YUAN,
  CONSUMPTION_CONTACT_DISTRIBUTOR_ABOVE_YUAN,
  ENTITY_RECHARGE_MAX_YUAN,
  INVITE_CODE_MAX_LENGTH,
  ONE_KEY_MAX_YUAN,
  PASSWORD_MIN_LENGTH,
  PHONE_LENGTH,
  SMS_CODE_MIN_LENGTH,
} from "./Constants.ts";
import { normalize as normalizeInviteCode } from "./InviteCode.ts";
import { fromYuan, parseYuan, type Cents, type ParseYuanError } from "./Money.ts";
import type { CardType } from "./order/Kinds.ts";
import { normalize as normalizePhone } from "./Phone.ts";
import { sellsDiesel, type StationFacts } from "./Station.ts";

/**
 * Every input rule of spec §5. Each failure is a tagged error carrying data; its `_tag` is the key
 * of its text in the message catalogue (`Messages`), so the form and the server say the same words.
 * @module
 */

/** Spec §5: an amount above the page's limit ('single amount cannot exceed 5000 yuan' / 'cannot exceed 10000 yuan'). */
export class AmountAboveLimit extends /* @__PURE__ */ Data.TaggedError("AmountAboveLimit")<{
  readonly limitYuan: number;
  readonly page: "cardPurchase" | "oneKey" | "entityRecharge";
}> {}
/** An amount of zero: nothing to pay for. */
export class AmountNotPositive extends /* @__PURE__ */ Data.TaggedError("AmountNotPositive")<{}> {}
/** Spec §5: the card-purchase input allows at most 4 digits. */
export class AmountTooManyDigits extends /* @__PURE__ */ Data.TaggedError("AmountTooManyDigits")<{ readonly maxDigits: number }> {}
/** Spec §5: over 10000 on the consumption page the customer must contact the distributor. */
export class ContactDistributor extends /* @__PURE__ */ Data.TaggedError("ContactDistributor")<{ readonly limitYuan: number }> {}
/** Spec §5: 'this station cannot buy diesel for now'. */
export class StationSellsNoDiesel extends /* @__PURE__ */ Data.TaggedError("StationSellsNoDiesel")<{}> {}
/** Spec §1: only diesel 0# can be bought; gasoline grades are disabled. */
export class FuelTypeNotBuyable extends /* @__PURE__ */ Data.TaggedError("FuelTypeNotBuyable")<{ readonly gasType: string }> {}
/** Spec §5: 'card number cannot be empty'. */
export class CardNumberEmpty extends /* @__PURE__ */ Data.TaggedError("CardNumberEmpty")<{}> {}
/** A card number must be digits, at least the 7 the customer sees. */
export class CardNumberInvalid extends /* @__PURE__ */ Data.TaggedError("CardNumberInvalid")<{}> {}
/** Spec §5: 'recharge amount cannot be empty'. */
export class RechargeAmountEmpty extends /* @__PURE__ */ Data.TaggedError("RechargeAmountEmpty")<{}> {}
/** Spec §5: 'enter a correct phone number'. */
export class PhoneInvalid extends /* @__PURE__ */ Data.TaggedError("PhoneInvalid")<{}> {}
/** Spec §5: an SMS code has at least 4 characters. */
export class SmsCodeTooShort extends /* @__PURE__ */ Data.TaggedError("SmsCodeTooShort")<{ readonly minLength: number }> {}
/** Spec §5: a password has at least 6 characters. */
export class PasswordTooShort extends /* @__PURE__ */ Data.TaggedError("PasswordTooShort")<{ readonly minLength: number }> {}
/** Spec §5: all three password-change fields are required. */
export class PasswordFieldsRequired extends /* @__PURE__ */ Data.TaggedError("PasswordFieldsRequired")<{}> {}
/** Spec §5: 'passwords do not match'. */
export class PasswordsDoNotMatch extends /* @__PURE__ */ Data.TaggedError("PasswordsDoNotMatch")<{}> {}
/** Spec §5: the invite code is required. */
export class InviteCodeEmpty extends /* @__PURE__ */ Data.TaggedError("InviteCodeEmpty")<{}> {}
/** Spec §5: the invite code has at most 32 characters. */
export class InviteCodeTooLong extends /* @__PURE__ */ Data.TaggedError("InviteCodeTooLong")<{ readonly maxLength: number }> {}
/** Spec §5: payment needs the messaging-app oauth id ('authorize via messaging app first'). */
export class OauthRequired extends /* @__PURE__ */ Data.TaggedError("OauthRequired")<{}> {}
/**
 * Spec §8: consumption (topping up a card on the card page) without the messaging app's oauth id:
 * the official account cannot be reached, and the alert says it is upgrading.
 */
export class OfficialAccountRequired extends /* @__PURE__ */ Data.TaggedError("OfficialAccountRequired")<{}> {}
/** Spec §5: consumption needs a followed official account; the alert asks the customer to follow it. */
export class OfficialAccountNotFollowed extends /* @__PURE__ */ Data.TaggedError("OfficialAccountNotFollowed")<{}> {}
/** Spec §5: consumption needs a card id. */
export class CardIdRequired extends /* @__PURE__ */ Data.TaggedError("CardIdRequired")<{}> {}
/** Spec §5: recharge creation needs a selected station. */
export class StationRequired extends /* @__PURE__ */ Data.TaggedError("StationRequired")<{}> {}

/** The failures of an amount typed into the card-purchase page. */
export type CardPurchaseAmountError = ParseYuanError | AmountTooManyDigits | AmountAboveLimit | AmountNotPositive;

const positive = (c: Cents): Result.Result<Cents, AmountNotPositive> =>
  c > 0 ? Result.succeed(c) : Result.fail(new AmountNotPositive());

const atMost = (limitYuan: number, page: AmountAboveLimit["page"]) => (c: Cents): Result.Result<Cents, AmountAboveLimit> =>
  c <= fromYuan(limitYuan) ? Result.succeed(c) : Result.fail(new AmountAboveLimit({ limitYuan, page }));

/**
 * Spec §5: the card-purchase input allows at most 4 digits before the decimal point. Used by the
 * input to refuse a keystroke, and by {@link validateCardPurchaseAmount} as a rule.
 */
export const cardPurchaseInputAllowed = (raw: string): boolean => {
  const whole = raw.trim().split(".")[0] ?? "";
  return whole.replace(/^0+(?=\d)/, "").length <= CARD_PURCHASE_MAX_DIGITS;
};

/** Spec §5, card-purchase page: required, at most 4 digits, at most 5000 yuan, more than zero. */
export const validateCardPurchaseAmount = (raw: string): Result.Result<Cents, CardPurchaseAmountError> =>
  Result.flatMap(parseYuan(raw), (c): Result.Result<Cents, CardPurchaseAmountError> =>
    cardPurchaseInputAllowed(raw)
      ? Result.flatMap(positive(c), atMost(CARD_PURCHASE_MAX_YUAN, "cardPurchase"))
      : Result.fail(new AmountTooManyDigits({ maxDigits: CARD_PURCHASE_MAX_DIGITS })));

/**
 * {@link validateCardPurchaseAmount} on integer cents (the wire's `order_amount` of
 * `rechargeorder/buycard`, issue 13): more than zero, at most 5000 yuan ('single amount cannot
 * exceed 5000 yuan'). The 4-digit rule of the input needs no cents form: 5000 yuan has 4.
 */
export const validateCardPurchaseCents = (c: Cents): Result.Result<Cents, AmountNotPositive | AmountAboveLimit> =>
  Result.flatMap(positive(c), atMost(CARD_PURCHASE_MAX_YUAN, "cardPurchase"));

/** Spec §5, station one-key page: required, more than zero, at most 10000 yuan. */
export const validateOneKeyAmount = (raw: string): Result.Result<Cents, ParseYuanError | AmountNotPositive | AmountAboveLimit> =>
  Result.flatMap(parseYuan(raw), (c) => Result.flatMap(positive(c), atMost(ONE_KEY_MAX_YUAN, "oneKey")));

/** Validates an amount already in cents (the wire's `order_amount`) against the one-key rules. */
export const validateOneKeyCents = (c: Cents): Result.Result<Cents, AmountNotPositive | AmountAboveLimit> =>
  Result.flatMap(positive(c), atMost(ONE_KEY_MAX_YUAN, "oneKey"));

/** Spec §5, entity-card recharge: required ('recharge amount cannot be empty'), more than zero, at most 5000 yuan. */
export const validateEntityRechargeAmount = (
  raw: string,
): Result.Result<Cents, RechargeAmountEmpty | ParseYuanError | AmountNotPositive | AmountAboveLimit> =>
  raw.trim() === ""
    ? Result.fail(new RechargeAmountEmpty())
    : Result.flatMap(parseYuan(raw), (c) => Result.flatMap(positive(c), atMost(ENTITY_RECHARGE_MAX_YUAN, "entityRecharge")));

/** Validates a recharge amount in cents against the entity-card limit. */
export const validateEntityRechargeCents = (c: Cents): Result.Result<Cents, AmountNotPositive | AmountAboveLimit> =>
  Result.flatMap(positive(c), atMost(ENTITY_RECHARGE_MAX_YUAN, "entityRecharge"));

/** Spec §5, card consumption page: an amount over 10000 yuan sends the customer to the distributor. */
export const validateConsumptionAmount = (raw: string): Result.Result<Cents, ParseYuanError | AmountNotPositive | ContactDistributor> =>
  Result.flatMap(parseYuan(raw), validateConsumptionCents);

/** {@link validateConsumptionAmount} on integer cents: more than zero, at most 10000 yuan. */
export const validateConsumptionCents = (c: Cents): Result.Result<Cents, AmountNotPositive | ContactDistributor> =>
  Result.flatMap(positive(c), (p): Result.Result<Cents, ContactDistributor> =>
    p > fromYuan(CONSUMPTION_CONTACT_DISTRIBUTOR_ABOVE_YUAN)
      ? Result.fail(new ContactDistributor({ limitYuan: CONSUMPTION_CONTACT_DISTRIBUTOR_ABOVE_YUAN }))
      : Result.succeed(p));

/** Spec §5: the station must sell 0# diesel. */
export const validateStationSellsDiesel = <S extends Pick<StationFacts, "sell_type">>(station: S): Result.Result<S, StationSellsNoDiesel> =>
  sellsDiesel(station) ? Result.succeed(station) : Result.fail(new StationSellsNoDiesel());

/** Spec §1: only "0#" can be ordered. */
export const validateGasType = (gasType: string): Result.Result<"0#", FuelTypeNotBuyable> =>
  gasType === "0#" ? Result.succeed("0#") : Result.fail(new FuelTypeNotBuyable({ gasType }));

/**
 * Spec §5/§9: a phone number has 11 characters. We also require a mainland mobile number
 * (11 digits starting with 1), since anything else cannot receive our SMS. Read as pasted
 * (`Phone.normalize`: '+86 139 1234 5678' is '13912345678'); answers the 11 digits.
 */
export const validatePhone = (raw: string): Result.Result<string, PhoneInvalid> => {
  const phone = normalizePhone(raw);
  return phone.length === PHONE_LENGTH && /^1\d{10}$/.test(phone) ? Result.succeed(phone) : Result.fail(new PhoneInvalid());
};

/** Spec §5: an SMS code typed at login has at least 4 characters. */
export const validateSmsCode = (raw: string): Result.Result<string, SmsCodeTooShort> => {
  const code = raw.trim();
  return code.length >= SMS_CODE_MIN_LENGTH ? Result.succeed(code) : Result.fail(new SmsCodeTooShort({ minLength: SMS_CODE_MIN_LENGTH }));
};

/** Spec §5: a password has at least 6 characters (not trimmed: spaces are characters of a password). */
export const validatePassword = (password: string): Result.Result<string, PasswordTooShort> =>
  password.length >= PASSWORD_MIN_LENGTH ? Result.succeed(password) : Result.fail(new PasswordTooShort({ minLength: PASSWORD_MIN_LENGTH }));

/** The three fields of the password-change form. */
export interface PasswordChange {
  readonly oldPassword: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

/** Spec §5: all three fields required, each at least 6, and new equals confirm. */
export const validatePasswordChange = (
  form: PasswordChange,
): Result.Result<PasswordChange, PasswordFieldsRequired | PasswordTooShort | PasswordsDoNotMatch> => {
  if (form.oldPassword === "" || form.newPassword === "" || form.confirmPassword === "") return Result.fail(new PasswordFieldsRequired());
  for (const p of [form.oldPassword, form.newPassword, form.confirmPassword]) {
    if (p.length < PASSWORD_MIN_LENGTH) return Result.fail(new PasswordTooShort({ minLength: PASSWORD_MIN_LENGTH }));
  }
  return form.newPassword === form.confirmPassword ? Result.succeed(form) : Result.fail(new PasswordsDoNotMatch());
};

/** The two fields of the set-password form (/setPassword has no old password). */
export interface NewPassword {
  readonly newPassword: string;
  readonly confirmPassword: string;
}

/** Spec §5 for /setPassword: both fields required, each at least 6, and new equals confirm. */
export const validateNewPassword = (
  form: NewPassword,
): Result.Result<NewPassword, PasswordFieldsRequired | PasswordTooShort | PasswordsDoNotMatch> =>
  // The same rules as a change: standing in for the old password, the new one adds no rule of its own.
  Result.map(validatePasswordChange({ ...form, oldPassword: form.newPassword }), () => form);

/** A field of a password form: /resetPassword has all three, /setPassword the last two. */
export type PasswordField = "oldPassword" | "newPassword" | "confirmPassword";

/** What can be wrong with one field of a password form. */
export type PasswordFieldError = PasswordFieldsRequired | PasswordTooShort | PasswordsDoNotMatch;

/**
 * Spec §5 field by field, so a form can show each message under its own input: an empty field is
 * required, a short one too short, and a confirmation that is itself valid but differs from the
 * new password does not match. A form without `oldPassword` (set password) checks the other two.
 * The answer is empty exactly when {@link validatePasswordChange} (or {@link validateNewPassword})
 * accepts the form.
 * @example passwordFieldErrors({ newPassword: "abcdef", confirmPassword: "abcdeg" }) // { confirmPassword: PasswordsDoNotMatch }
 */
export const passwordFieldErrors = (
  form: NewPassword & { readonly oldPassword?: string },
): Partial<Record<PasswordField, PasswordFieldError>> => {
  const errors: Partial<Record<PasswordField, PasswordFieldError>> = {};
  const check = (field: PasswordField, value: string): boolean => {
    if (value === "") errors[field] = new PasswordFieldsRequired();
    else if (Result.isFailure(validatePassword(value))) errors[field] = new PasswordTooShort({ minLength: PASSWORD_MIN_LENGTH });
    return errors[field] === undefined;
  };
  if (form.oldPassword !== undefined) check("oldPassword", form.oldPassword);
  check("newPassword", form.newPassword);
  if (check("confirmPassword", form.confirmPassword) && form.confirmPassword !== form.newPassword) {
    errors.confirmPassword = new PasswordsDoNotMatch();
  }
  return errors;
};

/**
 * Spec §5: the invite code is required and has at most 32 characters. Read without case and
 * surrounding blanks (`InviteCode.normalize`); answers the code in that form.
 */
export const validateInviteCode = (raw: string): Result.Result<string, InviteCodeEmpty | InviteCodeTooLong> => {
  const code = normalizeInviteCode(raw);
  if (code === "") return Result.fail(new InviteCodeEmpty());
  return code.length <= INVITE_CODE_MAX_LENGTH ? Result.succeed(code) : Result.fail(new InviteCodeTooLong({ maxLength: INVITE_CODE_MAX_LENGTH }));
};

/** Spec §5: card number required ('card number cannot be empty'); digits only, at least the last 7. */
export const validateCardNumber = (raw: string): Result.Result<string, CardNumberEmpty | CardNumberInvalid> => {
  const card = raw.replace(/\s+/g, "");
  if (card === "") return Result.fail(new CardNumberEmpty());
  return /^\d{7,32}$/.test(card) ? Result.succeed(card) : Result.fail(new CardNumberInvalid());
};

/** Spec §5: payment needs the messaging app's oauth id. */
export const validatePaymentAuthorized = (oauthId: string | null | undefined): Result.Result<string, OauthRequired> =>
  oauthId != null && oauthId.trim() !== "" ? Result.succeed(oauthId) : Result.fail(new OauthRequired());

/**
 * Spec §5/§8: consumption (topping up a card on the card page) needs, in this order: the messaging
 * app's oauth id (without it the official account cannot be reached: 'the official account is
 * upgrading', §8), a followed official account (§5's alert: follow it first), and a card id.
 * Answers the card id.
 */
export const validateConsumptionPreconditions = (input: {
  readonly oauthId: string | null | undefined;
  readonly followsOfficialAccount: boolean;
  readonly cardId: string | null | undefined;
}): Result.Result<string, OfficialAccountRequired | OfficialAccountNotFollowed | CardIdRequired> => {
  if (input.oauthId == null || input.oauthId.trim() === "") return Result.fail(new OfficialAccountRequired());
  if (!input.followsOfficialAccount) return Result.fail(new OfficialAccountNotFollowed());
  return input.cardId != null && input.cardId.trim() !== "" ? Result.succeed(input.cardId) : Result.fail(new CardIdRequired());
};

/**
 * Free text as stored and shown (remarks, refund and rejection reasons): control characters become
 * spaces, blanks at either end are trimmed. Cleaned rather than refused, because a pasted line
 * break or tab in a remark is no reason to lose the order; an absent text is empty.
 */
// eslint-disable-next-line no-control-regex -- control characters are the very thing to replace
export const cleanFreeText = (raw: string | undefined): string => (raw ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim();

/** Spec §5: recharge creation needs a selected station. */
export const validateStationSelected = <Id>(stationId: Id | null | undefined): Result.Result<Id, StationRequired> =>
  stationId == null || stationId === "" ? Result.fail(new StationRequired()) : Result.succeed(stationId);

/**
 * Spec §3/§9: the customer types exactly the last 7 digits of the card (the rest is the shared
 * prefix of the card type): required ('card number cannot be empty'), digits only, exactly 7
 * ('enter a correct card number'). Blanks inside are ignored.
 */
export const validateCardLastDigits = (raw: string): Result.Result<string, CardNumberEmpty | CardNumberInvalid> =>
  Result.flatMap(validateCardNumber(raw), (digits): Result.Result<string, CardNumberInvalid> =>
    digits.length === CARD_LAST_DIGITS ? Result.succeed(digits) : Result.fail(new CardNumberInvalid()));

/**
 * Issue 22: a card picked from a look-up or the card list is named by its reference (`card_ref`)
 * and carries the digits the answer showed: the last 4 of another's card, the last 7 of one's own.
 */
export const validateCardShownDigits = (raw: string): Result.Result<string, CardNumberEmpty | CardNumberInvalid> => {
  const digits = raw.replace(/\s+/g, "");
  if (digits === "") return Result.fail(new CardNumberEmpty());
  return new RegExp(`^\\d{${CARD_SHOWN_DIGITS},${CARD_LAST_DIGITS}}$`).test(digits) ? Result.succeed(digits) : Result.fail(new CardNumberInvalid());
};

/**
 * The page a recharge comes from (issue 13), which sets its limit: the entity-recharge page
 * (/recharge2, /rechargeordernew) or the card page (/recharge/*), where a customer tops up one of
 * their own cards and only amounts over 10000 yuan go to the distributor instead (spec §5).
 */
export type RechargePage = "entityRecharge" | "cardPage";

/**
 * Spec §5: a recharge amount (integer cents) for a card type, from a page. Zero is refused as
 * 'amount must be more than 0' (issue 25: a typed '0' is no empty field; an empty one never
 * reaches cents: the wire and the form refuse it as 'recharge amount cannot be empty'). On the card page any card takes up to 10000 yuan (more:
 * 'please contact your distributor'). Otherwise an entity or top-up replacement card takes at
 * most 5000 yuan ('single amount cannot exceed 5000 yuan', the entity-recharge page) and a
 * virtual card, bought on the card-purchase page, also 5000 yuan (in that page's words).
 */
export const validateRechargeCents = (
  cardType: CardType,
  amount: Cents,
  page: RechargePage = "entityRecharge",
): Result.Result<Cents, AmountNotPositive | AmountAboveLimit | ContactDistributor> => {
  if (page === "cardPage") return validateConsumptionCents(amount);
  return cardType === "virtual" ? Result.flatMap(positive(amount), atMost(CARD_PURCHASE_MAX_YUAN, "cardPurchase")) : validateEntityRechargeCents(amount);
};

/** A recharge draft as the spec §5 rules read it (the card itself is checked against the distributor's register afterwards). */
export interface RechargeDraft<Id> {
  /** The fuel grade (`gas_Type`). */
  readonly gasType: string;
  readonly cardType: CardType;
  /** The card's last digits as typed (`last_number`), or as shown when the card is named by reference. */
  readonly lastNumber: string;
  /** Issue 22: the card is named by its `card_ref`, `lastNumber` the 4 to 7 digits shown ({@link validateCardShownDigits}). */
  readonly byReference?: boolean | undefined;
  /** The amount to recharge in integer cents (`order_amount`); 0 is refused as not more than 0. */
  readonly amount: Cents;
  readonly phone: string;
  /** The optional second phone (`phonenum2`); absent or empty is none. */
  readonly secondPhone?: string | undefined;
  /** The selected station (`station_id`); absent, null or empty is none. */
  readonly stationId: Id | null | undefined;
  /** The page the draft comes from; absent is the entity-recharge page. */
  readonly page?: RechargePage | undefined;
}

/** A recharge draft that passed {@link validateRechargeDraft}, its fields in the form they are stored. */
export interface ValidRechargeDraft<Id> {
  readonly gasType: "0#";
  readonly lastNumber: string;
  readonly amount: Cents;
  readonly phone: string;
  readonly stationId: Id;
}

/** Every way {@link validateRechargeDraft} can refuse a draft. */
export type RechargeDraftError =
  | FuelTypeNotBuyable
  | CardNumberEmpty
  | CardNumberInvalid
  | RechargeAmountEmpty
  | AmountNotPositive
  | AmountAboveLimit
  | ContactDistributor
  | PhoneInvalid
  | StationRequired;

/**
 * Spec §1/§3/§5: the rules of a recharge draft, in the order a customer would fix them, the first
 * broken one reported: only 0# diesel ({@link validateGasType}), exactly the card's last 7 digits
 * ({@link validateCardLastDigits}), an amount within the card type's limit
 * and page ({@link validateRechargeCents}), a correct phone and, when given, a correct second phone
 * ({@link validatePhone}), and a selected station ({@link validateStationSelected}).
 */
export const validateRechargeDraft = <Id>(draft: RechargeDraft<Id>): Result.Result<ValidRechargeDraft<Id>, RechargeDraftError> =>
  Result.flatMap(validateGasType(draft.gasType), (gasType) =>
    Result.flatMap((draft.byReference === true ? validateCardShownDigits : validateCardLastDigits)(draft.lastNumber), (lastNumber) =>
      Result.flatMap(validateRechargeCents(draft.cardType, draft.amount, draft.page), (amount) =>
        Result.flatMap(validatePhone(draft.phone), (phone) =>
          Result.flatMap(
            draft.secondPhone === undefined || draft.secondPhone === "" ? Result.succeed("") : validatePhone(draft.secondPhone),
            () => Result.map(validateStationSelected(draft.stationId), (stationId) => ({ gasType, lastNumber, amount, phone, stationId })),
          ),
        ),
      ),
    ),
  );
