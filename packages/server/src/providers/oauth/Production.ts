import { Result } from "effect";
import { OauthCodeRejected, OauthUnavailable, type OauthFailure, type OauthProfile, type OauthProvider } from "./OauthProvider.ts";

/** The messaging app's web-authorization API (official-account OAuth 2.0). */
const API = "https://api.weixin.qq.com/sns";
const TIMEOUT_MS = 10_000;

/** Its error codes that mean "this code cannot be exchanged" rather than "we are down". */
const CODE_ERRORS: Readonly<Record<number, OauthCodeRejected["problem"]>> = { 40029: "unknown", 40163: "used", 42003: "expired" };

interface TokenAnswer {
  readonly access_token?: string;
  readonly openid?: string;
  readonly scope?: string;
  readonly errcode?: number;
  readonly errmsg?: string;
}

interface UserInfoAnswer {
  readonly nickname?: string;
  readonly headimgurl?: string;
  readonly errcode?: number;
}

/**
 * Exchanges codes with the real messaging app: `sns/oauth2/access_token`, then `sns/userinfo` when
 * the customer granted the profile scope. The app secret never leaves this class (it is not in
 * any error or log). Constructed only when `OAUTH_PROVIDER` is `production`.
 */
export class WechatOauthProvider implements OauthProvider {
  readonly kind = "production" as const;

  constructor(
    private readonly appId: string,
    private readonly appSecret: string,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async exchange(code: string): Promise<Result.Result<OauthProfile, OauthFailure>> {
    const tokenUrl = new URL(`${API}/oauth2/access_token`);
    tokenUrl.search = new URLSearchParams({ appid: this.appId, secret: this.appSecret, code, grant_type: "authorization_code" }).toString();
    const token = await this.getJson<TokenAnswer>(tokenUrl);
    if (Result.isFailure(token)) return Result.fail(token.failure);
    const t = token.success;
    if (typeof t.errcode === "number" && t.errcode !== 0) {
      const problem = CODE_ERRORS[t.errcode];
      return Result.fail(problem ? new OauthCodeRejected({ problem }) : new OauthUnavailable({ detail: `access_token errcode ${t.errcode}` }));
    }
    if (typeof t.openid !== "string" || t.openid === "" || typeof t.access_token !== "string") {
      return Result.fail(new OauthUnavailable({ detail: "access_token answer without openid" }));
    }

    // The base scope gives only the openid; the name and avatar need `snsapi_userinfo`.
    if (!(t.scope ?? "").split(",").includes("snsapi_userinfo")) return Result.succeed({ openid: t.openid, nickname: "", avatarUrl: "" });
    const infoUrl = new URL(`${API}/userinfo`);
    infoUrl.search = new URLSearchParams({ access_token: t.access_token, openid: t.openid, lang: "zh_CN" }).toString();
    const info = await this.getJson<UserInfoAnswer>(infoUrl);
    // A profile we cannot read is not a failed sign-in: the customer is known by the openid.
    const profile = Result.isSuccess(info) && info.success.errcode === undefined ? info.success : {};
    return Result.succeed({ openid: t.openid, nickname: profile.nickname ?? "", avatarUrl: profile.headimgurl ?? "" });
  }

  private async getJson<A>(url: URL): Promise<Result.Result<A, OauthUnavailable>> {
    try {
      const res = await this.fetchFn(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) return Result.fail(new OauthUnavailable({ detail: `${url.pathname} answered HTTP ${res.status}` }));
      return Result.succeed((await res.json()) as A);
    } catch (err) {
      // The URL carries the secret: report only the path.
      return Result.fail(new OauthUnavailable({ detail: `${url.pathname}: ${err instanceof Error ? err.name : "request failed"}` }));
    }
  }
}
