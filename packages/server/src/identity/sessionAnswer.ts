import type { SessionResponse } from "@fuel/domain/api";
import type { Database } from "../db/client.ts";
import { forgetDeadSessions } from "./sessions.ts";
import { toUser, type UserRow } from "./users.ts";

/**
 * The answer of every sign-in (login, bindphone, a bound wechatauth): the token, the activation
 * flag the client's route guard keeps (spec §2), and the user. Called after the sign-in committed;
 * it also clears the customer's dead tokens.
 */
export const sessionAnswer = async (db: Database, user: UserRow, token: string, now: number): Promise<SessionResponse> => {
  await forgetDeadSessions(db, user.id, now);
  return { token, is_activated: user.activatedAt !== null, info: toUser(user) };
};
