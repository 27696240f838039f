import { Api } from "@fuel/domain/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bearerToken } from "../http/auth.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok } from "../http/envelope.ts";
import { refuse } from "../refusals/Refusal.ts";
import { activate } from "../identity/activation.ts";
import { login } from "../identity/login.ts";
import { wechatAuth } from "../identity/oauthFlow.ts";
import { changePassword, resetPasswordWithCode, setFirstPassword } from "../identity/passwords.ts";
import { bindPhone, checkCaptcha } from "../identity/phoneBinding.ts";
import { openidOf, phoneOf } from "../identity/input.ts";
import { consentPage, FOLLOW_FIELD, redirectWithCode, sameOriginRedirect } from "../identity/sandbox/consentPage.ts";
import { sendSmsCode } from "../identity/sendSms.ts";
import { authenticatedUserRow, endSession } from "../identity/sessions.ts";
import { codeInText, isUnexpiredCode } from "../identity/smsCodes.ts";
import { cleanNickname, findUserById, toUser } from "../identity/users.ts";
import { isBlacklisted } from "../identity/guards.ts";
import { SandboxOauthProvider } from "../providers/oauth/Sandbox.ts";
import { SandboxSmsProvider } from "../providers/sms/Sandbox.ts";
import { scryptParams } from "../security/passwords.ts";

/**
 * Identity (spec §4 login flow, §6, §7): sign-in through the messaging app, phone binding with SMS
 * codes, passwords, sessions, activation and the blacklist. Each handler is glue: the rules live
 * in src/identity/, one file per concern.
 */
export const identityRoutes = (app: FastifyInstance): void => {
  const { db } = app.deps;
  const passwords = { db, scrypt: scryptParams(app.deps.config.passwordHashCost) };

  registerEndpoint(app, Api.wechatAuth, (input, ctx) => wechatAuth(app.deps, input.code, ctx.now, ctx.request.log));

  registerEndpoint(app, Api.sendSms, async (input, ctx) => {
    await sendSmsCode(app.deps, input.phone, ctx.request.ip, ctx.now, ctx.request.log);
    return ok(null, "SMS code sent");
  });

  registerEndpoint(app, Api.checkCaptcha, async (input, ctx) => {
    await checkCaptcha(db, input, ctx.now);
    return ok(null, "phone number verified");
  });

  registerEndpoint(app, Api.bindPhone, (input, ctx) => bindPhone(db, input, ctx.now));

  registerEndpoint(app, Api.login, (input, ctx) => login(passwords, input, ctx.request.ip, ctx.now));

  registerEndpoint(app, Api.userInfo, async (_input, ctx) => {
    const token = bearerToken(ctx.request);
    const cached = token === undefined ? undefined : authenticatedUserRow(token);
    const user = cached?.id === ctx.user().userId ? cached : await findUserById(db, ctx.user().userId);
    // The session outlived its customer (deleted by an operator): as good as no session.
    if (user === undefined) throw refuse("Unauthorized");
    return toUser(user);
  });

  // Logging out always works, for a blacklisted customer too (their client logs out on the 403 and
  // must be able to end the session it holds).
  registerEndpoint(
    app,
    Api.logout,
    async (_input, ctx) => {
      const token = bearerToken(ctx.request);
      if (token !== undefined) await endSession(db, token);
      return ok(null, "signed out");
    },
    { evenIfBlacklisted: true },
  );

  registerEndpoint(app, Api.setPassword, async (input, ctx) => {
    await setFirstPassword(passwords, ctx.user().userId, input.password);
    return ok(null, "password set");
  });

  // The contract makes this endpoint public because the forgotten-password form has no token; the
  // change form (old + new password) is for a signed-in customer, so it authenticates here.
  registerEndpoint(app, Api.resetPassword, async (input, ctx) => {
    if ("old_password" in input) {
      const principal = await authenticateOrRefuse(app, ctx.request, ctx.reply);
      await changePassword(passwords, principal.userId, input);
      return ok(null, "password changed");
    }
    await resetPasswordWithCode(passwords, input, ctx.now);
    return ok(null, "password reset, sign in with the new password");
  });

  registerEndpoint(app, Api.activate, async (input, ctx) => {
    const outcome = await activate(db, ctx.user().userId, input.code, ctx.request.ip, ctx.now);
    return ok(null, outcome === "activated" ? "account activated" : "account already activated");
  });

  registerEndpoint(app, Api.isBlacklist, async (input) => ((await isBlacklisted(db, phoneOf(input.phone))) ? 1 : 0));
};

