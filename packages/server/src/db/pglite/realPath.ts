import { realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/**
 * `path` with every symbolic link resolved, so that two names of one folder (a link and its
 * target, `data/` through a linked parent) give one answer: the folder lock and the operator
 * socket beside it are named after this, or two processes would each take "the" lock of one
 * folder. A path that does not exist yet (a folder about to be created) resolves its longest
 * existing ancestor and keeps the rest as written.
 */
export const realPathOf = (path: string): string => {
  const absolute = resolve(path);
  const rest: string[] = [];
  for (let at = absolute; ; ) {
    try {
      return join(realpathSync(at), ...[...rest].reverse());
    } catch {
      // Missing (or not a folder): try its parent.
    }
    const parent = dirname(at);
    if (parent === at) return absolute;
    rest.push(basename(at));
    at = parent;
  }
};
