// The UI build's source stamp: a hash of everything the bundle is made from (the UI's sources and
// config, the workspace packages it imports, the lockfile). `npm start` rebuilds when the stamp in
// dist differs, so after a pull nobody is served yesterday's UI.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const INPUTS = [
  "packages/ui/src",
  "packages/ui/public",
  "packages/ui/build",
  "packages/ui/index.html",
  "packages/ui/vite.config.ts",
  "packages/ui/package.json",
  "packages/domain/src",
  "packages/domain/package.json",
  "packages/adapters/src",
  "packages/adapters/package.json",
  "package-lock.json",
];

const filesUnder = (path) => {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name)));
};

/** The stamp of the sources under `root` (hex SHA-256 over each file's path and content). */
export const sourceStamp = (root) => {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file));
      hash.update("\0");
      hash.update(readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
};

/** Where the build records the stamp it was made from. */
export const STAMP_FILE = ".source-stamp";
