import type { SchemaIssue } from "effect";

/**
 * Turns a decoding failure into one short sentence for a 400 answer. A schema or check annotated
 * with a `message` (the domain's rules carry the spec's words) is shown as is; otherwise the
 * answer names the field: "missing field: phone", "invalid field: order_amount". Only the first
 * problem is reported: the client fixes one field at a time anyway, and the answer stays short.
 */

interface Found {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly kind: "missing" | "unexpected" | "invalid";
  /** The schema's own message annotation, if it has one. */
  readonly message: string | undefined;
}

const annotation = (annotations: unknown, key: string): string | undefined => {
  const v = (annotations as Record<string, unknown> | undefined)?.[key];
  return typeof v === "string" && v !== "" ? v : undefined;
};

const firstProblem = (issue: SchemaIssue.Issue, path: ReadonlyArray<PropertyKey>): Found => {
  switch (issue._tag) {
    case "Pointer":
      return firstProblem(issue.issue, [...path, ...issue.path]);
    case "Encoding":
      return firstProblem(issue.issue, path);
    case "Composite": {
      const [first] = issue.issues;
      return firstProblem(first, path);
    }
    case "AnyOf": {
      const own = annotation(issue.ast.annotations, "message");
      const [first] = issue.issues;
      if (own !== undefined || first === undefined) return { path, kind: "invalid", message: own };
      return firstProblem(first, path);
    }
    case "Filter": {
      // A check's message covers whatever failed inside it (Effect's formatter does the same).
      const own = annotation(issue.filter.annotations, "message");
      return own !== undefined ? { path, kind: "invalid", message: own } : firstProblem(issue.issue, path);
    }
    case "MissingKey":
      return { path, kind: "missing", message: annotation(issue.annotations, "messageMissingKey") };
    case "UnexpectedKey":
      return { path, kind: "unexpected", message: annotation(issue.ast.annotations, "messageUnexpectedKey") };
    case "InvalidType":
    case "OneOf":
      return { path, kind: "invalid", message: annotation(issue.ast.annotations, "message") };
    case "InvalidValue":
    case "Forbidden":
      return { path, kind: "invalid", message: annotation(issue.annotations, "message") };
  }
};

export const describeIssue = (issue: SchemaIssue.Issue): string => {
  const found = firstProblem(issue, []);
  if (found.message !== undefined) return found.message;
  const field = found.path.map(String).join(".");
  return field === "" ? "invalid request body" : `${found.kind} field: ${field}`;
};
