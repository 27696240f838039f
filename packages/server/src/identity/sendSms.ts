import { Result } from "effect";
import type { Database } from "../db/client.ts";
import type { SmsProvider } from "../providers/sms/SmsProvider.ts";
import { providerUnavailable, smsRateLimited } from "./errors.ts";
import { refuseBlacklisted } from "./guards.ts";
import { phoneOf } from "./input.ts";
import { issueSmsCode, smsText, withdrawSmsCode } from "./smsCodes.ts";

/**
 * `POST /api/sendsms` (spec §4, §7): a new SMS code to a phone, within the rate limits
 * (./smsLimits.ts). Blacklisted phones get nothing. The message goes out after the code is
 * committed (no network call inside a transaction); if the gateway refuses it, the code and the
 * send are withdrawn, so a failure neither leaves a usable code nor eats into the limits.
 */
export const sendSmsCode = async (
  deps: { readonly db: Database; readonly providers: { readonly sms: SmsProvider } },
  rawPhone: string,
  ip: string,
  now: number,
  log: { warn(obj: object, msg: string): void },
): Promise<void> => {
  const phone = phoneOf(rawPhone);
  await refuseBlacklisted(deps.db, phone);
  const issued = await issueSmsCode(deps.db, phone, ip, now);
  if (issued.kind === "limited") throw smsRateLimited(issued.refusal);

  const sent = await deps.providers.sms.send(phone, smsText(issued.code));
  if (Result.isFailure(sent)) {
    await withdrawSmsCode(deps.db, issued);
    log.warn({ detail: sent.failure.detail }, "SMS provider refused a message");
    throw providerUnavailable("SMS");
  }
};
