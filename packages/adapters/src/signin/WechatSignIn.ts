import { Effect } from "effect";
import type { SignInProvider } from "../ports/SignInProvider.ts";

/** The messaging app's OAuth2 web authorization endpoint. */
export const WECHAT_AUTHORIZE_URL = "https://open.weixin.qq.com/connect/oauth2/authorize";

/**
 * The messaging app's OAuth2 authorization (spec §4): `snsapi_userinfo` so the server can read the
 * nickname and the subscription flag, and the `#wechat_redirect` suffix the messaging app requires.
 * The app id is public and given at build time (`VITE_WECHAT_APP_ID`), like the map key.
 */
export class WechatSignIn implements SignInProvider {
  constructor(private readonly appId: string) {}
  authorizeUrl({ redirectUri, state }: { readonly redirectUri: string; readonly state: string }): Effect.Effect<string> {
    const query = new URLSearchParams({ appid: this.appId, redirect_uri: redirectUri, response_type: "code", scope: "snsapi_userinfo", state });
    return Effect.succeed(`${WECHAT_AUTHORIZE_URL}?${query.toString()}#wechat_redirect`);
  }
}