/** What registerEndpoint does for `token` endpoints, for the one public endpoint that sometimes needs a session. */
const authenticateOrRefuse = async (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => {
  const principal = await app.deps.authenticate(request);
  if (principal === null) throw refuse("Unauthorized");
  if (principal.refreshedToken !== undefined) reply.header("authorization", `Bearer ${principal.refreshedToken}`);
  return principal;
};

/**
 * The sandbox stand-ins of the messaging app and the SMS gateway (DESIGN.md §4). Registered in
 * sandbox mode only, and each only while its provider really is the sandbox one
 * (`OAUTH_PROVIDER=production` in sandbox mode has no sandbox codes to mint).
 */
export const identitySandboxRoutes = (app: FastifyInstance): void => {
  const { oauth, sms } = app.deps.providers;
  if (oauth instanceof SandboxOauthProvider) sandboxOauthRoutes(app, oauth);
  if (sms instanceof SandboxSmsProvider) sandboxSmsRoutes(app, sms);
};

const CONSENT_PATH = "/sandbox/oauth/authorize";

/** A single string parameter of a query or form (repeated or absent: undefined). */
const param = (source: unknown, name: string): string | undefined => {
  const value = typeof source === "object" && source !== null ? (source as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" ? value : undefined;
};

/** Where the customer goes back to, refused unless it is on our own origin (no open redirect). */
const redirectTarget = (request: FastifyRequest, raw: string | undefined): URL => {
  const target = raw === undefined ? undefined : sameOriginRedirect(raw, `${request.protocol}://${request.host}`);
  if (target === undefined) throw refuse("RedirectRefused");
  return target;
};

/** The OAuth `state` we carry through the consent page and back. */
const STATE_MAX_LENGTH = 512;

const stateOf = (raw: string | undefined): string | undefined => {
  if (raw !== undefined && raw.length > STATE_MAX_LENGTH) throw refuse("StateTooLong", { maxLength: STATE_MAX_LENGTH });
  return raw;
};

const sandboxOauthRoutes = (app: FastifyInstance, oauth: SandboxOauthProvider): void => {
  registerEndpoint(app, Api.sandboxOauthCode, async (input) => ({
    code: await oauth.mint({
      openid: input.openid === undefined ? undefined : openidOf(input.openid),
      nickname: cleanNickname(input.nickname ?? ""),
      followsOfficialAccount: input.follows_official_account ?? false,
    }),
  }));

  // The consent page the app redirects to, like the real messaging app's authorize URL.
  app.get(CONSENT_PATH, async (request, reply) => {
    const redirectUri = param(request.query, "redirect_uri");
    redirectTarget(request, redirectUri);
    const state = stateOf(param(request.query, "state"));
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(consentPage({ redirectUri: redirectUri ?? "", state, formAction: CONSENT_PATH }));
  });

  // "Allow": mint a code and send the customer back with it. The form is urlencoded, which only
  // this route parses (an encapsulated context), so the JSON API keeps refusing other media types.
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === "string" ? body : body.toString("utf8"))));
    });
    scope.post(CONSENT_PATH, async (request, reply) => {
      const target = redirectTarget(request, param(request.body, "redirect_uri"));
      const state = stateOf(param(request.body, "state"));
      const rawOpenid = param(request.body, "openid")?.trim() ?? "";
      const openid = rawOpenid === "" ? undefined : openidOf(rawOpenid);
      const code = await oauth.mint({
        openid,
        nickname: cleanNickname(param(request.body, "nickname") ?? ""),
        // A checkbox is sent only when checked: absent is the customer's "not following".
        followsOfficialAccount: param(request.body, FOLLOW_FIELD) !== undefined,
      });
      return reply.header("cache-control", "no-store").redirect(redirectWithCode(target, code, state), 302);
    });
  });
};

const sandboxSmsRoutes = (app: FastifyInstance, sms: SandboxSmsProvider): void => {
  // The customer's phone, read by scripts and tests: the code of the last SMS while it is unexpired.
  registerEndpoint(app, Api.sandboxSms, async (input, ctx) => {
    const phone = phoneOf(input.phone);
    const code = codeInText(sms.lastMessage(phone)?.text ?? "");
    if (code === undefined || !(await isUnexpiredCode(app.deps.db, phone, code, ctx.now))) {
      throw refuse("SandboxSmsCodeMissing");
    }
    return { code };
  });
};
