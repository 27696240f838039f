import type { FastifyRequest, FastifyServerOptions } from "fastify";
import type { LogLevel } from "../config.ts";

/**
 * Query parameters whose values never reach the logs: OAuth codes arrive as `?code=`, and the
 * payment channel sends the customer to `/paycallback?check_code=` with a live redemption code
 * (issue 22: whoever reads the log could fuel on it). `out_trade_no` and `sub_mch_id` are not secret.
 */
const SECRET_QUERY_KEYS = new Set(["code", "token", "captcha", "password", "access_token", "check_code", "qrcode"]);

/** The URL with secret query values replaced, for the request log line. */
export const redactUrl = (url: string): string => {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.has(key.toLowerCase())) {
      params.set(key, "[redacted]");
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
};

/** Where log lines go instead of stdout (tests capture them). */
export interface LogDestination {
  write(line: string): void;
}

export interface LoggerOverrides {
  readonly level?: LogLevel;
  readonly stream?: LogDestination;
}

/**
 * pino through Fastify's built-in logger: one JSON line per event, each request's lines carry its
 * `reqId`. Tokens, passwords and codes are redacted wherever they appear one level deep.
 */
export const loggerOptions = (level: LogLevel, overrides: LoggerOverrides = {}): NonNullable<FastifyServerOptions["logger"]> => ({
  level: overrides.level ?? level,
  ...(overrides.stream ? { stream: overrides.stream } : {}),
  redact: {
    paths: [
      "req.headers.authorization",
      "req.headers.cookie",
      "res.headers.authorization",
      "*.password",
      "*.old_password",
      "*.new_password",
      "*.captcha",
      "*.code",
      "*.check_code",
      "*.qrcode",
      "*.token",
    ],
    censor: "[redacted]",
  },
  serializers: {
    req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
  },
});
