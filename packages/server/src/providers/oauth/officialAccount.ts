import { Result } from "effect";
import type { Clock } from "../clock/Clock.ts";
import { OauthUnavailable } from "./OauthProvider.ts";

/**
 * Whether a customer follows our official account (spec §5: topping up a card on the card page
 * needs it), asked of the messaging app: `cgi-bin/user/info` answers `subscribe` 1 for a follower,
 * 0 otherwise. That call needs the account's own access token (not the customer's sign-in token),
 * which this class keeps until shortly before it expires.
 *
 * The token comes from `cgi-bin/stable_token` in its normal mode rather than `cgi-bin/token`:
 * asking `cgi-bin/token` again invalidates the token other servers of the fleet still hold, while
 * the stable token is the same for every caller until it is renewed, so several stateless servers
 * can each keep their own copy. The secret travels in the POST body, never in a URL.
 */

const API = "https://api.weixin.qq.com/cgi-bin";
const TIMEOUT_MS = 10_000;
/** Renew this long before the token's end: the platform hands out the next one 5 minutes early. */
const RENEW_BEFORE_MS = 5 * 60_000;
/** Its error codes that mean "this access token is no good any more": renew it and ask once more. */
const STALE_TOKEN_ERRORS: ReadonlySet<number> = new Set([40001, 40014, 42001]);

interface TokenAnswer {
  readonly access_token?: string;
  readonly expires_in?: number;
  readonly errcode?: number;
}

interface FollowerAnswer {
  readonly subscribe?: number;
  readonly errcode?: number;
}

export class OfficialAccountFollowers {
  #token: { readonly value: string; readonly until: number } | undefined;
  /** The token request in flight, shared by every sign-in that needs it meanwhile. */
  #renewing: Promise<Result.Result<string, OauthUnavailable>> | undefined;

  constructor(
    private readonly appId: string,
    private readonly appSecret: string,
    private readonly clock: Clock,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  /** Whether `openid` follows the account now; OauthUnavailable when the messaging app cannot say. */
  async follows(openid: string): Promise<Result.Result<boolean, OauthUnavailable>> {
    // A token the platform stopped honouring early (renewed elsewhere, revoked) is renewed once.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await this.ask(openid);
      if (Result.isFailure(answer)) return Result.fail(answer.failure);
      if (answer.success !== "stale token") return Result.succeed(answer.success);
      this.#token = undefined;
    }
    return Result.fail(new OauthUnavailable({ detail: "user/info refused a fresh access token" }));
  }

  private async ask(openid: string): Promise<Result.Result<boolean | "stale token", OauthUnavailable>> {
    const token = await this.accessToken();
    if (Result.isFailure(token)) return Result.fail(token.failure);
    const url = new URL(`${API}/user/info`);
    url.search = new URLSearchParams({ access_token: token.success, openid, lang: "zh_CN" }).toString();
    const answer = await this.json<FollowerAnswer>(url, undefined);
    if (Result.isFailure(answer)) return Result.fail(answer.failure);
    const { errcode, subscribe } = answer.success;
    if (typeof errcode === "number" && errcode !== 0) {
      return STALE_TOKEN_ERRORS.has(errcode) ? Result.succeed("stale token") : Result.fail(new OauthUnavailable({ detail: `user/info errcode ${errcode}` }));
    }
    if (subscribe !== 0 && subscribe !== 1) return Result.fail(new OauthUnavailable({ detail: "user/info answer without subscribe" }));
    return Result.succeed(subscribe === 1);
  }

  private accessToken(): Promise<Result.Result<string, OauthUnavailable>> {
    const kept = this.#token;
    if (kept !== undefined && this.clock.now() < kept.until) return Promise.resolve(Result.succeed(kept.value));
    this.#renewing ??= this.renew().finally(() => {
      this.#renewing = undefined;
    });
    return this.#renewing;
  }

  private async renew(): Promise<Result.Result<string, OauthUnavailable>> {
    const asked = this.clock.now();
    const answer = await this.json<TokenAnswer>(new URL(`${API}/stable_token`), {
      grant_type: "client_credential",
      appid: this.appId,
      secret: this.appSecret,
      force_refresh: false,
    });
    if (Result.isFailure(answer)) return Result.fail(answer.failure);
    const { access_token, expires_in, errcode } = answer.success;
    if (typeof errcode === "number" && errcode !== 0) return Result.fail(new OauthUnavailable({ detail: `stable_token errcode ${errcode}` }));
    if (typeof access_token !== "string" || access_token === "" || typeof expires_in !== "number") {
      return Result.fail(new OauthUnavailable({ detail: "stable_token answer without a token" }));
    }
    this.#token = { value: access_token, until: asked + Math.max(0, expires_in * 1000 - RENEW_BEFORE_MS) };
    return Result.succeed(access_token);
  }

  /** GET `url`, or POST `body` as JSON to it. Errors name the path only: the URL may hold the token, the body the secret. */
  private async json<A>(url: URL, body: object | undefined): Promise<Result.Result<A, OauthUnavailable>> {
    try {
      const res = await this.fetchFn(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        ...(body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      });
      if (!res.ok) return Result.fail(new OauthUnavailable({ detail: `${url.pathname} answered HTTP ${res.status}` }));
      return Result.succeed((await res.json()) as A);
    } catch (err) {
      return Result.fail(new OauthUnavailable({ detail: `${url.pathname}: ${err instanceof Error ? err.name : "request failed"}` }));
    }
  }
}
