import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { Result } from "effect";
import type { Database } from "../../db/client.ts";
import { oauthCodes } from "../../db/schema.ts";
import { newOpaqueCode, sha256 } from "../../security/tokens.ts";
import type { Clock } from "../clock/Clock.ts";
import { OauthCodeRejected, type OauthFailure, type OauthProfile, type OauthProvider } from "./OauthProvider.ts";

/** A sandbox authorization code is single use and expires after 5 minutes, like the real one. */
export const OAUTH_CODE_TTL_MS = 5 * 60_000;

/** A fresh sandbox identity, shaped like no real openid so the two are never confused. */
export const newSandboxOpenid = (): string => `sandbox-${randomBytes(8).toString("hex")}`;

/** Who the sandbox customer says they are on the consent page (or a script through `sandbox/oauth/code`). */
export interface SandboxIdentity {
  readonly openid?: string | undefined;
  readonly nickname?: string | undefined;
  readonly followsOfficialAccount?: boolean | undefined;
}

/**
 * The messaging app's authorization, on this machine (DESIGN.md §4). Codes behave like the real
 * ones: single use, 5 minutes by the injected clock, stored only as SHA-256. Minted by the
 * consent page or `POST /api/sandbox/oauth/code`.
 */
export class SandboxOauthProvider implements OauthProvider {
  readonly kind = "sandbox" as const;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * A new single-use code for `openid` (a new identity when absent), carrying what the sandbox
   * customer chose: their nickname and whether they follow the official account (absent: not).
   */
  async mint(identity: SandboxIdentity = {}): Promise<string> {
    const code = newOpaqueCode();
    const expiresAt = new Date(this.clock.now() + OAUTH_CODE_TTL_MS);
    await this.db.insert(oauthCodes).values({
      codeHash: sha256(code),
      openid: identity.openid ?? newSandboxOpenid(),
      nickname: identity.nickname ?? "",
      followsOfficialAccount: identity.followsOfficialAccount ?? false,
      expiresAt,
    });
    return code;
  }

  async exchange(code: string): Promise<Result.Result<OauthProfile, OauthFailure>> {
    const now = new Date(this.clock.now());
    const codeHash = sha256(code);
    // The claim is one conditional UPDATE: of two exchanges of one code, exactly one matches.
    const [claimed] = await this.db
      .update(oauthCodes)
      .set({ usedAt: now })
      .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt), gt(oauthCodes.expiresAt, now)))
      .returning({ openid: oauthCodes.openid, nickname: oauthCodes.nickname, followsOfficialAccount: oauthCodes.followsOfficialAccount });
    if (claimed !== undefined) return Result.succeed({ ...claimed, avatarUrl: "" });

    const [row] = await this.db
      .select({ usedAt: oauthCodes.usedAt })
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, codeHash))
      .limit(1);
    const problem = row === undefined ? "unknown" : row.usedAt !== null ? "used" : "expired";
    return Result.fail(new OauthCodeRejected({ problem }));
  }
}
