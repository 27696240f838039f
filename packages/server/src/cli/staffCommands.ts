import { Messages } from "@fuel/domain";
import type { AuditActor } from "../desk/audit.ts";
import { addStaff, disableStaff, enableStaff, resetStaff } from "../desk/staffAccounts.ts";
import { Refusal } from "../refusals/Refusal.ts";
import { DEFAULT_PASSWORD_HASH_COST } from "../security/passwordCost.ts";
import { scryptParams } from "../security/passwords.ts";
import type { CliIo } from "./commands.ts";

/**
 * `staff add NAME ROLE [--station ID]...`, `staff disable NAME`, `staff enable NAME`, `staff reset NAME` (issue 26).
 * The first admin comes from here. A one-time password is printed alone on the LAST line, so a
 * script can take it with `tail -n 1`; it is shown once and stored only hashed.
 */

/** The CLI acts as the operator at the server's console: the audit log names it so. */
const CLI_ACTOR: AuditActor = { id: null, name: "cli" };
const CLI_ADDRESS = "cli";

const stationArgs = (rest: ReadonlyArray<string>, io: CliIo): number[] | undefined => {
  const ids: number[] = [];
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (flag !== "--station" || value === undefined || !/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
      io.err(`expected --station <id> (a station id), got '${rest.slice(i).join(" ")}'`);
      return undefined;
    }
    ids.push(Number(value));
    i += 1;
  }
  return ids;
};

/** Runs a `staff` command; answers the exit code like runCli. */
export const runStaffCommand = async (action: string | undefined, rest: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  const scrypt = scryptParams(io.passwordHashCost ?? DEFAULT_PASSWORD_HASH_COST);
  const by = { actor: CLI_ACTOR, address: CLI_ADDRESS, now: io.now(), scrypt };
  const [name, ...more] = rest;
  if (name === undefined) {
    io.err(`staff ${action ?? ""} needs a staff name`);
    return 1;
  }
  try {
    switch (action) {
      case "add": {
        const [role, ...flags] = more;
        if (role === undefined) {
          io.err("staff add needs a role: admin, distributor or cashier");
          return 1;
        }
        const stations = stationArgs(flags, io);
        if (stations === undefined) return 1;
        const password = await addStaff(io.db, { name, role, stations }, by);
        io.out(`added ${role} ${name}${stations.length > 0 ? ` for stations ${stations.join(", ")}` : ""}; one-time password (change it at the first sign-in at /desk):`);
        io.out(password);
        return 0;
      }
      case "disable":
        io.out((await disableStaff(io.db, name, by)) ? `${name} is disabled and signed out everywhere` : `${name} was already disabled`);
        return 0;
      case "enable": {
        const { enabled, unlocked } = await enableStaff(io.db, name, by);
        io.out(enabled ? `${name} is enabled again (with the password as it was; \`staff reset ${name}\` for a new one)` : `${name} was not disabled`);
        if (unlocked) io.out(`${name}'s sign-in locks are lifted`);
        return 0;
      }
      case "reset": {
        const password = await resetStaff(io.db, name, by);
        io.out(`${name} is signed out everywhere, any sign-in lock lifted; new one-time password:`);
        io.out(password);
        return 0;
      }
      default:
        io.err(`unknown command: staff ${action ?? ""}`);
        return 2;
    }
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    io.err(Messages.text(err.reason, "en", err.params));
    return 1;
  }
};
