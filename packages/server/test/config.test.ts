import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_PGLITE_DIR, loadConfig, PROVIDERS, REPO_ROOT } from "../src/config.ts";
import { MERCHANT_PRIVATE_PEM, PLATFORM_PUBLIC_PEM, productionSecrets } from "./helpers/productionSecrets.ts";

const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
};

const allSecrets = productionSecrets();

describe("loadConfig defaults", () => {
  it("an empty environment is a sandbox on 127.0.0.1:8080 with PGlite under <repo>/data", () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe("127.0.0.1");
    expect(config.mode).toBe("sandbox");
    expect(config.logLevel).toBe("info");
    expect(config.database).toEqual({ kind: "pglite-dir", dir: DEFAULT_PGLITE_DIR });
    expect(DEFAULT_PGLITE_DIR.startsWith(REPO_ROOT)).toBe(true);
    expect(Object.values(config.providers).every((k) => k === "sandbox")).toBe(true);
    expect(config.trustProxy).toBe(false);
  });

  it("blank values count as unset", () => {
    expect(loadConfig({ PORT: "", HOST: " ", FUEL_MODE: "" }).port).toBe(8080);
  });

  it("does not read process.env", () => {
    const before = process.env["PORT"];
    process.env["PORT"] = "1234";
    try {
      expect(loadConfig({}).port).toBe(8080);
    } finally {
      if (before === undefined) delete process.env["PORT"];
      else process.env["PORT"] = before;
    }
  });
});

describe("PORT", () => {
  it.each(["0", "80", "65535"])("accepts %s", (port) => {
    expect(loadConfig({ PORT: port }).port).toBe(Number(port));
  });
  it.each(["65536", "-1", "abc", "80.5", "8080x"])("refuses %s with a clear message", (port) => {
    expect(problemsOf({ PORT: port })).toEqual([`PORT must be an integer from 0 to 65535, got '${port}'`]);
  });
});

describe("HOST", () => {
  it("accepts an address", () => {
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });
  it("refuses a URL", () => {
    expect(problemsOf({ HOST: "http://localhost" })[0]).toMatch(/^HOST must be a host name or IP address/);
  });
});

describe("DATABASE_URL", () => {
  it("memory:// is in-memory PGlite", () => {
    expect(loadConfig({ DATABASE_URL: "memory://" }).database).toEqual({ kind: "pglite-memory" });
  });
  it.each(["postgres://u:p@db:5432/fuel", "postgresql://db/fuel"])("%s is a PostgreSQL server", (url) => {
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: "postgres", url });
  });
  it("file:<dir> is PGlite in that folder", () => {
    expect(loadConfig({ DATABASE_URL: "file:/tmp/fuel-db" }).database).toEqual({ kind: "pglite-dir", dir: "/tmp/fuel-db" });
  });
  it("anything else is refused, naming the accepted forms", () => {
    const [problem] = problemsOf({ DATABASE_URL: "mysql://db/fuel" });
    expect(problem).toMatch(/^DATABASE_URL must be unset .*'memory:\/\/'.*'postgres:\/\/\.\.\.'/);
  });
  it("an unparsable PostgreSQL URL is refused without echoing it (it may hold a password)", () => {
    const [problem] = problemsOf({ DATABASE_URL: "postgres://user:s3cret@" });
    expect(problem).toMatch(/cannot be parsed/);
    expect(problem).not.toContain("s3cret");
  });
});

describe("WORKERS", () => {
  const PG = "postgres://u:p@db:5432/fuel";
  it("unset is one process, on any database", () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: PG }).workers).toBe(1);
  });
  it.each([
    ["1", 1],
    ["2", 2],
    ["16", 16],
    ["128", 128],
    ["auto", "auto"],
    ["AUTO", "auto"],
  ] as const)("on PostgreSQL, %s means %s", (raw, workers) => {
    expect(loadConfig({ DATABASE_URL: PG, WORKERS: raw }).workers).toBe(workers);
  });
  it.each(["0", "-1", "abc", "1.5", "2x", " 0 ", "129", "1e2", "+2"])("refuses '%s' with one line naming the accepted forms", (raw) => {
    const problems = problemsOf({ DATABASE_URL: PG, WORKERS: raw });
    expect(problems).toEqual([`WORKERS must be 'auto' or a whole number of server processes from 1 to 128, got '${raw.trim()}'`]);
  });
  it.each([undefined, "file:/tmp/fuel-pglite", "memory://"])("PGlite (DATABASE_URL=%s) refuses more than one process, in one line saying why", (url) => {
    const problems = problemsOf({ WORKERS: "2", ...(url === undefined ? {} : { DATABASE_URL: url }) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^WORKERS=2 needs PostgreSQL \(DATABASE_URL=postgres:\/\/\.\.\.\): PGlite runs inside one process/);
    expect(problems[0]).not.toContain("\n");
  });
  it("PGlite accepts WORKERS=1 and auto (auto runs one process there: src/cluster/plan.ts)", () => {
    expect(loadConfig({ WORKERS: "1" }).workers).toBe(1);
    expect(loadConfig({ WORKERS: "auto" }).workers).toBe("auto");
  });
});

