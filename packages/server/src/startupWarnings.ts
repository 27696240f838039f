import type { Config } from "./config.ts";
import { isLoopbackHost } from "./secretForms.ts";

/**
 * What an operator must hear at start-up about a configuration that runs but is dangerous; one
 * line each, printed before the database opens (src/main.ts).
 */
export const startupWarnings = (config: Pick<Config, "mode" | "host">): string[] => {
  const warnings: string[] = [];
  // The sandbox hands out sign-ins for any openid, invite codes, and payments without money to
  // whoever can reach it: on anything but loopback, that is anyone on the network.
  if (config.mode === "sandbox" && !isLoopbackHost(config.host)) {
    warnings.push(
      `WARNING: sandbox mode is listening on ${config.host}, not only on this machine: anyone who can reach it can sign in as any customer, ` +
        "mint invite codes and pay without money. Use HOST=127.0.0.1, or FUEL_MODE=production for real customers.",
    );
  }
  return warnings;
};
