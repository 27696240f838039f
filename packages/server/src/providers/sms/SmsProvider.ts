import { Data, type Result } from "effect";

/** Text messages to customers' phones (SMS codes, spec §4). */

/** The message could not be handed to the SMS gateway; nothing reached the phone. */
export class SmsUnavailable extends Data.TaggedError("SmsUnavailable")<{ readonly detail: string }> {}

export interface SmsProvider {
  readonly kind: "sandbox" | "production";
  /** Sends `text` to `phone` (11 digits, mainland mobile). */
  send(phone: string, text: string): Promise<Result.Result<void, SmsUnavailable>>;
}
