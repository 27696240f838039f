import { Phone } from "@fuel/domain";

/**
 * The input props of every phone field (issue 25). Room for a pasted '+86 139 1234 5678'
 * (`Phone.TYPED_MAX_LENGTH`, not 11: cutting at 11 turns '139 1234 5678' into a wrong number);
 * the rules and the server read it as its 11 digits (`Phone.normalize`). The telephone keypad
 * has '+' and the blank a pasted number may hold.
 */
export const PHONE_INPUT = {
  type: "tel",
  inputMode: "tel",
  autoComplete: "tel",
  maxLength: Phone.TYPED_MAX_LENGTH,
} as const;
