import { Cause, Effect, Exit, Option } from "effect";

/** Reading the typed failure out of an effect or an exit, for tests that expect one. */

/** The typed failure of an exit; throws (failing the test) when it succeeded or died of a defect. */
export const failureOfExit = <A, E>(exit: Exit.Exit<A, E>): E => {
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`);
  const error = Option.getOrUndefined(Cause.findErrorOption(exit.cause));
  if (error === undefined) throw new Error(`expected a typed failure, got ${String(Cause.squash(exit.cause))}`);
  return error;
};

/** Runs the effect once and returns its typed failure; throws (failing the test) when it succeeded or died. */
export const failureOf = async <A, E>(effect: Effect.Effect<A, E>): Promise<E> => failureOfExit(await Effect.runPromiseExit(effect));
