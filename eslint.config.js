import js from "@eslint/js";
import tseslint from "typescript-eslint";

// Why these rules: @fuel/domain is imported by the browser, the server and other teams.
// It must stay pure (no UI, no I/O, no clock) so that a price or a rule computes the same
// everywhere. The boundary is enforced here rather than by review.
const domainPurity = {
  files: ["packages/domain/src/**/*.ts"],
  rules: {
    "no-restricted-imports": ["error", {
      patterns: [
        { group: ["react", "react-dom", "react/*", "react-dom/*"], message: "@fuel/domain is framework-free." },
        { group: ["mobx", "mobx-*"], message: "@fuel/domain is framework-free." },
        { group: ["@fuel/adapters", "@fuel/adapters/*", "@fuel/ui", "@fuel/ui/*", "@fuel/server", "@fuel/server/*"], message: "Dependencies run ui -> adapters -> domain and server -> domain only." },
        { group: ["node:*", "fs", "path", "crypto", "http", "https", "os", "child_process"], message: "@fuel/domain does no I/O." },
      ],
    }],
    "no-restricted-globals": ["error",
      ...["window", "document", "localStorage", "sessionStorage", "navigator", "location", "fetch", "XMLHttpRequest", "setTimeout", "setInterval", "process", "performance"]
        .map((name) => ({ name, message: "@fuel/domain is pure: pass what you need as a parameter." })),
    ],
    "no-restricted-syntax": ["error",
      { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: "Rules take `now` as a parameter; the domain never reads a clock." },
      { selector: "NewExpression[callee.name='Date']", message: "Rules take `now` as a parameter; the domain never reads a clock." },
      { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: "The domain is deterministic." },
    ],
  },
};

// Dependencies run one way (DESIGN.md §1): ui -> adapters -> domain, server -> domain. Tests may
// still boot the real server to check the client against it, so only src/ is held to it.
const oneWay = (files, forbidden, message) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns: [{ group: forbidden, message }] }] },
});
const boundaries = [
  oneWay(["packages/adapters/src/**/*.ts"], ["@fuel/server", "@fuel/server/*", "@fuel/ui", "@fuel/ui/*"], "Adapters never import the server or the UI."),
  oneWay(["packages/server/src/**/*.ts"], ["@fuel/adapters", "@fuel/adapters/*", "@fuel/ui", "@fuel/ui/*"], "The server never imports adapters or the UI."),
];

// The UI's screens see the outside world only through ports, so every screen runs on fakes in its
// tests and on sandbox or production implementations in the app. Only main.tsx, which chooses those
// implementations, may import them; tests may import the fakes (`@fuel/adapters/testing`).
// src/early/earlyCalls.ts is the HTML's own root (it runs before the app, issue 23): it sends what
// the app's HTTP client will send, with the client's storage keys and query builder, and its test
// holds that equal against the real client.
// The ports, in turn, are interfaces and tagged errors: they may not pull an implementation in.
// (A later block replaces an earlier one's `no-restricted-imports` for the same file, so each
// block lists everything its files may not import.)
const NO_SERVER = { group: ["@fuel/server", "@fuel/server/*", "**/server/src/**"], message: "The UI never imports the server: it talks to it over HTTP through the ports." };
// Not "@fuel/adapters" itself here: excluding it would exclude everything under it for good (gitignore
// rules), so no "!" could let the ports back in. The bare package is forbidden by name (`paths`).
const IMPLEMENTATIONS = ["@fuel/adapters/*", "!@fuel/adapters/ports", "**/adapters/src/**"];
const ADAPTERS_ROOT = (message) => ({ name: "@fuel/adapters", message });
const IMPLEMENTATIONS_MESSAGE = "Screens use the ports (@fuel/adapters/ports, from AppPorts); only src/main.tsx picks the implementations.";
const UI_TESTS_MESSAGE = "UI tests use the ports and the fakes of @fuel/adapters/testing.";
const UI_TESTS = ["packages/ui/**/*.test.{ts,tsx}", "packages/ui/test/**/*.{ts,tsx}"];
const PORTS_MESSAGE = "Ports are interfaces and errors: they never import an implementation.";
const uiThroughPorts = [
  {
    files: ["packages/ui/**/*.{ts,tsx}"],
    // src/desk/main.tsx is the staff desk's own composition root (issue 26), as main.tsx is the app's.
    ignores: ["packages/ui/src/main.tsx", "packages/ui/src/desk/main.tsx", "packages/ui/src/early/earlyCalls.ts", ...UI_TESTS],
    rules: {
      "no-restricted-imports": ["error", {
        paths: [ADAPTERS_ROOT(IMPLEMENTATIONS_MESSAGE)],
        patterns: [NO_SERVER, { group: IMPLEMENTATIONS, message: IMPLEMENTATIONS_MESSAGE }],
      }],
    },
  },
  {
    // The build's prerender (packages/ui/build/prerender.ts) renders the app over the same fakes, in Node, never in a browser.
    files: [...UI_TESTS, "packages/ui/src/prerender.tsx"],
    ignores: ["packages/ui/test/early/earlyCalls.test.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        paths: [ADAPTERS_ROOT(UI_TESTS_MESSAGE)],
        patterns: [NO_SERVER, { group: [...IMPLEMENTATIONS, "!@fuel/adapters/testing"], message: UI_TESTS_MESSAGE }],
      }],
    },
  },
  {
    files: ["packages/adapters/src/ports/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        paths: [ADAPTERS_ROOT(PORTS_MESSAGE)],
        patterns: [
          { group: ["../*", "!../ports", "@fuel/adapters/*", "!@fuel/adapters/ports"], message: PORTS_MESSAGE },
          { group: ["@fuel/server", "@fuel/server/*", "@fuel/ui", "@fuel/ui/*"], message: "Adapters never import the server or the UI." },
        ],
      }],
    },
  },
];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/drizzle/**", "data/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // Effect's idiom for a tagged error without data is `Data.TaggedError("X")<{}>`.
      "@typescript-eslint/no-empty-object-type": ["error", { allowObjectTypes: "always" }],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js", "scripts/**", ".ci/**"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly" } },
  },
  // The UI's service worker runs in a worker global, not a window or Node.
  { files: ["packages/ui/public/sw.js"], languageOptions: { globals: { self: "readonly", caches: "readonly", fetch: "readonly", URL: "readonly", setTimeout: "readonly" } } },
  domainPurity,
  ...boundaries,
  ...uiThroughPorts,
);
