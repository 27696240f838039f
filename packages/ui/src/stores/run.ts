import { Effect, Exit } from "effect";

/**
 * Runs a port call from a store: the store's actions are plain async functions, the ports are
 * Effects. Resolves with the Exit so the caller handles success and failure as data; a defect
 * (a bug) is rethrown so the error boundary shows it rather than a store swallowing it.
 */
export const run = async <A, E>(effect: Effect.Effect<A, E>): Promise<{ readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: E }> => {
  const exit = await Effect.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) return { ok: true, value: exit.value };
  const failure = exit.cause.reasons.find((r) => r._tag === "Fail");
  if (failure !== undefined && failure._tag === "Fail") return { ok: false, error: failure.error };
  throw Exit.isFailure(exit) ? new Error(String(exit.cause)) : new Error("unreachable");
};

/** Runs an Effect that cannot fail (token store, clock). */
export const runNow = <A>(effect: Effect.Effect<A>): A => Effect.runSync(effect);
