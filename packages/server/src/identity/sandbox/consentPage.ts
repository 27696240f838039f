/**
 * The sandbox messaging app's consent page (DESIGN.md §4): what the customer sees when our app
 * sends them to authorize. Pure functions, so escaping and the redirect rule are unit-tested.
 */

/** Escapes text for HTML element content and double-quoted attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"'`]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" })[c] ?? c);

/**
 * Where the consent page may send the customer back to: our own origin only (a relative path or an
 * absolute URL on the same origin), or the page would be an open redirect that hands a sign-in
 * code to any site. The value is resolved against our origin first, so `//evil.example`,
 * `/\evil.example` and `javascript:` all resolve elsewhere and are refused. Undefined when refused.
 */
export const sameOriginRedirect = (raw: string, ourOrigin: string): URL | undefined => {
  if (raw === "" || raw.length > 2048) return undefined;
  let url: URL;
  try {
    url = new URL(raw, ourOrigin);
  } catch {
    return undefined;
  }
  return url.origin === new URL(ourOrigin).origin ? url : undefined;
};

/** The redirect back to the app with the code, as the real messaging app does it: `?code=...&state=...`. */
export const redirectWithCode = (target: URL, code: string, state: string | undefined): string => {
  const url = new URL(target.href);
  url.searchParams.set("code", code);
  if (state !== undefined) url.searchParams.set("state", state);
  // Same origin by construction: a relative Location keeps it that way behind any proxy.
  return `${url.pathname}${url.search}${url.hash}`;
};

export interface ConsentPageInput {
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly formAction: string;
}

/**
 * The form field of the "follow the official account" checkbox. The real messaging app knows
 * whether a customer follows the account (production reads it at sign-in); the sandbox customer
 * says so here. Checked by default, so a sandbox customer can top up a card on the card page
 * without thinking of it, and unchecking it shows the refusal (spec §5).
 */
export const FOLLOW_FIELD = "follows_official_account";

/**
 * A small mobile page: who asks, an optional openid (to come back as the same sandbox customer)
 * and nickname, whether the customer follows the official account, and an Allow button that
 * posts the form. No script: the CSP allows none inline.
 */
export const consentPage = (input: ConsentPageInput): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox sign-in</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 24px 16px; background: #f5f5f5; color: #222; }
  main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { font-size: 14px; line-height: 1.5; color: #555; word-break: break-all; }
  label { display: block; font-size: 14px; margin: 16px 0 4px; }
  label.check { display: flex; align-items: center; gap: 8px; margin-top: 20px; }
  input[type=checkbox] { width: 20px; height: 20px; margin: 0; }
  input[type=text] { box-sizing: border-box; width: 100%; font-size: 16px; padding: 10px; border: 1px solid #ccc; border-radius: 8px; }
  button { width: 100%; margin-top: 24px; padding: 14px; font-size: 17px; color: #fff; background: #07c160; border: 0; border-radius: 8px; }
</style>
</head>
<body>
<main>
  <h1>Sandbox messaging app</h1>
  <p>The fuel app asks to sign you in. You will be sent back to <strong>${escapeHtml(input.redirectUri)}</strong>.</p>
  <form method="post" action="${escapeHtml(input.formAction)}">
    <input type="hidden" name="redirect_uri" value="${escapeHtml(input.redirectUri)}">
    ${input.state === undefined ? "" : `<input type="hidden" name="state" value="${escapeHtml(input.state)}">`}
    <label for="openid">openid (empty: a new customer)</label>
    <input type="text" id="openid" name="openid" maxlength="64" autocomplete="off" pattern="[A-Za-z0-9_\\-]{1,64}">
    <label for="nickname">Nickname</label>
    <input type="text" id="nickname" name="nickname" maxlength="64" value="Sandbox customer">
    <label class="check"><input type="checkbox" name="${FOLLOW_FIELD}" value="1" checked> Follow the official account (关注公众号)</label>
    <button type="submit">Allow</button>
  </form>
</main>
</body>
</html>
`;
