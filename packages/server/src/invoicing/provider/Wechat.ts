import { constants, publicEncrypt, randomBytes, type KeyObject } from "node:crypto";
import { Time } from "@fuel/domain";
import { platformKeyFor, type PlatformKeys } from "../../payments/platformKeys.ts";
import { authorizationHeaderAsync, verifyNotificationAsync } from "../../payments/wechat/crypto.ts";
import { checkFapiaoCallback, wechatIds, type WechatIds } from "./callbacks.ts";
import {
  InvoiceProviderUnavailable,
  type CallbackOutcome,
  type InvoiceBuyer,
  type InvoiceProvider,
  type InvoiceSeller,
  type IssueRef,
  type IssueRequest,
  type IssueState,
  type TitleUrlRequest,
} from "./InvoiceProvider.ts";

/**
 * WeChat Pay's e-invoice API v3 for refined oil (`/v3/new-tax-control-fapiao/...`), as a service
 * provider (服务商) for the seller's sub-merchant: the title link (`user-title/title-url`), issue
 * (`fapiao-applications/issue-refined-oil`, answered 202: the result comes later), query by
 * application and invoice, and the result callback. Every call is signed with our merchant key and
 * every answer's signature checked with the platform's, as the payment gateway does
 * (src/payments/wechat/HttpGateway.ts), with the shared v3 cryptography
 * (src/payments/wechat/crypto.ts). Buyer phone and e-mail are sensitive fields: encrypted with the
 * platform's public key (RSA-OAEP), the request naming that key in `Wechatpay-Serial`.
 *
 * Ids: WeChat's `fapiao_apply_id` is the invoice's (stable; the title link and up to 4 retries
 * belong to it) and `fapiao_id` is the attempt's (new per retry, as WeChat's docs ask).
 *
 * Field names follow WeChat Pay's API reference (pay.weixin.qq.com/doc/v3/partner/4016760559 and
 * its siblings, mirrored in TheNorthMemory/wechatpay-openapi); what the docs found did not settle
 * is marked `// unverified:`.
 */

const API = "/v3/new-tax-control-fapiao";

/** The seller's account at WeChat: the sub-merchant that holds its tax registration, and the 数电 account that issues. */
export interface WechatSellerAccount {
  readonly subMchId: string;
  readonly billingPersonId: string;
}

export interface WechatInvoiceOptions {
  /** The API origin, e.g. `https://api.mch.weixin.qq.com`. */
  readonly baseUrl: string;
  /** Our (service provider's) merchant id: it signs the calls. */
  readonly mchId: string;
  /** The app whose openids the title link names. */
  readonly appId: string;
  /** The serial number of our merchant certificate. */
  readonly serialNo: string;
  readonly merchantPrivateKey: KeyObject;
  /** The platform's public keys by serial: answers and callbacks are checked with the key their `Wechatpay-Serial` names. */
  readonly platformKeys: PlatformKeys;
  /** Decrypts callback resources (32 bytes). */
  readonly apiV3Key: string;
  /** The sub-merchant invoices are issued for (one seller for every station)... */
  readonly account: WechatSellerAccount;
  /** ...unless a station has its own (a station registered as a sub-merchant of ours). */
  readonly stationAccounts?: ReadonlyMap<number, WechatSellerAccount>;
  /** The platform key that encrypts buyer phone and e-mail (default: the first configured). */
  readonly encryptionSerial?: string;
  /** 税收分类编码 of the line's goods. */
  readonly taxCode?: string;
  /** Keeps our application ids apart from other systems' on the merchant account. */
  readonly idPrefix?: string;
  readonly fetch?: typeof fetch;
  readonly nowMs?: () => number;
  /** Spec §9: 10 s, like every call of ours. */
  readonly timeoutMs?: number;
}

// unverified: 税收分类编码 of diesel (柴油); the merchant's tax-codes list (`merchant/tax-codes`) is the authority.
export const DIESEL_TAX_CODE = "1070101030000000000";

/** How long WeChat's title link stays valid (docs: 30 minutes). */
export const TITLE_LINK_MS = 30 * 60_000;

interface Answer {
  readonly status: number;
  readonly json: Record<string, unknown>;
}

/**
 * Litres as WeChat's integer `quantity`: the amount times 10^8 (the docs' example 100000000 is
 * one unit), from the decimal string without floats.
 */
