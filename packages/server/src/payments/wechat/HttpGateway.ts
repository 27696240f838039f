import { randomBytes, type KeyObject } from "node:crypto";
import { Time } from "@fuel/domain";
import type { ChannelGateway } from "../JsapiChannel.ts";
import {
  ChannelUnavailable,
  type ChannelPaymentState,
  type PaymentRequest,
  type RefundOutcome,
  type RefundRequest,
} from "../PaymentChannel.ts";
import { platformKeyFor, type PlatformKeys } from "../platformKeys.ts";
import { authorizationHeaderAsync, verifyNotificationAsync } from "./crypto.ts";

/**
 * The production gateway of a JSAPI-style channel: WeChat Pay API v3 over HTTPS. Every call is
 * signed with our merchant key (`Authorization: WECHATPAY2-SHA256-RSA2048 ...`), and every answer's
 * signature is checked with the platform's key before it is believed: a forged "paid" from a
 * man in the middle would otherwise hand out fuel for free.
 */

export interface HttpGatewayOptions {
  /** The channel's API origin, e.g. `https://api.mch.weixin.qq.com`. */
  readonly baseUrl: string;
  readonly mchId: string;
  /** The serial number of our merchant certificate (the channel picks our public key by it). */
  readonly serialNo: string;
  readonly merchantPrivateKey: KeyObject;
  /** The platform's public keys by certificate serial: an answer is checked with the key its `Wechatpay-Serial` names. */
  readonly platformKeys: PlatformKeys;
  /** Where the channel sends payment notifications: our `/api/payment/notify` (or `/api/paymentfy/notify`) on the public origin. */
  readonly notifyUrl: string;
  readonly fetch?: typeof fetch;
  readonly nowMs?: () => number;
  /** Spec §9: 10 s, like every call of ours. */
  readonly timeoutMs?: number;
}

interface Answer {
  readonly status: number;
  readonly json: Record<string, unknown>;
}


export class HttpGateway implements ChannelGateway {
  private readonly fetch: typeof fetch;
  private readonly nowMs: () => number;
  private readonly timeoutMs: number;

  constructor(private readonly options: HttpGatewayOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.nowMs = options.nowMs ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async createPrepay(request: PaymentRequest & { readonly appId: string; readonly mchId: string }): Promise<string> {
    const answer = await this.call("POST", "/v3/pay/transactions/jsapi", {
      appid: request.appId,
      mchid: request.mchId,
      description: request.description,
      out_trade_no: request.mchntOrderNo,
      time_expire: Time.formatChinaIso(request.expiresAt.getTime()),
      notify_url: this.options.notifyUrl,
      amount: { total: request.amountCents, currency: "CNY" },
      payer: { openid: request.payerOpenid },
    });
    const prepayId = answer.json["prepay_id"];
    if (answer.status !== 200 || typeof prepayId !== "string" || prepayId === "") throw new ChannelUnavailable(`prepay refused (${answer.status})`);
    return prepayId;
  }

  async query(mchntOrderNo: string): Promise<ChannelPaymentState> {
    const answer = await this.call("GET", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(mchntOrderNo)}?mchid=${encodeURIComponent(this.options.mchId)}`);
    if (answer.status === 404) return { state: "unknown-order" };
    if (answer.status !== 200) throw new ChannelUnavailable(`query failed (${answer.status})`);
    const j = answer.json;
    const state = j["trade_state"];
    if (state === "SUCCESS" || state === "REFUND") {
      const amount = (j["amount"] as { total?: unknown } | undefined)?.total;
      const transactionId = j["transaction_id"];
      const paidAt = new Date(String(j["success_time"]));
      if (typeof amount !== "number" || typeof transactionId !== "string" || Number.isNaN(paidAt.getTime())) {
        throw new ChannelUnavailable("query answer without amount, transaction or time");
      }
      return { state: "paid", transactionId, amountCents: amount, paidAt };
    }
    return state === "CLOSED" || state === "REVOKED" ? { state: "closed" } : { state: "unpaid" };
  }

  async close(mchntOrderNo: string): Promise<"closed" | "paid"> {
    const answer = await this.call("POST", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(mchntOrderNo)}/close`, { mchid: this.options.mchId });
    if (answer.status === 204 || answer.status === 200) return "closed";
    // The channel refuses to close an order it has already been paid for.
    if (answer.json["code"] === "ORDERPAID") return "paid";
    throw new ChannelUnavailable(`close failed (${answer.status})`);
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const answer = await this.call("POST", "/v3/refund/domestic/refunds", {
      transaction_id: request.transactionId,
      out_refund_no: request.refundNo,
      reason: request.reason.slice(0, 80),
      amount: { refund: request.amountCents, total: request.totalCents, currency: "CNY" },
    });
    if (answer.status >= 500) throw new ChannelUnavailable(`refund failed (${answer.status})`);
    if (answer.status !== 200) return "refused";
    const status = answer.json["status"];
    return status === "SUCCESS" ? "refunded" : status === "PROCESSING" ? "pending" : "refused";
  }

  /** One signed call; the answer is believed only when its signature checks out. */
  private async call(method: "GET" | "POST", pathWithQuery: string, payload?: unknown): Promise<Answer> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const authorization = await authorizationHeaderAsync(
      this.options.merchantPrivateKey,
      {
        mchId: this.options.mchId,
        serialNo: this.options.serialNo,
        timestamp: String(Math.floor(this.nowMs() / 1000)),
        nonce: randomBytes(16).toString("hex"),
      },
      method,
      pathWithQuery,
      body,
    );
    let res: Response;
    let text: string;
    try {
      res = await this.fetch(new URL(pathWithQuery, this.options.baseUrl), {
        method,
        headers: { authorization, accept: "application/json", ...(payload === undefined ? {} : { "content-type": "application/json" }) },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new ChannelUnavailable(`channel unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const platformKey = platformKeyFor(this.options.platformKeys, res.headers.get("wechatpay-serial") ?? undefined);
    if (platformKey === undefined) throw new ChannelUnavailable("the channel's answer is signed by a platform certificate whose serial is not configured");
    const check = await verifyNotificationAsync(
      platformKey,
      {
        timestamp: res.headers.get("wechatpay-timestamp") ?? undefined,
        nonce: res.headers.get("wechatpay-nonce") ?? undefined,
        signature: res.headers.get("wechatpay-signature") ?? undefined,
      },
      text,
      Math.floor(this.nowMs() / 1000),
    );
    if (!check.ok) throw new ChannelUnavailable(`the channel's answer failed its signature check (${check.reason})`);
    let json: Record<string, unknown> = {};
    if (text !== "") {
      try {
        const parsed = JSON.parse(text) as unknown;
        if (typeof parsed === "object" && parsed !== null) json = parsed as Record<string, unknown>;
      } catch {
        throw new ChannelUnavailable("the channel answered something that is not JSON");
      }
    }
    return { status: res.status, json };
  }
}
