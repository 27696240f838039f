import { Result } from "effect";
import { SmsUnavailable, type SmsProvider } from "./SmsProvider.ts";

/** Yunpian's single-send API: one API key, a form body, `{code: 0}` on success. */
const SINGLE_SEND_URL = "https://sms.yunpian.com/v2/sms/single_send.json";
const TIMEOUT_MS = 10_000;

interface SendAnswer {
  readonly code?: number;
  readonly msg?: string;
}

/**
 * Sends through the SMS gateway. The gateway only delivers texts matching a template registered
 * with it (with the company's signature), so the texts the identity part writes must be
 * registered there as they are. The API key and the text (it carries the code) are never logged.
 * Constructed only when `SMS_PROVIDER` is `production`.
 */
export class YunpianSmsProvider implements SmsProvider {
  readonly kind = "production" as const;

  constructor(
    private readonly apiKey: string,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async send(phone: string, text: string): Promise<Result.Result<void, SmsUnavailable>> {
    try {
      const res = await this.fetchFn(SINGLE_SEND_URL, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8", accept: "application/json" },
        body: new URLSearchParams({ apikey: this.apiKey, mobile: phone, text }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = (await res.json().catch(() => ({}))) as SendAnswer;
      if (res.ok && answer.code === 0) return Result.succeed(undefined);
      return Result.fail(new SmsUnavailable({ detail: `gateway answered HTTP ${res.status}, code ${String(answer.code)}: ${answer.msg ?? ""}` }));
    } catch (err) {
      return Result.fail(new SmsUnavailable({ detail: err instanceof Error ? err.name : "request failed" }));
    }
  }
}
