import type { WechatAuthResponse } from "@fuel/domain/api";
import { Result } from "effect";
import type { Database } from "../db/client.ts";
import type { OauthProvider } from "../providers/oauth/OauthProvider.ts";
import { oauthCodeRejected, providerUnavailable } from "./errors.ts";
import { refuseBlacklisted } from "./guards.ts";
import { sessionAnswer } from "./sessionAnswer.ts";
import { createSession } from "./sessions.ts";
import { findOrCreateUser } from "./users.ts";

/**
 * `POST /api/wechatauth` (spec §4 login flow): exchange the messaging app's one-time code, find or
 * create the customer by openid. With a phone bound they are signed in (token); without, the
 * client goes to bind a phone and needs the openid for it.
 */
export const wechatAuth = async (
  deps: { readonly db: Database; readonly providers: { readonly oauth: OauthProvider } },
  code: string,
  now: number,
  log: { warn(obj: object, msg: string): void },
): Promise<WechatAuthResponse> => {
  const exchanged = await deps.providers.oauth.exchange(code);
  if (Result.isFailure(exchanged)) {
    const failure = exchanged.failure;
    if (failure._tag === "OauthCodeRejected") throw oauthCodeRejected(failure.problem);
    log.warn({ detail: failure.detail }, "OAuth provider unavailable");
    throw providerUnavailable("sign-in");
  }
  const user = await findOrCreateUser(deps.db, exchanged.success, now);

  if (user.phone === null) {
    return {
      unBindPhone: true,
      is_activated: user.activatedAt !== null,
      info: {
        openid: user.openid,
        ...(user.name !== "" ? { name: user.name } : {}),
        ...(user.avatarUrl !== "" ? { avatar_url: user.avatarUrl } : {}),
      },
    };
  }
  await refuseBlacklisted(deps.db, user.phone);
  const token = await createSession(deps.db, user.id, now);
  return { unBindPhone: false, ...(await sessionAnswer(deps.db, user, token, now)) };
};
