import { Data, type Result } from "effect";

/**
 * The messaging app's web authorization (spec §4 login flow): the app hands our page a one-time
 * `code`, and the provider exchanges it for the customer's identity.
 */

/** Who authorized us: the openid is stable per customer; name and avatar may be empty. */
export interface OauthProfile {
  readonly openid: string;
  readonly nickname: string;
  readonly avatarUrl: string;
  /**
   * Whether the customer follows our official account right now (spec §5: topping up a card on
   * the card page needs it). Read at every sign-in, so unfollowing shows at the next one. When
   * the messaging app cannot tell us, false: the sign-in goes on, the top-up waits.
   */
  readonly followsOfficialAccount: boolean;
}

/** Why a code was refused: the customer must authorize again. */
export type OauthCodeProblem = "unknown" | "used" | "expired";

/** The code cannot be exchanged (never issued, already exchanged, or too old). */
export class OauthCodeRejected extends Data.TaggedError("OauthCodeRejected")<{ readonly problem: OauthCodeProblem }> {}

/** The messaging app could not be reached or answered something we do not understand. */
export class OauthUnavailable extends Data.TaggedError("OauthUnavailable")<{ readonly detail: string }> {}

export type OauthFailure = OauthCodeRejected | OauthUnavailable;

export interface OauthProvider {
  readonly kind: "sandbox" | "production";
  /** Exchanges a one-time authorization code; a code works at most once. */
  exchange(code: string): Promise<Result.Result<OauthProfile, OauthFailure>>;
}
