import type { AppPorts } from "@fuel/adapters/ports";
import { Constants } from "@fuel/domain";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { reportFailure } from "./failures.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import { run } from "./run.ts";
import { storeKind } from "./storeKind.ts";

/** Where the resend deadlines are kept (preferences), so a reload does not restart the wait. */
export const SMS_DEADLINES_KEY = "fuel.smsResendDeadlines";

const RESEND_MS = Constants.SMS_RESEND_SECONDS * 1000;

/** What the send-code button is doing. */
export type SmsSending = { readonly _tag: "Idle" } | { readonly _tag: "Sending"; readonly phone: string };

/**
 * Sending SMS codes (spec §4 "sending an SMS starts a 60-second resend countdown"), shared by
 * /bindPhone and /forgetPassword so both count down the same wait. The deadline is kept per phone
 * in the device's preferences and measured with the `Clock` port: a reload, or the other page,
 * shows the seconds that are really left. A blacklisted phone (spec §6) is told 'server busy,
 * cannot use' before any SMS is asked for, through `isBlacklist` (spec §7).
 */
export class SmsCodeStore {
  /** The clock's time at the last tick: what the countdown is measured against. */
  now: number;
  deadlines: Readonly<Record<string, number>>;
  sending: SmsSending = { _tag: "Idle" };
  /** The phone the server refuses for good (blacklisted), and the text that says so. */
  blocked: { readonly phone: string; readonly text: string } | undefined = undefined;

  constructor(
    private readonly ports: Pick<AppPorts, "clock" | "preferences" | "session">,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
  ) {
    this.now = ports.clock.now();
    this.deadlines = readDeadlines(ports.preferences.get(SMS_DEADLINES_KEY));
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Moves the countdown to the clock's time (the page calls this every second while one runs). */
  tick(): void {
    this.now = this.ports.clock.now();
  }

  /** Whole seconds before another code may be sent to `phone`; 0 when it may be sent now. */
  secondsLeft(phone: string): number {
    const deadline = this.deadlines[phone];
    if (deadline === undefined) return 0;
    // A deadline further away than one wait (the device's clock was moved back) counts as one wait.
    return Math.min(Constants.SMS_RESEND_SECONDS, Math.max(0, Math.ceil((deadline - this.now) / 1000)));
  }

  /**
   * The phone whose wait ends last, while it runs: the pages fill it in after a reload, so the
   * customer sees the countdown they left without typing the number again.
   */
  get waitingPhone(): string | undefined {
    const [latest] = Object.entries(this.deadlines)
      .filter(([, at]) => at > this.now)
      .sort(([, a], [, b]) => b - a);
    return latest?.[0];
  }

  canSend(phone: string): boolean {
    return this.sending._tag === "Idle" && this.secondsLeft(phone) === 0;
  }

  /**
   * Sends a code to `phone` (already validated by the form): first the blacklist check, then the
   * SMS; on success the countdown starts. Answers whether a code went out. Refusals (the SMS rate
   * limit, the network) are shown in the server's or the catalogue's words.
   */
  async send(phone: string): Promise<boolean> {
    if (!this.canSend(phone)) return false;
    this.sending = { _tag: "Sending", phone };
    this.blocked = undefined;
    const listed = await run(this.ports.session.isBlacklisted(phone));
    if (!listed.ok) return this.failed(listed.error);
    if (listed.value === 1) {
      const text = this.i18n.t("Blacklisted");
      runInAction(() => {
        this.sending = { _tag: "Idle" };
        this.blocked = { phone, text };
      });
      this.notices.show(text, "fail");
      return false;
    }
    const sent = await run(this.ports.session.sendSms(phone));
    if (!sent.ok) return this.failed(sent.error);
    runInAction(() => {
      this.now = this.ports.clock.now();
      this.deadlines = { ...liveDeadlines(this.deadlines, this.now), [phone]: this.now + RESEND_MS };
      this.ports.preferences.set(SMS_DEADLINES_KEY, JSON.stringify(this.deadlines));
      this.sending = { _tag: "Idle" };
    });
    this.notices.show(this.i18n.t("signin.codeSent"), "success");
    return true;
  }

  private failed(error: Parameters<typeof reportFailure>[0]): false {
    this.sending = { _tag: "Idle" };
    reportFailure(error, this.i18n, this.notices);
    return false;
  }
}

/** The kept deadlines; anything unreadable (an old format, a hand edit) counts as none. */
const readDeadlines = (raw: string | null): Readonly<Record<string, number>> => {
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === "number" && Number.isFinite(e[1])));
  } catch {
    return {};
  }
};

/** Drops the deadlines that have passed, so the kept list does not grow with every phone ever typed. */
const liveDeadlines = (deadlines: Readonly<Record<string, number>>, now: number): Record<string, number> =>
  Object.fromEntries(Object.entries(deadlines).filter(([, at]) => at > now));

/** Built the first time /bindPhone or /forgetPassword opens (./storeKind.ts). */
export const smsCodeStore = storeKind((root) => new SmsCodeStore(root.ports, root.i18n, root.notices));