export const quantityOf = (litres: string): number => {
  const match = /^(\d{1,9})(?:\.(\d{1,8}))?$/.exec(litres);
  if (match === null) throw new RangeError(`litres must be a decimal with up to 8 places, got '${litres}'`);
  return Number(match[1]) * 1e8 + Number((match[2] ?? "").padEnd(8, "0"));
};

const record = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** Leaves out absent optional fields instead of sending nulls. */
const compact = <T extends Record<string, unknown>>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== "")) as Partial<T>;

/** The reason WeChat gave for refusing a call. */
const reasonOf = (answer: Answer): string => {
  const code = text(answer.json["code"]) ?? `HTTP ${answer.status}`;
  const message = text(answer.json["message"]);
  return message === undefined ? code : `${code}: ${message}`;
};

export class WechatInvoiceProvider implements InvoiceProvider {
  readonly kind = "wechat" as const;
  private readonly fetch: typeof fetch;
  private readonly nowMs: () => number;
  private readonly timeoutMs: number;
  private readonly ids: WechatIds;

  constructor(private readonly options: WechatInvoiceOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.nowMs = options.nowMs ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.ids = wechatIds(options.idPrefix ?? "FUEL");
  }

  async issue(request: IssueRequest): Promise<IssueState> {
    const account = this.accountOf(request.seller.stationId);
    const foreign = request.payments.find((p) => p.channel !== "wechat");
    // The refined-oil invoice names WeChat Pay transactions only (pay_channel: WECHAT_PAY).
    if (foreign !== undefined) return { state: "failed", reason: `order ${foreign.mchntOrderNo} was not paid through WeChat Pay`, retryable: false };
    const serial = this.options.encryptionSerial ?? [...this.options.platformKeys.keys()][0];
    const platformKey = platformKeyFor(this.options.platformKeys, serial);
    if (serial === undefined || platformKey === undefined) throw new InvoiceProviderUnavailable("no platform key to encrypt the buyer's contact details with");
    let quantities: number[];
    try {
      quantities = request.lines.map((l) => quantityOf(l.litres));
    } catch (err) {
      return { state: "failed", reason: (err as Error).message, retryable: false };
    }

    const body = {
      sub_mchid: account.subMchId,
      fapiao_apply_id: this.ids.applyIdOf(request.invoiceId),
      buyer_information: this.buyerInformation(request.buyer, platformKey),
      fapiao_information: {
        fapiao_id: this.ids.fapiaoIdOf(request.applyId),
        total_amount: request.totalCents,
        items: request.lines.map((line, i) =>
          compact({
            tax_code: this.options.taxCode ?? DIESEL_TAX_CODE,
            goods_name: line.description,
            // unverified: the docs list both LETER and LITER (升); LITER is the English word.
            unit: "LITER",
            quantity: quantities[i],
            total_amount: line.amountCents,
            // The docs' example 1300 is 13 %: hundredths of a percent.
            tax_rate: Math.round(line.taxRatePercent * 100),
            discount: false,
            refined_oil_information: this.refinedOil(line, request.seller),
          }),
        ),
        billing_person_id: account.billingPersonId,
        // 普通发票; a 专用发票 (VAT_FAPIAO) would need the buyer to ask for one, which titles do not say.
        fapiao_bill_type: "COMM_FAPIAO",
        transaction_information: request.payments.map((p) => ({
          pay_channel: "WECHAT_PAY",
          transaction_id: p.transactionId,
          out_trade_no: p.mchntOrderNo,
          amount: p.amountCents,
        })),
      },
    };
    const answer = await this.call("POST", `${API}/fapiao-applications/issue-refined-oil`, body, serial);
    if (answer.status === 202 || answer.status === 200 || answer.status === 204) return { state: "issuing" };
    if (answer.status === 429 || answer.status >= 500 || answer.json["code"] === "SYSTEM_ERROR" || answer.json["code"] === "FREQUENCY_LIMITED") {
      throw new InvoiceProviderUnavailable(`issue failed (${reasonOf(answer)})`);
    }
    // The request itself was refused (bad data, no authority): the same data would be refused again.
    return { state: "failed", reason: reasonOf(answer), retryable: false };
  }