describe("FUEL_MODE", () => {
  it("refuses an unknown mode", () => {
    expect(problemsOf({ FUEL_MODE: "prod" })).toEqual(["FUEL_MODE must be 'sandbox' or 'production', got 'prod'"]);
  });

  it("production without secrets refuses to start, listing every missing variable", () => {
    const problems = problemsOf({ FUEL_MODE: "production" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^FUEL_MODE=production needs these environment variables, which are missing: /);
    const required = new Set(Object.values(PROVIDERS).flatMap((p) => p.secrets));
    expect(required.size).toBeGreaterThan(0);
    for (const name of required) expect(problems[0]).toContain(name);
    // An optional setting (the channel's API origin has a default) is never demanded.
    expect(problems[0]).not.toContain("WECHAT_PAY_API_BASE_URL");
  });

  it("production lists only the secrets that are missing", () => {
    const { SMS_API_KEY: _sms, WECHAT_APP_SECRET: _app, ...rest } = allSecrets;
    const problems = problemsOf({ FUEL_MODE: "production", ...rest });
    expect(problems[0]).toMatch(/missing: WECHAT_APP_SECRET, SMS_API_KEY$/);
  });

  it("production with a sandbox provider refuses to start", () => {
    const problems = problemsOf({ FUEL_MODE: "production", ...allSecrets, CLOCK_PROVIDER: "sandbox", SMS_PROVIDER: "sandbox" });
    expect(problems).toEqual(["FUEL_MODE=production refuses sandbox providers: CLOCK_PROVIDER=sandbox, SMS_PROVIDER=sandbox"]);
  });

  it("production with every secret starts with production providers, the cashier and distributor at the desk", () => {
    const config = loadConfig({ FUEL_MODE: "production", ...allSecrets });
    expect(config.mode).toBe("production");
    const { cashier, distributor, ...outside } = config.providers;
    expect(Object.values(outside).every((k) => k === "production")).toBe(true);
    expect([cashier, distributor]).toEqual(["desk", "desk"]);
    expect(config.secrets.SMS_API_KEY).toBe("value-of-SMS_API_KEY");
  });

  it("the desk needs no key: production starts without DISTRIBUTOR_API_KEY (issue 26)", () => {
    const { DISTRIBUTOR_API_KEY: _d, ...rest } = allSecrets;
    expect(loadConfig({ FUEL_MODE: "production", ...rest }).providers.distributor).toBe("desk");
  });

  it("the cashier and distributor are the desk or the sandbox: 'production' names no implementation", () => {
    expect(problemsOf({ FUEL_MODE: "production", ...allSecrets, CASHIER_PROVIDER: "production" })).toEqual([
      "CASHIER_PROVIDER must be 'sandbox' or 'desk', got 'production'",
    ]);
    expect(problemsOf({ FUEL_MODE: "production", ...allSecrets, DISTRIBUTOR_PROVIDER: "sandbox" })).toEqual([
      "FUEL_MODE=production refuses sandbox providers: DISTRIBUTOR_PROVIDER=sandbox",
    ]);
    const sandbox = loadConfig({ CASHIER_PROVIDER: "desk" });
    expect([sandbox.providers.cashier, sandbox.providers.distributor]).toEqual(["desk", "sandbox"]);
  });

  it("secret values never appear in the error", () => {
    const { FY_API_V3_KEY: _fy, ...rest } = allSecrets;
    const message = (() => {
      try {
        loadConfig({ FUEL_MODE: "production", ...rest });
        return "";
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(message).toContain("FY_API_V3_KEY");
    expect(message).not.toContain("value-of-");
  });

  it("a production provider in sandbox mode needs its own secrets only", () => {
    expect(problemsOf({ SMS_PROVIDER: "production" })).toEqual([
      "the production providers need these environment variables, which are missing: SMS_API_KEY",
    ]);
    expect(loadConfig({ SMS_PROVIDER: "production", SMS_API_KEY: "k" }).providers.sms).toBe("production");
  });

  it("the e-invoice provider (INVOICE_PROVIDER, issue 35) is production in production mode, and production refuses its sandbox", () => {
    expect(loadConfig({ FUEL_MODE: "production", ...allSecrets }).providers.invoice).toBe("production");
    expect(loadConfig({}).providers.invoice).toBe("sandbox");
    expect(problemsOf({ FUEL_MODE: "production", ...allSecrets, INVOICE_PROVIDER: "sandbox" })).toEqual(["FUEL_MODE=production refuses sandbox providers: INVOICE_PROVIDER=sandbox"]);
    expect(problemsOf({ INVOICE_PROVIDER: "production", ...allSecrets, WECHAT_FAPIAO_SUB_MCH_ID: "" })).toEqual([
      "the production providers need these environment variables, which are missing: WECHAT_FAPIAO_SUB_MCH_ID",
    ]);
  });

  it("refuses an unknown provider kind", () => {
    expect(problemsOf({ SMS_PROVIDER: "fake" })).toEqual(["SMS_PROVIDER must be 'sandbox' or 'production', got 'fake'"]);
  });
});

describe("LOG_LEVEL", () => {
  it("accepts pino's levels and silent, in any case", () => {
    expect(loadConfig({ LOG_LEVEL: "WARN" }).logLevel).toBe("warn");
    expect(loadConfig({ LOG_LEVEL: "silent" }).logLevel).toBe("silent");
  });
  it("refuses anything else", () => {
    expect(problemsOf({ LOG_LEVEL: "verbose" })).toEqual([
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'verbose'",
    ]);
  });
});

describe("TRUST_PROXY", () => {
  it("reads true, a hop count, or a list of addresses", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1"]);
  });
  it("refuses anything else", () => {
    expect(problemsOf({ TRUST_PROXY: "yes please" })[0]).toMatch(/^TRUST_PROXY must be/);
  });
});

describe("MAP_PROVIDER", () => {
  it("is none unless set to amap", () => {
    expect(loadConfig({}).mapProvider).toBe("none");
    expect(loadConfig({ MAP_PROVIDER: "none" }).mapProvider).toBe("none");
    expect(loadConfig({ MAP_PROVIDER: "amap" }).mapProvider).toBe("amap");
  });
  it("refuses anything else", () => {
    expect(problemsOf({ MAP_PROVIDER: "google" })).toEqual(["MAP_PROVIDER must be 'amap' or 'none', got 'google'"]);
  });
});

it("reports every problem at once", () => {
  const problems = problemsOf({ PORT: "x", LOG_LEVEL: "loud", FUEL_MODE: "staging" });
  expect(problems).toHaveLength(3);
  expect(() => loadConfig({ PORT: "x" })).toThrow(/invalid configuration:\n {2}- PORT must be/);
});

describe("the form of production secrets (checked at start, one line per bad variable, never the value)", () => {
  const production = (overrides: Record<string, string>) => problemsOf({ FUEL_MODE: "production", ...allSecrets, ...overrides });
  const ecKey = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const ecPrivatePem = ecKey.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const publicPemWithBreaks = PLATFORM_PUBLIC_PEM.replace(/\\n/g, "\n");

  it("well-formed secrets start, with PEM keys given with \\n escapes or real line breaks", () => {
    expect(loadConfig({ FUEL_MODE: "production", ...allSecrets }).mode).toBe("production");
    expect(loadConfig({ FUEL_MODE: "production", ...allSecrets, WECHAT_PAY_PLATFORM_PUBLIC_KEY: publicPemWithBreaks }).mode).toBe("production");
  });

  it.each([
    ["WECHAT_PAY_PRIVATE_KEY", "not PEM", "SECRET-not-a-pem-at-all", /^WECHAT_PAY_PRIVATE_KEY must be an RSA private key in PEM form .*does not parse/],
    ["FY_PAY_PRIVATE_KEY", "PEM of garbage", "-----BEGIN PRIVATE KEY-----\\nSECRETAAAA\\n-----END PRIVATE KEY-----", /^FY_PAY_PRIVATE_KEY must be an RSA private key in PEM form/],
    ["WECHAT_PAY_PRIVATE_KEY", "a public key", PLATFORM_PUBLIC_PEM, /^WECHAT_PAY_PRIVATE_KEY must be an RSA private key in PEM form/],
    ["WECHAT_PAY_PRIVATE_KEY", "an EC key", ecPrivatePem, /^WECHAT_PAY_PRIVATE_KEY must be an RSA private key \(the channel signs with RSA-SHA256\), but its type is ec$/],
    ["WECHAT_PAY_PLATFORM_PUBLIC_KEY", "garbage", "SECRET-garbage", /^WECHAT_PAY_PLATFORM_PUBLIC_KEY must be the platform's public key .* does not parse/],
    ["FY_PAY_PLATFORM_PUBLIC_KEY", "a private key", MERCHANT_PRIVATE_PEM, /^FY_PAY_PLATFORM_PUBLIC_KEY must be the platform's public key or certificate in PEM form, but it holds a private key$/],
    ["WECHAT_PAY_API_V3_KEY", "5 bytes", "SECRE", /^WECHAT_PAY_API_V3_KEY must be exactly 32 bytes .* but it is 5 bytes long$/],
    // The key is bytes, not characters.
    ["FY_API_V3_KEY", "32 characters, 34 bytes", `SECRET${"é".repeat(2)}${"x".repeat(24)}`, /^FY_API_V3_KEY must be exactly 32 bytes .* but it is 34 bytes long$/],
    ["WECHAT_PAY_CERT_SERIAL", "not hex", "SECRET-not-hex", /^WECHAT_PAY_CERT_SERIAL must be the certificate's serial number: 8 to 64 hexadecimal digits$/],
    ["FY_CERT_SERIAL", "too short", "ABC", /^FY_CERT_SERIAL must be the certificate's serial number/],
    ["PUBLIC_BASE_URL", "no scheme", "SECRET.example.com", /^PUBLIC_BASE_URL must be the public origin the payment channels notify over HTTPS/],
    ["PUBLIC_BASE_URL", "plain http", "http://SECRET.example.com", /^PUBLIC_BASE_URL must be .* over HTTPS/],
    ["PUBLIC_BASE_URL", "a path", "https://fuel.example.com/SECRET", /^PUBLIC_BASE_URL must be .* without a path/],
    ["PUBLIC_BASE_URL", "a query", "https://fuel.example.com/?k=SECRET", /^PUBLIC_BASE_URL must be/],
    ["PUBLIC_BASE_URL", "a user name", "https://user:SECRET@fuel.example.com", /^PUBLIC_BASE_URL must be/],
    ["FY_API_BASE_URL", "plain http", "http://SECRET.fy.example.com", /^FY_API_BASE_URL must be the FY channel's API origin over HTTPS/],
    ["WECHAT_PAY_API_BASE_URL", "not http", "ftp://SECRET.example.com", /^WECHAT_PAY_API_BASE_URL must be the payment channel's API origin over HTTPS/],
  ])("%s refused: %s", (name, _label, value, expected) => {
    const problems = production({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(expected);
    expect(problems[0]).not.toContain("SECRET");
    expect(problems[0]).not.toContain(value);
  });

  it.each(["http://127.0.0.1:9000", "http://localhost:9000", "http://[::1]:9000", "https://api.mch.weixin.qq.com/"])(
    "an origin may be plain HTTP on a loopback host only (a local stand-in): %s",
    (url) => {
      expect(loadConfig({ FUEL_MODE: "production", ...allSecrets, WECHAT_PAY_API_BASE_URL: url, PUBLIC_BASE_URL: url }).mode).toBe("production");
    },
  );

  it("several bad secrets: one line each, beside the missing ones", () => {
    const { SMS_API_KEY: _sms, ...rest } = allSecrets;
    const problems = problemsOf({ FUEL_MODE: "production", ...rest, WECHAT_PAY_API_V3_KEY: "short", FY_PAY_PRIVATE_KEY: "nope", PUBLIC_BASE_URL: "nope" });
    // The missing ones first, then each bad form in the order of SECRET_NAMES.
    expect(problems.map((p) => p.split(" ")[0])).toEqual(["FUEL_MODE=production", "WECHAT_PAY_API_V3_KEY", "FY_PAY_PRIVATE_KEY", "PUBLIC_BASE_URL"]);
    expect(problems.every((p) => !p.includes("\n"))).toBe(true);
  });

  it("only the secrets of production providers are checked (a sandbox ignores a stray one)", () => {
    expect(loadConfig({ WECHAT_PAY_API_V3_KEY: "short", PUBLIC_BASE_URL: "nope" }).mode).toBe("sandbox");
    expect(problemsOf({ WECHAT_PAY_PROVIDER: "production", ...allSecrets, WECHAT_PAY_API_V3_KEY: "short", FY_API_V3_KEY: "short" })).toEqual([
      expect.stringMatching(/^WECHAT_PAY_API_V3_KEY must be exactly 32 bytes/),
    ]);
  });
});

describe("payment keys: RSA of at least 2048 bits, and one platform key per platform serial", () => {
  const pemOf = (bits: number) => {
    const pair = generateKeyPairSync("rsa", { modulusLength: bits });
    return {
      privatePem: pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      publicPem: pair.publicKey.export({ type: "spki", format: "pem" }).toString(),
    };
  };
  const [k512, k1024, k2048] = [pemOf(512), pemOf(1024), pemOf(2048)];
  const production = (overrides: Record<string, string>) => ({ FUEL_MODE: "production", ...allSecrets, ...overrides });

  it.each([
    [512, k512],
    [1024, k1024],
  ])("a %i-bit merchant key is refused, naming the setting and the size found", (bits, key) => {
    for (const name of ["WECHAT_PAY_PRIVATE_KEY", "FY_PAY_PRIVATE_KEY"]) {
      const problems = problemsOf(production({ [name]: key.privatePem }));
      expect(problems).toEqual([`${name} is a ${bits}-bit RSA key; at least 2048 bits are required`]);
    }
  });

  it("a short platform public key is refused the same way; 2048 bits start", () => {
    expect(problemsOf(production({ WECHAT_PAY_PLATFORM_PUBLIC_KEY: k1024.publicPem }))).toEqual(["WECHAT_PAY_PLATFORM_PUBLIC_KEY is a 1024-bit RSA key; at least 2048 bits are required"]);
    expect(problemsOf(production({ FY_PAY_PLATFORM_PUBLIC_KEY: k512.publicPem }))).toEqual(["FY_PAY_PLATFORM_PUBLIC_KEY is a 512-bit RSA key; at least 2048 bits are required"]);
    const config = loadConfig(production({ WECHAT_PAY_PRIVATE_KEY: k2048.privatePem, WECHAT_PAY_PLATFORM_PUBLIC_KEY: k2048.publicPem }));
    expect(config.mode).toBe("production");
  });

  it("a sandbox channel ignores a short key it does not use", () => {
    expect(loadConfig({ WECHAT_PAY_PRIVATE_KEY: k512.privatePem }).mode).toBe("sandbox");
  });

  it("production needs each channel's platform serial", () => {
    const { WECHAT_PAY_PLATFORM_SERIAL: _w, FY_PAY_PLATFORM_SERIAL: _f, ...withoutSerials } = allSecrets;
    const problems = problemsOf({ FUEL_MODE: "production", ...withoutSerials });
    expect(problems).toEqual([`FUEL_MODE=production needs these environment variables, which are missing: WECHAT_PAY_PLATFORM_SERIAL, FY_PAY_PLATFORM_SERIAL`]);
  });

  it("a rotation: two serials and two keys in the same order start; a key of the pair that is short is named by its place", () => {
    const two = `${PLATFORM_PUBLIC_PEM}\\n${k2048.publicPem}`;
    expect(loadConfig(production({ WECHAT_PAY_PLATFORM_SERIAL: "7132D72A03E93CDDF8C03BBD1F37EEDF843E2BF9, 5A1B2C3D4E5F60718293A4B5C6D7E8F901234567", WECHAT_PAY_PLATFORM_PUBLIC_KEY: two })).mode).toBe("production");
    expect(problemsOf(production({ WECHAT_PAY_PLATFORM_SERIAL: "7132D72A,5A1B2C3D", WECHAT_PAY_PLATFORM_PUBLIC_KEY: `${PLATFORM_PUBLIC_PEM}\n${k1024.publicPem}` }))).toEqual([
      "WECHAT_PAY_PLATFORM_PUBLIC_KEY (key 2 of 2) is a 1024-bit RSA key; at least 2048 bits are required",
    ]);
  });

  it("serials and keys that do not pair up, or a serial of the wrong form, are refused", () => {
    expect(problemsOf(production({ FY_PAY_PLATFORM_SERIAL: "7132D72A,5A1B2C3D" }))).toEqual([
      "FY_PAY_PLATFORM_SERIAL names 2 platform certificates but FY_PAY_PLATFORM_PUBLIC_KEY holds 1 key: give one key per serial, in the same order",
    ]);
    expect(problemsOf(production({ WECHAT_PAY_PLATFORM_SERIAL: "not a serial" }))).toEqual([
      "WECHAT_PAY_PLATFORM_SERIAL must be the platform certificate's serial number (8 to 64 hexadecimal digits, or PUB_KEY_ID_...), or up to 4 of them separated by commas during a rotation",
    ]);
  });
});
