import { randomInt } from "node:crypto";
import type { SignedNotification } from "../../payments/sandbox/notifications.ts";
import { SANDBOX_PLATFORM_SERIAL, signedHeadersAsync } from "../../payments/sandbox/notifications.ts";
import { sandboxKeyMaterial, type SandboxKeyMaterial } from "../../payments/sandbox/keys.ts";
import type { Clock } from "../../providers/clock/Clock.ts";
import { checkFapiaoCallback, fapiaoCallbackBody, wechatIds, type CallbackKeys } from "./callbacks.ts";
import type { CallbackOutcome, InvoiceProvider, IssueRef, IssueRequest, IssueState, TitleUrlRequest } from "./InvoiceProvider.ts";
import { sandboxInvoicePdf } from "./pdf.ts";

/**
 * The sandbox e-invoice provider (DESIGN.md §4): it behaves like WeChat's, on one machine.
 * `issue` is accepted ("issuing"); {@link SANDBOX_ISSUE_DELAY_MS} of the injected clock later the
 * attempt is issued, with a sandbox number and a generated PDF (./pdf.ts), or failed when it was
 * told to fail. Its callbacks are encrypted and signed as the platform's, with the payment
 * sandbox's keys, and read back through the same checks as production's (./callbacks.ts).
 *
 * State lives in memory, keyed by apply id: a restart forgets open attempts, and the invoicing
 * code then finds them unknown ("failed", retryable) and asks again with a new id.
 */

/** How long an attempt stays "issuing", in milliseconds of the injected clock. */
export const SANDBOX_ISSUE_DELAY_MS = 2000;

/** A buyer name containing this makes the sandbox fail the attempt (retryable, like a tax system hiccup). */
export const SANDBOX_FAIL_MARK = "SANDBOX-FAIL";

/** Sandbox invoice numbers: 20 digits starting with eight zeros, which no real 数电发票 number does. */
export const SANDBOX_NUMBER_PREFIX = "00000000";

/** The sandbox merchant, as its callbacks name it. */
export const SANDBOX_INVOICE_MCH_ID = "1900000001";

const TITLE_LINK_MS = 30 * 60_000;

interface Failure {
  readonly reason: string;
  readonly retryable: boolean;
}

interface Attempt {
  readonly request: IssueRequest;
  readonly acceptedAt: number;
  readonly failure: Failure | null;
  readonly number: string;
  pdf?: Uint8Array;
}

export interface SandboxInvoiceOptions {
  readonly delayMs?: number;
  /** The platform's keys it signs callbacks with (default: the payment sandbox's, shared by a cluster's workers). */
  readonly keys?: Pick<SandboxKeyMaterial, "platformPrivateKey" | "platformPublicKey" | "apiV3Key">;
}

const sandboxNumber = (): string => SANDBOX_NUMBER_PREFIX + Array.from({ length: 12 }, () => randomInt(10)).join("");

/** What a real provider refuses whatever the attempt: retrying the same data cannot help. */
const refusal = (request: IssueRequest): string | undefined => {
  const sum = request.lines.reduce((s, l) => s + l.amountCents, 0);
  if (request.lines.length === 0) return "no invoice line";
  if (sum !== request.totalCents) return `the lines add up to ${sum} cents, not the total ${request.totalCents}`;
  if (request.buyer.type === "company" && (request.buyer.taxId ?? "") === "") return "a company buyer needs a taxpayer id";
  return undefined;
};

export class SandboxInvoiceProvider implements InvoiceProvider {
  readonly kind = "sandbox" as const;
  readonly delayMs: number;
  readonly #attempts = new Map<string, Attempt>();
  readonly #failNext: Failure[] = [];
  readonly #keys: NonNullable<SandboxInvoiceOptions["keys"]>;
  readonly #ids = wechatIds("SANDBOX");

  constructor(
    private readonly clock: Clock,
    options: SandboxInvoiceOptions = {},
  ) {
    this.delayMs = options.delayMs ?? SANDBOX_ISSUE_DELAY_MS;
    this.#keys = options.keys ?? sandboxKeyMaterial();
  }

  /** The next attempt issued fails with `reason` (queued: several calls fail several attempts). */
  failNext(reason: string, retryable = true): void {
    this.#failNext.push({ reason, retryable });
  }

