import { Effect } from "effect";
import { PaymentFailed, PaymentUnavailable, type PayError, type PaymentBridge, type PayOutcome, type PayRequest } from "../ports/PaymentBridge.ts";
import { requireOauth } from "./authorize.ts";

/**
 * The messaging app's in-app payment (WeChat JSAPI): `WeixinJSBridge.invoke('getBrandWCPayRequest',
 * payInfo, callback)`. The bridge object appears some time after the page loads; until then we
 * wait for the `WeixinJSBridgeReady` event (bounded, so a page opened outside the app says so
 * instead of hanging). The FY channel's `reserved_pay_info` carries the same five signed fields
 * and opens the same sheet.
 */

/** The slice of the JS bridge we use. */
export interface WeixinJSBridge {
  invoke(method: "getBrandWCPayRequest", params: Record<string, string>, callback: (res: { readonly err_msg?: string; readonly err_desc?: string }) => void): void;
}

/** Where the bridge lives: the page's window and document. */
export interface BridgeHost {
  readonly WeixinJSBridge?: WeixinJSBridge | undefined;
  readonly document: Pick<Document, "addEventListener" | "removeEventListener">;
}

export const BRIDGE_READY_TIMEOUT_MS = 5_000;

export class WeixinPayBridge implements PaymentBridge {
  constructor(
    private readonly host: BridgeHost,
    private readonly readyTimeoutMs: number = BRIDGE_READY_TIMEOUT_MS,
  ) {}

  #bridge(): Effect.Effect<WeixinJSBridge, PaymentUnavailable> {
    const host = this.host;
    if (host.WeixinJSBridge !== undefined) return Effect.succeed(host.WeixinJSBridge);
    return Effect.callback<WeixinJSBridge, PaymentUnavailable>((resume) => {
      const unavailable = () => new PaymentUnavailable({ reason: "outsideMessagingApp" });
      const onReady = () => {
        clearTimeout(timer);
        host.document.removeEventListener("WeixinJSBridgeReady", onReady);
        resume(host.WeixinJSBridge !== undefined ? Effect.succeed(host.WeixinJSBridge) : Effect.fail(unavailable()));
      };
      const timer = setTimeout(() => {
        host.document.removeEventListener("WeixinJSBridgeReady", onReady);
        resume(Effect.fail(unavailable()));
      }, this.readyTimeoutMs);
      host.document.addEventListener("WeixinJSBridgeReady", onReady);
      return Effect.sync(() => {
        clearTimeout(timer);
        host.document.removeEventListener("WeixinJSBridgeReady", onReady);
      });
    });
  }

  pay(request: PayRequest): Effect.Effect<PayOutcome, PayError> {
    return requireOauth(request.oauthId).pipe(
      Effect.flatMap(() => this.#bridge()),
      Effect.flatMap((bridge) =>
        Effect.callback<PayOutcome, PaymentFailed>((resume) => {
          const { payInfo } = request;
          const params: Record<string, string> = {
            appId: payInfo.appId,
            timeStamp: payInfo.timeStamp,
            nonceStr: payInfo.nonceStr,
            package: payInfo.package,
            signType: payInfo.signType ?? "RSA",
            paySign: payInfo.paySign,
          };
          bridge.invoke("getBrandWCPayRequest", params, (res) => {
            const outcome = res.err_msg?.split(":").pop();
            if (outcome === "ok") resume(Effect.succeed("ok"));
            else if (outcome === "cancel") resume(Effect.succeed("cancel"));
            // The sheet's own words, when it has any; the UI words a failure without them.
            else resume(Effect.fail(new PaymentFailed(res.err_desc === undefined || res.err_desc === "" ? {} : { message: res.err_desc })));
          });
        }),
      ),
    );
  }
}
