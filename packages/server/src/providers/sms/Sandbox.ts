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
 * customer's phone. In memory; a cluster's processes share each message (`shareWith`).
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly kind = "sandbox" as const;
  readonly #inbox = new Map<string, SandboxMessage>();

  constructor(
    private readonly clock: Clock,
    private readonly log: SmsLog,
  ) {}

  /**
   * Where each message goes too, before `send` resolves: a cluster worker (src/cluster/sandboxSync.ts) hands
   * it to the other processes of this sandbox, so `GET /api/sandbox/sms` reads it from whichever
   * process it reaches. Default: nowhere, one process.
   */
  shareWith: ((phone: string, message: SandboxMessage) => Promise<void>) | undefined;

  async send(phone: string, text: string): Promise<Result.Result<void, SmsUnavailable>> {
    const message = { text, sentAt: this.clock.now() };
    this.keep(phone, message);
    this.log.info({ sandboxSms: { phone, text } }, "sandbox SMS sent");
    await this.shareWith?.(phone, message);
    return Result.succeed(undefined);
  }

  /** Keeps `message` as the phone's latest, without logging it: what another process of this sandbox sent. */
  keep(phone: string, message: SandboxMessage): void {
    this.#inbox.delete(phone);
    this.#inbox.set(phone, message);
    if (this.#inbox.size > INBOX_CAPACITY) {
      const oldest = this.#inbox.keys().next();
      if (!oldest.done) this.#inbox.delete(oldest.value);
    }
  }

  /** Every phone's latest message, oldest first: what a new process of this sandbox starts from. */
  messages(): Array<readonly [string, SandboxMessage]> {
    return [...this.#inbox];
  }

  /** The latest message sent to `phone`, if any. */
  lastMessage(phone: string): SandboxMessage | undefined {
    return this.#inbox.get(phone);
  }
}