  issue(request: IssueRequest): Promise<IssueState> {
    const known = this.#attempts.get(request.applyId);
    if (known !== undefined) {
      // The same attempt asked twice is one attempt; an id reused for another invoice is refused, as WeChat refuses it.
      return Promise.resolve(
        known.request.invoiceId === request.invoiceId ? this.stateOf(known) : { state: "failed", reason: `apply id ${request.applyId} is already used`, retryable: false },
      );
    }
    const refused = refusal(request);
    const failure: Failure | null =
      refused !== undefined
        ? { reason: refused, retryable: false }
        : request.buyer.name.includes(SANDBOX_FAIL_MARK)
          ? { reason: `sandbox: told to fail (${SANDBOX_FAIL_MARK} in the buyer's name)`, retryable: true }
          : (this.#failNext.shift() ?? null);
    this.#attempts.set(request.applyId, { request, acceptedAt: this.clock.now(), failure, number: sandboxNumber() });
    return Promise.resolve({ state: "issuing" });
  }

  query(ref: IssueRef): Promise<IssueState> {
    const attempt = this.#attempts.get(ref.applyId);
    if (attempt === undefined || attempt.request.invoiceId !== ref.invoiceId) {
      return Promise.resolve({ state: "failed", reason: `the sandbox knows no application ${ref.applyId} (restarted?)`, retryable: true });
    }
    return Promise.resolve(this.stateOf(attempt));
  }

  titleUrl(request: TitleUrlRequest): Promise<{ url: string; expiresAt: Date }> {
    const query = new URLSearchParams({ invoice_id: String(request.invoiceId), openid: request.openid, total: String(request.totalCents) });
    return Promise.resolve({ url: `/sandbox/invoice/title?${query.toString()}`, expiresAt: new Date(this.clock.now() + TITLE_LINK_MS) });
  }

  /**
   * The callback the platform would send for an attempt now, signed and encrypted; undefined
   * while it is still issuing (or unknown). The sandbox route delivers it to the server's own
   * callback handler, which reads it with {@link readCallback}: the production code path.
   */
  async callbackFor(ref: IssueRef): Promise<SignedNotification | undefined> {
    const attempt = this.#attempts.get(ref.applyId);
    if (attempt === undefined || attempt.request.invoiceId !== ref.invoiceId) return undefined;
    const state = this.stateOf(attempt);
    if (state.state === "issuing") return undefined;
    const now = this.clock.now();
    const body = fapiaoCallbackBody(
      this.#keys.apiV3Key,
      "FAPIAO.ISSUED",
      {
        mchid: SANDBOX_INVOICE_MCH_ID,
        fapiao_apply_id: this.#ids.applyIdOf(ref.invoiceId),
        // unverified: WeChat documents no failure status in callbacks; the sandbox says ISSUE_FAILED.
        fapiao_information: [{ fapiao_id: this.#ids.fapiaoIdOf(ref.applyId), fapiao_status: state.state === "issued" ? "ISSUED" : "ISSUE_FAILED" }],
      },
      now,
    );
    return { body, headers: await signedHeadersAsync(this.#keys.platformPrivateKey, body, now) };
  }

  async readCallback(headers: Readonly<Record<string, string | undefined>>, body: string): Promise<CallbackOutcome> {
    const keys: CallbackKeys = {
      mchId: SANDBOX_INVOICE_MCH_ID,
      platformKeys: new Map([[SANDBOX_PLATFORM_SERIAL, this.#keys.platformPublicKey]]),
      apiV3Key: this.#keys.apiV3Key,
    };
    const check = await checkFapiaoCallback(keys, headers, body, this.clock.now());
    if (!check.ok) return { kind: "refused", reason: check.reason };
    const { eventType, resource } = check.callback;
    const invoiceId = this.#ids.invoiceIdOf(resource.fapiao_apply_id);
    const applyId = this.#ids.applyIdOfFapiao(resource.fapiao_information?.[0]?.fapiao_id ?? "");
    if (eventType !== "FAPIAO.ISSUED" || invoiceId === undefined || applyId === undefined) return { kind: "ignored", event: eventType };
    // Like WeChat's, the callback names the attempt; the state is the provider's own record.
    const stationId = this.#attempts.get(applyId)?.request.seller.stationId ?? 0;
    return { kind: "result", invoiceId, applyId, result: await this.query({ invoiceId, applyId, stationId }) };
  }

  private stateOf(attempt: Attempt): IssueState {
    const due = attempt.acceptedAt + this.delayMs;
    if (this.clock.now() < due) return { state: "issuing" };
    if (attempt.failure !== null) return { state: "failed", ...attempt.failure };
    const { request } = attempt;
    attempt.pdf ??= sandboxInvoicePdf({
      number: attempt.number,
      issuedAt: new Date(due),
      seller: request.seller,
      buyer: request.buyer,
      lines: request.lines,
      totalCents: request.totalCents,
    });
    return { state: "issued", number: attempt.number, issuedAt: new Date(due), pdf: attempt.pdf, pdfUrl: null, inWallet: false };
  }
}
