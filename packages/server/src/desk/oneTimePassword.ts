import { randomInt } from "node:crypto";
import { Staff } from "@fuel/domain";

/**
 * A one-time password for a new or reset staff account: 16 characters drawn uniformly (crypto
 * `randomInt`, no modulo bias) from the domain's alphabet without look-alikes, so it can be read
 * from a terminal and typed on a tablet. Randomness lives here, not in the domain.
 */
export const oneTimePassword = (): string => {
  const alphabet = Staff.ONE_TIME_PASSWORD_ALPHABET;
  let out = "";
  for (let i = 0; i < Staff.ONE_TIME_PASSWORD_LENGTH; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
};
