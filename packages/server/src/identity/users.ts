import type { User } from "@fuel/domain/api";
import { eq } from "drizzle-orm";
import { users } from "../db/schema.ts";
import type { OauthProfile } from "../providers/oauth/OauthProvider.ts";
import type { Queryable } from "../db/queryable.ts";
import { sessionCache } from "./sessionCache.ts";

/** Customers: found by id, phone or openid, created at the first messaging-app sign-in. */

export type UserRow = typeof users.$inferSelect;

/** The wire's limits on profile fields (`User.name` <= 256, `User.avatar_url` <= 2048). */
const NAME_MAX = 256;
const AVATAR_MAX = 2048;

/**
 * A display name from the messaging app, made safe to store and show: no control characters, at
 * most {@link NAME_MAX} UTF-16 units (the wire's measure) without cutting an emoji in half.
 */
export const cleanNickname = (raw: string): string => {
  let name = "";
  // eslint-disable-next-line no-control-regex
  for (const char of raw.replace(/[\u0000-\u001f\u007f]/g, "").trim()) {
    if (name.length + char.length > NAME_MAX) break;
    name += char;
  }
  return name;
};

const cleanAvatar = (raw: string): string => (raw.length <= AVATAR_MAX && /^https:\/\//i.test(raw) ? raw : "");

/** Spec §3 user as the wire has it. */
export const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  avatar_url: row.avatarUrl,
  phone: row.phone,
  oauth_id: row.oauthId,
  openid: row.openid,
  is_activated: row.activatedAt !== null,
  follows_official_account: row.followsOfficialAccount,
  has_password: row.passwordHash !== null,
});

export const findUserById = async (db: Queryable, id: number): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export const findUserByPhone = async (db: Queryable, phone: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.phone, phone)).limit(1))[0];

export const findUserByOpenid = async (db: Queryable, openid: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.openid, openid)).limit(1))[0];

/**
 * The customer behind a messaging-app identity, created on first sight. Two first sign-ins at
 * once both end with the same row (the UNIQUE openid decides, the loser reads the winner's row).
 * The openid is also the payment identity (`oauth_id`): the in-app payment is made by the same
 * official account that signed the customer in.
 *
 * Whether they follow the official account is the provider's word at this sign-in, so a customer
 * who followed (or unfollowed) since their last sign-in is known as such from this one on.
 */
export const findOrCreateUser = async (db: Queryable, profile: OauthProfile, now: number): Promise<UserRow> => {
  const user = (await findUserByOpenid(db, profile.openid)) ?? (await createUser(db, profile, now));
  if (user.followsOfficialAccount === profile.followsOfficialAccount) return user;
  const [updated] = await db
    .update(users)
    .set({ followsOfficialAccount: profile.followsOfficialAccount })
    .where(eq(users.id, user.id))
    .returning();
  // Authentication keeps the customer's row for a moment: /api/user/info must say it at once.
  sessionCache.forgetUser(user.id);
  return updated ?? user;
};

const createUser = async (db: Queryable, profile: OauthProfile, now: number): Promise<UserRow> => {
  const [created] = await db
    .insert(users)
    .values({
      openid: profile.openid,
      oauthId: profile.openid,
      name: cleanNickname(profile.nickname),
      avatarUrl: cleanAvatar(profile.avatarUrl),
      followsOfficialAccount: profile.followsOfficialAccount,
      createdAt: new Date(now),
    })
    .onConflictDoNothing({ target: users.openid })
    .returning();
  if (created !== undefined) return created;
  const existing = await findUserByOpenid(db, profile.openid);
  if (existing === undefined) throw new Error("user vanished between insert and select");
  return existing;
};
