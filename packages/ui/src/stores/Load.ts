import type { Problem } from "./messages.ts";

/**
 * What a store knows about one thing it loads (DESIGN §6): one union instead of flags, so "loading
 * and failed at once" cannot be written down. `Failed` keeps the error itself (worded by the
 * screen when shown, so a language switch re-words it) and, when the previous load succeeded,
 * that value, so a failed refresh does not blank the screen.
 */
export type Load<A> =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Loading"; readonly previous: A | undefined }
  | { readonly _tag: "Loaded"; readonly value: A }
  | { readonly _tag: "Failed"; readonly error: Problem; readonly previous: A | undefined };

export const idle: Load<never> = { _tag: "Idle" };
export const loading = <A>(previous?: A): Load<A> => ({ _tag: "Loading", previous });
export const loaded = <A>(value: A): Load<A> => ({ _tag: "Loaded", value });
export const failed = <A>(error: Problem, previous?: A): Load<A> => ({ _tag: "Failed", error, previous });

/** The value to show: the loaded one, or the one kept while reloading or after a failed reload. */
export const valueOf = <A>(load: Load<A>): A | undefined => {
  switch (load._tag) {
    case "Loaded":
      return load.value;
    case "Loading":
    case "Failed":
      return load.previous;
    case "Idle":
      return undefined;
  }
};

/** Starts a (re)load, keeping what is on screen. */
export const reloading = <A>(load: Load<A>): Load<A> => loading(valueOf(load));

/** A failed (re)load, keeping what is on screen. */
export const failing = <A>(load: Load<A>, error: Problem): Load<A> => failed(error, valueOf(load));
