import type { User } from "@fuel/domain/api";
import { when } from "mobx";
import { valueOf } from "../Load.ts";
import type { SessionStore } from "../SessionStore.ts";

/**
 * The signed-in user once the session has an answer: loaded now if nobody asked yet, awaited if
 * another page's request is on its way (rather than asked twice on a weak network, or read as
 * absent while it loads). Undefined when it could not be read.
 */
export const settledUser = async (session: SessionStore): Promise<User | undefined> => {
  if (session.user._tag === "Idle") await session.loadUser();
  else if (session.user._tag === "Loading") await when(() => session.user._tag !== "Loading");
  return valueOf(session.user);
};