  async query(ref: IssueRef): Promise<IssueState> {
    return this.queryAs(this.accountOf(ref.stationId).subMchId, ref.invoiceId, ref.applyId);
  }

  async titleUrl(request: TitleUrlRequest): Promise<{ url: string; expiresAt: Date }> {
    // The link's 30 minutes are counted from before the call: never later than WeChat's own.
    const expiresAt = new Date(this.nowMs() + TITLE_LINK_MS);
    const account = this.accountOf(request.stationId);
    const query = new URLSearchParams(
      compact({
        sub_mchid: account.subMchId,
        fapiao_apply_id: this.ids.applyIdOf(request.invoiceId),
        // unverified: the docs' example is WEB; a page inside the messaging app may want another source value.
        source: "WEB",
        appid: this.options.appId,
        openid: request.openid,
        total_amount: String(request.totalCents),
        seller_name: request.sellerName,
      }) as Record<string, string>,
    );
    const answer = await this.call("GET", `${API}/user-title/title-url?${query.toString()}`);
    const url = text(answer.json["title_url"]);
    if (answer.status !== 200 || url === undefined) throw new InvoiceProviderUnavailable(`title link refused (${reasonOf(answer)})`);
    return { url, expiresAt };
  }

  async readCallback(headers: Readonly<Record<string, string | undefined>>, body: string): Promise<CallbackOutcome> {
    const check = await checkFapiaoCallback(this.options, headers, body, this.nowMs());
    if (!check.ok) return { kind: "refused", reason: check.reason };
    const { eventType, resource } = check.callback;
    const invoiceId = this.ids.invoiceIdOf(resource.fapiao_apply_id);
    const fapiao = resource.fapiao_information?.[0];
    const applyId = fapiao === undefined ? undefined : this.ids.applyIdOfFapiao(fapiao.fapiao_id);
    if ((eventType !== "FAPIAO.ISSUED" && eventType !== "FAPIAO.CARD_INSERTED") || invoiceId === undefined || applyId === undefined) {
      return { kind: "ignored", event: eventType };
    }
    // The callback carries states, not the number and date: ask. A failure here throws
    // InvoiceProviderUnavailable, the route answers 5xx, and WeChat sends the callback again.
    // unverified: whether the resource names the sub-merchant (`sub_mchid`); without it, the configured one.
    const subMchId = text(resource.sub_mchid) ?? this.options.account.subMchId;
    return { kind: "result", invoiceId, applyId, result: await this.queryAs(subMchId, invoiceId, applyId) };
  }

  private accountOf(stationId: number): WechatSellerAccount {
    return this.options.stationAccounts?.get(stationId) ?? this.options.account;
  }

  private async queryAs(subMchId: string, invoiceId: number, applyId: string): Promise<IssueState> {
    const fapiaoId = this.ids.fapiaoIdOf(applyId);
    const query = new URLSearchParams({ sub_mchid: subMchId, fapiao_id: fapiaoId });
    const answer = await this.call("GET", `${API}/fapiao-applications/${encodeURIComponent(this.ids.applyIdOf(invoiceId))}?${query.toString()}`);
    // Never accepted (lost on the way): a new attempt is the way on.
    if (answer.status === 404) return { state: "failed", reason: "WeChat knows no such invoice application", retryable: true };
    if (answer.status !== 200) throw new InvoiceProviderUnavailable(`query failed (${reasonOf(answer)})`);
    const list = answer.json["fapiao_information"];
    const entries = Array.isArray(list) ? list.map(record) : [];
    const entry = entries.find((e) => e["fapiao_id"] === fapiaoId);
    if (entry === undefined) return { state: "failed", reason: "WeChat knows no such invoice in the application", retryable: true };
    const status = text(entry["status"]);
    if (status === "ISSUE_ACCEPTED") return { state: "issuing" };
    if (status === "ISSUED") {
      const blue = record(entry["blue_fapiao"]);
      const number = text(blue["fapiao_number"]);
      const issuedAt = new Date(text(blue["fapiao_time"]) ?? "");
      if (number === undefined || Number.isNaN(issuedAt.getTime())) throw new InvoiceProviderUnavailable("an issued invoice without its number or time");
      const card = text(record(entry["card_information"])["card_status"]);
      // unverified: the PDF comes from `fapiao-files` as a download address that needs our signature; the wallet holds it meanwhile.
      return { state: "issued", number, issuedAt, pdf: null, pdfUrl: null, inWallet: card === "INSERTED" };
    }
    if (status === "REVERSE_ACCEPTED" || status === "REVERSED") return { state: "failed", reason: `the invoice was reversed (红冲) at WeChat (${status})`, retryable: false };
    // unverified: WeChat documents ISSUE_ACCEPTED, ISSUED, REVERSE_ACCEPTED and REVERSED; anything else is taken as a failed issue, which WeChat lets us retry with a new fapiao_id.
    return { state: "failed", reason: `WeChat reports the invoice as ${status ?? "without a status"}`, retryable: true };
  }

