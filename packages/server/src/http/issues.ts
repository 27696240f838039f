import type { SchemaIssue } from "effect";

/**
 * Turns a decoding failure into one short sentence for a 400 answer.
 *
 * Decoding reports every problem of the body (`errors: "all"`); one is told:
 * - the first one worded by the contract itself (an annotation `message`: the spec's words, such
 *   as 'card number cannot be empty' on `last_number`), so a rule of spec §5 answers in the
 *   spec's words whatever else the body lacks;
 * - otherwise the first problem, naming the field: "missing field: phone",
 *   "invalid field: order_id".
 * One is enough: the client fixes one field at a time anyway, and the answer stays short. A
 * contract message can carry `errorTag` (its key in the `@fuel/domain` message catalogue), sent
 * as `x-error-tag` like every refusal of a domain rule.
 */

export interface Described {
  readonly message: string;
  /** The catalogue key of a contract-worded rule (e.g. `CardNumberEmpty`); absent for "invalid field: ...". */
  readonly tag?: string;
}

interface Found {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly kind: "missing" | "unexpected" | "invalid";
  /** The contract's own message for this problem, if it has one. */
  readonly message: string | undefined;
  readonly tag: string | undefined;
}

const annotation = (annotations: unknown, key: string): string | undefined => {
  const v = (annotations as Record<string, unknown> | undefined)?.[key];
  return typeof v === "string" && v !== "" ? v : undefined;
};

const found = (path: ReadonlyArray<PropertyKey>, kind: Found["kind"], annotations: unknown, messageKey = "message"): Found => {
  const message = annotation(annotations, messageKey);
  return { path, kind, message, tag: message === undefined ? undefined : annotation(annotations, "errorTag") };
};

/** Every problem of the issue tree, in the order decoding met them. */
const problems = (issue: SchemaIssue.Issue, path: ReadonlyArray<PropertyKey>): ReadonlyArray<Found> => {
  switch (issue._tag) {
    case "Pointer":
      return problems(issue.issue, [...path, ...issue.path]);
    case "Encoding":
      return problems(issue.issue, path);
    case "Composite":
      return issue.issues.flatMap((i) => problems(i, path));
    case "AnyOf": {
      // No member matched: the value is wrong as a whole (its own message if it has one, else the
      // first member's complaint, which names the same field).
      const [first] = issue.issues;
      if (annotation(issue.ast.annotations, "message") !== undefined || first === undefined) return [found(path, "invalid", issue.ast.annotations)];
      return problems(first, path).slice(0, 1);
    }
    case "Filter": {
      // A check's message covers whatever failed inside it (Effect's formatter does the same).
      if (annotation(issue.filter.annotations, "message") !== undefined) return [found(path, "invalid", issue.filter.annotations)];
      return problems(issue.issue, path);
    }
    case "MissingKey":
      return [found(path, "missing", issue.annotations, "messageMissingKey")];
    case "UnexpectedKey":
      return [found(path, "unexpected", issue.ast.annotations, "messageUnexpectedKey")];
    case "InvalidType":
    case "OneOf":
      return [found(path, "invalid", issue.ast.annotations)];
    case "InvalidValue":
    case "Forbidden":
      return [found(path, "invalid", issue.annotations)];
  }
};

export const describeIssue = (issue: SchemaIssue.Issue): Described => {
  const all = problems(issue, []);
  const chosen = all.find((p) => p.message !== undefined) ?? all[0];
  if (chosen === undefined) return { message: "invalid request body" };
  if (chosen.message !== undefined) return chosen.tag === undefined ? { message: chosen.message } : { message: chosen.message, tag: chosen.tag };
  const field = chosen.path.map(String).join(".");
  return { message: field === "" ? "invalid request body" : `${chosen.kind} field: ${field}` };
};
