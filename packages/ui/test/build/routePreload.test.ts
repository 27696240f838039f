import { describe, expect, it } from "vitest";
import { pageModulesOf, patternOf, preloadScript, withInlineScript } from "../../build/routePreload.ts";

/** Runs the preload script at `pathname` and answers the links it added. */
const linksAt = (script: string, pathname: string): Array<{ rel: string; href: string; as?: string }> => {
  const added: Array<{ rel: string; href: string; as?: string }> = [];
  const document = {
    createElement: () => ({}) as { rel: string; href: string; as?: string; crossOrigin?: string },
    head: { appendChild: (link: { rel: string; href: string; as?: string }) => added.push({ ...link }) },
  };
  new Function("location", "document", script)({ pathname }, document);
  return added.map(({ rel, href, as }) => (as === undefined ? { rel, href } : { rel, href, as }));
};

const routes = [
  { pattern: patternOf("/login"), scripts: ["/assets/LoginPage.js", "/assets/button.js"], styles: ["/assets/LoginPage.css"] },
  { pattern: patternOf("/orderDetail/:id"), scripts: ["/assets/OrderDetailPage.js"], styles: [] },
];
const fallback = { scripts: ["/assets/NotFoundPage.js"], styles: [] };

describe("the route preload script", () => {
  it("preloads the current route's page chunk, the chunks it imports and its styles", () => {
    expect(linksAt(preloadScript(routes, fallback), "/login")).toEqual([
      { rel: "modulepreload", href: "/assets/LoginPage.js" },
      { rel: "modulepreload", href: "/assets/button.js" },
      { rel: "preload", href: "/assets/LoginPage.css", as: "style" },
    ]);
  });

  it("matches a route with parameters by its pattern, and only whole paths", () => {
    expect(linksAt(preloadScript(routes, fallback), "/orderDetail/17")).toEqual([{ rel: "modulepreload", href: "/assets/OrderDetailPage.js" }]);
    expect(linksAt(preloadScript(routes, fallback), "/orderDetail/17/more")).toEqual([{ rel: "modulepreload", href: "/assets/NotFoundPage.js" }]);
  });

  it("names each file once however many routes share it", () => {
    const shared = [
      { pattern: patternOf("/a"), scripts: ["/assets/A.js", "/assets/kit.js"], styles: ["/assets/kit.css"] },
      { pattern: patternOf("/b"), scripts: ["/assets/B.js", "/assets/kit.js"], styles: ["/assets/kit.css"] },
    ];
    const script = preloadScript(shared, fallback);
    expect(script.split("/assets/kit.js").length - 1).toBe(1);
    expect(linksAt(script, "/b")).toEqual([
      { rel: "modulepreload", href: "/assets/B.js" },
      { rel: "modulepreload", href: "/assets/kit.js" },
      { rel: "preload", href: "/assets/kit.css", as: "style" },
    ]);
  });

  it("preloads the fallback for a path that has no page of its own", () => {
    expect(linksAt(preloadScript(routes, fallback), "/citylist")).toEqual([{ rel: "modulepreload", href: "/assets/NotFoundPage.js" }]);
  });

  it("reads each route's page module from the one-line registrations of pages.tsx", () => {
    const source = `export const PAGES = {\n  "/login": lazy(() => import("../pages/LoginPage.tsx")),\n  "/orderDetail/:id": lazy(() => import("../pages/OrderDetailPage.tsx")),\n};`;
    expect([...pageModulesOf(source)]).toEqual([["/login", "pages/LoginPage.tsx"], ["/orderDetail/:id", "pages/OrderDetailPage.tsx"]]);
  });

  it("is inlined after the entry's script and modulepreloads and before the first stylesheet (which would hold it until loaded)", () => {
    const head = `<head>\n<script type="module" src="/assets/index.js"></script>\n<link rel="modulepreload" href="/assets/ui.js">\n<link rel="stylesheet" href="/assets/ui.css">\n<link rel="stylesheet" href="/assets/page.css">\n</head>`;
    const html = withInlineScript(head, "run()");
    expect(html.indexOf("<script>run()</script>")).toBeGreaterThan(html.indexOf("/assets/ui.js"));
    expect(html.indexOf("<script>run()</script>")).toBeLessThan(html.indexOf("/assets/ui.css"));
    expect(html.split("run()").length - 1).toBe(1);
    expect(withInlineScript(`<head><script type="module" src="/a.js"></script></head>`, "run()")).toBe(`<head><script type="module" src="/a.js"></script><script>run()</script></head>`);
  });
});