  private buyerInformation(buyer: InvoiceBuyer, platformKey: KeyObject): Record<string, unknown> {
    const company = buyer.type === "company";
    return compact({
      type: company ? "ORGANIZATION" : "INDIVIDUAL",
      name: buyer.name,
      taxpayer_id: buyer.taxId,
      address: buyer.address,
      // unverified: a company's phone is printed on the invoice (telephone); a person's is a contact (phone, encrypted).
      telephone: company ? buyer.phone : undefined,
      bank_name: buyer.bank,
      bank_account: buyer.account,
      phone: buyer.phone === null ? undefined : encryptSensitive(platformKey, buyer.phone),
      email: buyer.email === null ? undefined : encryptSensitive(platformKey, buyer.email),
      fapiao_bill_type: "COMM_FAPIAO",
    });
  }

  /** The refined-oil extra of a line; the docs require station, trade time and gun number together, so it is sent only whole. */
  private refinedOil(line: IssueRequest["lines"][number], seller: InvoiceSeller): Record<string, string> | undefined {
    if (line.tradeTime === undefined || line.gunNumber === undefined) return undefined;
    return { station: seller.title, trade_time: Time.formatChinaIso(line.tradeTime.getTime()), gun_number: line.gunNumber };
  }

  /** One signed call; the answer is believed only when the platform's signature checks out. */
  private async call(method: "GET" | "POST", pathWithQuery: string, payload?: unknown, wechatpaySerial?: string): Promise<Answer> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const authorization = await authorizationHeaderAsync(
      this.options.merchantPrivateKey,
      { mchId: this.options.mchId, serialNo: this.options.serialNo, timestamp: String(Math.floor(this.nowMs() / 1000)), nonce: randomBytes(16).toString("hex") },
      method,
      pathWithQuery,
      body,
    );
    let res: Response;
    let raw: string;
    try {
      res = await this.fetch(new URL(pathWithQuery, this.options.baseUrl), {
        method,
        headers: {
          authorization,
          accept: "application/json",
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
          ...(wechatpaySerial === undefined ? {} : { "wechatpay-serial": wechatpaySerial }),
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      raw = await res.text();
    } catch (err) {
      throw new InvoiceProviderUnavailable(`WeChat Pay unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const platformKey = platformKeyFor(this.options.platformKeys, res.headers.get("wechatpay-serial") ?? undefined);
    if (platformKey === undefined) throw new InvoiceProviderUnavailable("the answer is signed by a platform certificate whose serial is not configured");
    const check = await verifyNotificationAsync(
      platformKey,
      {
        timestamp: res.headers.get("wechatpay-timestamp") ?? undefined,
        nonce: res.headers.get("wechatpay-nonce") ?? undefined,
        signature: res.headers.get("wechatpay-signature") ?? undefined,
      },
      raw,
      Math.floor(this.nowMs() / 1000),
    );
    if (!check.ok) throw new InvoiceProviderUnavailable(`the answer failed its signature check (${check.reason})`);
    let json: Record<string, unknown> = {};
    if (raw !== "") {
      try {
        json = record(JSON.parse(raw) as unknown);
      } catch {
        throw new InvoiceProviderUnavailable("WeChat Pay answered something that is not JSON");
      }
    }
    return { status: res.status, json };
  }
}

/**
 * A sensitive field (phone, e-mail) as WeChat Pay v3 wants it: RSA-OAEP (SHA-1, MGF1 SHA-1) with
 * the platform's public key, Base64. Only the platform can read it.
 */
export const encryptSensitive = (platformPublicKey: KeyObject, value: string): string =>
  publicEncrypt({ key: platformPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha1" }, Buffer.from(value, "utf8")).toString("base64");
