import { randomBytes, type KeyObject } from "node:crypto";
import { PaymentNotification, PaymentNotificationResource } from "@fuel/domain/api";
import { Exit, Schema } from "effect";
import { platformKeyFor, type PlatformKeys } from "./platformKeys.ts";
import type {
  ChannelName,
  ChannelPaymentState,
  NotificationHeaders,
  NotificationVerdict,
  PaymentChannel,
  PaymentRequest,
  PayParams,
  RefundOutcome,
  RefundRequest,
} from "./PaymentChannel.ts";
import { decryptResource, signPayAsync, verifyNotificationAsync } from "./wechat/crypto.ts";

/** The keys of one channel: ours (to sign pay sheets and API calls) and the platform's (to check what it sends). */
export interface ChannelKeys {
  readonly appId: string;
  readonly mchId: string;
  readonly merchantPrivateKey: KeyObject;
  /** The platform's public keys by certificate serial (`Wechatpay-Serial`): the current one, and the next during a rotation. */
  readonly platformKeys: PlatformKeys;
  /** The 32-byte key that decrypts notification resources (AES-256-GCM). */
  readonly apiV3Key: string;
}

/**
 * How a channel's servers are reached: over HTTPS in production (./wechat/HttpGateway.ts), or the
 * sandbox's own ledger in our database (./sandbox/SandboxGateway.ts).
 */
export interface ChannelGateway {
  createPrepay(request: PaymentRequest & { readonly appId: string; readonly mchId: string }): Promise<string>;
  query(mchntOrderNo: string): Promise<ChannelPaymentState>;
  close(mchntOrderNo: string): Promise<"closed" | "paid">;
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

const decodeNotification = Schema.decodeUnknownExit(PaymentNotification);
const decodeResource = Schema.decodeUnknownExit(PaymentNotificationResource);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** A nonce for the pay sheet: 32 random hex characters (the JSAPI allows up to 32). */
const randomNonce = (): string => randomBytes(16).toString("hex");

/**
 * A JSAPI-style payment channel (WeChat Pay v3 shape): the pay sheet is signed with our RSA key,
 * notifications are verified with the platform's key and decrypted with the API v3 key. The FY
 * channel hands the messaging app's pay sheet the same five fields (`reserved_pay_info`), so it is
 * the same class with its own keys and gateway.
 */
export class JsapiChannel implements PaymentChannel {
  constructor(
    readonly name: ChannelName,
    private readonly keys: ChannelKeys,
    private readonly gateway: ChannelGateway,
    private readonly nonce: () => string = randomNonce,
  ) {}

  prepay(request: PaymentRequest): Promise<string> {
    return this.gateway.createPrepay({ ...request, appId: this.keys.appId, mchId: this.keys.mchId });
  }

  async payParams(prepayId: string, mchntOrderNo: string, nowMs: number): Promise<PayParams> {
    const fields = {
      appId: this.keys.appId,
      // JSAPI wants seconds, as a string.
      timeStamp: String(Math.floor(nowMs / 1000)),
      nonceStr: this.nonce(),
      package: `prepay_id=${prepayId}`,
    };
    return {
      payInfo: { ...fields, signType: "RSA", paySign: await signPayAsync(this.keys.merchantPrivateKey, fields) },
      channelOrderNo: this.name === "fy" ? fyOrderNo(mchntOrderNo) : mchntOrderNo,
    };
  }

  query(mchntOrderNo: string): Promise<ChannelPaymentState> {
    return this.gateway.query(mchntOrderNo);
  }

  close(mchntOrderNo: string): Promise<"closed" | "paid"> {
    return this.gateway.close(mchntOrderNo);
  }

  refund(request: RefundRequest): Promise<RefundOutcome> {
    return this.gateway.refund(request);
  }

  async verifyNotification(headers: NotificationHeaders, rawBody: string, nowMs: number): Promise<NotificationVerdict> {
    // The serial first: a notification signed by a certificate we were not given is refused
    // before any RSA, decryption or database work (and, before a rotation is configured, that is
    // how a switch of the channel's certificate shows: in the log, not as silently wrong keys).
    const platformKey = platformKeyFor(this.keys.platformKeys, headers.serial);
    if (platformKey === undefined) return { ok: false, reason: headers.serial === undefined ? "malformed" : "unknown-serial" };
    const check = await verifyNotificationAsync(platformKey, headers, rawBody, Math.floor(nowMs / 1000));
    if (!check.ok) return { ok: false, reason: check.reason === "malformed-headers" ? "malformed" : check.reason };

    const envelope = decodeNotification(parseJson(rawBody));
    if (Exit.isFailure(envelope)) return { ok: false, reason: "malformed" };
    const plaintext = decryptResource(this.keys.apiV3Key, envelope.value.resource);
    if (plaintext === null) return { ok: false, reason: "undecryptable" };
    const resource = decodeResource(parseJson(plaintext));
    if (Exit.isFailure(resource)) return { ok: false, reason: "malformed" };

    const r = resource.value;
    // A notification about another merchant's money is not ours to apply, however well signed.
    if ((r.mchid !== undefined && r.mchid !== this.keys.mchId) || (r.appid !== undefined && r.appid !== this.keys.appId)) {
      return { ok: false, reason: "malformed" };
    }
    const paidAt = r.success_time === undefined ? undefined : new Date(r.success_time);
    return {
      ok: true,
      notification: {
        tradeState: r.trade_state,
        mchntOrderNo: r.out_trade_no,
        transactionId: r.transaction_id,
        amountCents: r.amount.total,
        paidAt: paidAt === undefined || Number.isNaN(paidAt.getTime()) ? undefined : paidAt,
      },
    };
  }
}

/** The FY channel's order number for one of ours (spec §7 `reserved_fy_order_no`): stable across pay attempts. */
export const fyOrderNo = (mchntOrderNo: string): string => `FY${mchntOrderNo}`;
