import { describe, expect, it } from "vitest";
import { firstLoadFiles, pageChunksOf, staticClosure, type Manifest } from "../../bench/firstLoad.ts";

const manifest: Manifest = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_react.js"], dynamicImports: ["src/pages/LoginPage.tsx", "src/pages/MapPage.tsx"] },
  "_react.js": { file: "assets/react.js" },
  "_kit.js": { file: "assets/kit.js", imports: ["_react.js"] },
  "_map.js": { file: "assets/map.js" },
  "src/pages/LoginPage.tsx": { file: "assets/LoginPage.js", isDynamicEntry: true, imports: ["_kit.js"] },
  "src/pages/MapPage.tsx": { file: "assets/MapPage.js", isDynamicEntry: true, imports: ["_kit.js"], dynamicImports: ["_map.js"] },
  "index.css": { file: "assets/index.css" },
};

describe("first-load JavaScript from the build manifest", () => {
  it("follows static imports transitively and visits each chunk once", () => {
    expect(staticClosure(manifest, "src/pages/LoginPage.tsx")).toEqual(["src/pages/LoginPage.tsx", "_kit.js", "_react.js"]);
  });

  it("counts the entry, its preloads and the route's page chunk with its imports, not other pages or dynamic imports", () => {
    expect([...firstLoadFiles(manifest, "src/pages/MapPage.tsx")].sort()).toEqual(["assets/MapPage.js", "assets/index.js", "assets/kit.js", "assets/react.js"]);
  });

  it("counts only the entry and its preloads for a route whose page is in the entry", () => {
    expect([...firstLoadFiles(manifest, undefined)].sort()).toEqual(["assets/index.js", "assets/react.js"]);
  });

  it("reads each route's page module from the one-line registrations of pages.tsx", () => {
    const source = `export const PAGES = {\n  "/login": lazy(() => import("../pages/LoginPage.tsx")),\n  "/orderDetail/:id": lazy(() => import("../pages/OrderDetailPage.tsx")),\n};`;
    expect([...pageChunksOf(source)]).toEqual([["/login", "src/pages/LoginPage.tsx"], ["/orderDetail/:id", "src/pages/OrderDetailPage.tsx"]]);
  });
});
