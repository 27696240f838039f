import { Result } from "effect";
import type { Clock } from "../clock/Clock.ts";
import { OfficialAccountFollowers } from "./officialAccount.ts";
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

/** Where the production provider reports what it could not learn (the sign-in goes on without it). */
export interface OauthLog {
  warn(obj: object, msg: string): void;
}

/**
 * Exchanges codes with the real messaging app: `sns/oauth2/access_token`, then `sns/userinfo` when
 * the customer granted the profile scope, and whether they follow the official account
 * (./officialAccount.ts; any scope will do, it needs only the openid). The app secret never leaves
 * this class (it is not in any error or log). Constructed only when `OAUTH_PROVIDER` is
 * `production`.
 */
export class WechatOauthProvider implements OauthProvider {
  readonly kind = "production" as const;
  readonly #followers: OfficialAccountFollowers;

  constructor(
    private readonly appId: string,
    private readonly appSecret: string,
    private readonly context: { readonly clock: Clock; readonly log: OauthLog },
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.#followers = new OfficialAccountFollowers(appId, appSecret, context.clock, fetchFn);
  }

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
    const [profile, followsOfficialAccount] = await Promise.all([this.profile(t.openid, t.access_token, t.scope), this.follows(t.openid)]);
    return Result.succeed({ openid: t.openid, ...profile, followsOfficialAccount });
  }

  /** Name and avatar; empty with the base scope (it gives only the openid) or when unreadable. */
  private async profile(openid: string, accessToken: string, scope: string | undefined): Promise<{ readonly nickname: string; readonly avatarUrl: string }> {
    if (!(scope ?? "").split(",").includes("snsapi_userinfo")) return { nickname: "", avatarUrl: "" };
    const infoUrl = new URL(`${API}/userinfo`);
    infoUrl.search = new URLSearchParams({ access_token: accessToken, openid, lang: "zh_CN" }).toString();
    const info = await this.getJson<UserInfoAnswer>(infoUrl);
    // A profile we cannot read is not a failed sign-in: the customer is known by the openid.
    const read = Result.isSuccess(info) && info.success.errcode === undefined ? info.success : {};
    return { nickname: read.nickname ?? "", avatarUrl: read.headimgurl ?? "" };
  }

  /**
   * Whether the customer follows the official account. Not knowing is not a failed sign-in either:
   * they count as not following (a card-page top-up asks them to follow, and the next sign-in
   * reads it again), and the operators see why in the log.
   */
  private async follows(openid: string): Promise<boolean> {
    const answer = await this.#followers.follows(openid);
    if (Result.isSuccess(answer)) return answer.success;
    this.context.log.warn({ detail: answer.failure.detail }, "could not read whether the customer follows the official account; counted as not following");
    return false;
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
