/** The values a refusal's text names (`{minutes}`, `{max}`), as the server sent them. */
export type ErrorParams = Readonly<Record<string, string | number>>;

/**
 * Reads the `x-error-params` answer header: the refusal's parameters as URI-encoded JSON, so the
 * app can word a refusal from its own catalogue in the customer's language with the same values
 * the server's English text names. Anything malformed is no parameters: the server's own message
 * is then shown, as before the header existed.
 */
export const parseErrorParams = (header: string | null): ErrorParams | undefined => {
  if (header === null || header === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(header));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const params: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === "string" || (typeof v === "number" && Number.isFinite(v))) params[key] = v;
  }
  return params;
};
