import { Result } from "effect";
import type { Clock } from "../clock/Clock.ts";
import type { SmsProvider, SmsUnavailable } from "./SmsProvider.ts";

/** Where the sandbox writes what it "sent" (the app's logger). */
export interface SmsLog {
  info(obj: object, msg: string): void;
}

export interface SandboxMessage {
  readonly text: string;
  readonly sentAt: number;
}

/** Phones remembered; the oldest is forgotten beyond this, so a long-running sandbox stays small. */
const INBOX_CAPACITY = 10_000;

/**
 * SMS on this machine (DESIGN.md §4): each message is logged (code included: it is the sandbox)
 * and kept as the phone's latest message, which `GET /api/sandbox/sms` reads. The database holds
 * only hashes of codes, so this inbox is the one place the plain code can be read back, like the
 * customer's phone. In memory: one sandbox server is one process.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly kind = "sandbox" as const;
  readonly #inbox = new Map<string, SandboxMessage>();

  constructor(
    private readonly clock: Clock,
    private readonly log: SmsLog,
  ) {}

  async send(phone: string, text: string): Promise<Result.Result<void, SmsUnavailable>> {
    this.#inbox.delete(phone);
    this.#inbox.set(phone, { text, sentAt: this.clock.now() });
    if (this.#inbox.size > INBOX_CAPACITY) {
      const oldest = this.#inbox.keys().next();
      if (!oldest.done) this.#inbox.delete(oldest.value);
    }
    this.log.info({ sandboxSms: { phone, text } }, "sandbox SMS sent");
    return Result.succeed(undefined);
  }

  /** The latest message sent to `phone`, if any. */
  lastMessage(phone: string): SandboxMessage | undefined {
    return this.#inbox.get(phone);
  }
}
