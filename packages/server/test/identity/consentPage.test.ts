import { describe, expect, it } from "vitest";
import { consentPage, escapeHtml, redirectWithCode, sameOriginRedirect } from "../../src/identity/sandbox/consentPage.ts";

const ORIGIN = "http://127.0.0.1:8080";

describe("the consent page's redirect rule", () => {
  it.each(["/wechatlogin", "/wechatlogin?x=1#top", "wechatlogin", `${ORIGIN}/wechatlogin`])("accepts %s (our origin)", (raw) => {
    expect(sameOriginRedirect(raw, ORIGIN)?.origin).toBe(ORIGIN);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example/",
    "\\\\evil.example/",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://127.0.0.1:8081/",
    "https://127.0.0.1:8080/",
    "",
    `/${"a".repeat(3000)}`,
  ])("refuses %s", (raw) => {
    expect(sameOriginRedirect(raw, ORIGIN)).toBeUndefined();
  });

  it("the redirect carries code and state, keeps the target's own query, and stays relative", () => {
    const target = sameOriginRedirect("/wechatlogin?from=app&code=old", ORIGIN)!;
    const location = redirectWithCode(target, "C0DE", "st&te");
    expect(location.startsWith("/wechatlogin?")).toBe(true);
    const params = new URL(location, ORIGIN).searchParams;
    expect(params.get("from")).toBe("app");
    expect(params.get("code")).toBe("C0DE");
    expect(params.get("state")).toBe("st&te");
  });
});

describe("the consent page's HTML", () => {
  it("escapes every character that could break out of text or an attribute", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\`</a>`)).toBe("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;");
  });

  it("has the follow checkbox, checked by default, labelled in English and Chinese", () => {
    const html = consentPage({ redirectUri: "/wechatlogin", state: "s", formAction: "/sandbox/oauth/authorize" });
    expect(html).toContain('<input type="checkbox" name="follows_official_account" value="1" checked> Follow the official account (关注公众号)');
  });

  it("contains no script (the CSP forbids inline scripts) and posts to itself", () => {
    const html = consentPage({ redirectUri: "/wechatlogin", state: "s", formAction: "/sandbox/oauth/authorize" });
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<form method="post" action="/sandbox/oauth/authorize">');
  });
});
