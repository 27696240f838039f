import { Messages, Validation } from "@fuel/domain";
import { Result } from "effect";
import type { Database } from "../db/client.ts";
import { addToBlacklist, listBlacklist, removeFromBlacklist } from "../operators/blacklist.ts";
import { createInviteCodes, listInviteCodes } from "../operators/inviteCodes.ts";
import { cannotRead, readTextFile } from "./inputFiles.ts";
import { runStaffCommand } from "./staffCommands.ts";
import { exportStationsCsv, importStationsCsv } from "../operators/stationsCsv.ts";

/** Where a command writes: standard output and standard error in the process, arrays in tests. */
export interface CliIo {
  readonly db: Database;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly now: () => Date;
  /**
   * Reads a file the command names as text (default: from disk, by ./inputFiles.ts readTextFile). Through the running server the file is
   * the one the operator named, read by the CLI and sent along (src/cli/operatorChannel.ts).
   */
  readonly readFile?: (path: string) => Promise<string>;
  /** log2 of scrypt's N for staff passwords the command sets (the server's `PASSWORD_HASH_COST`; default its default). */
  readonly passwordHashCost?: number;
  /** Told what a successful write changed, so a server can evict its caches of it at once. */
  readonly changed?: (what: CliChange) => void;
}

/** What a command's write makes stale: the catalogue (cities, stations) or the blacklist. */
export type CliChange = "catalogue" | "blacklist";

export const USAGE = `usage: npm run fuel -- <command>

  invite create N            create N invite codes (1..1000) and print them
  invite list                every invite code, and who redeemed it
  blacklist add PHONE        refuse a phone everywhere
  blacklist remove PHONE     accept it again
  blacklist list             every blacklisted phone
  stations import FILE.csv   add or update stations (all rows or none)
  stations export            every station as CSV on standard output
  staff add NAME ROLE [--station ID]...
                             add a desk account (admin, distributor or cashier; a cashier
                             redeems at the stations given); prints a one-time password
                             on the last line
  staff disable NAME         the account can no longer sign in; signs it out everywhere
  staff enable NAME          a disabled account can sign in again (with its password as it was); lifts sign-in locks
  staff reset NAME           a new one-time password (last line); signs it out everywhere; lifts sign-in locks

The database is the server's: DATABASE_URL, or PGlite in ./data/pglite when unset.
While the server runs on a PGlite folder, commands go through it (its operator socket,
beside the folder), so it sees their changes at once; otherwise they open the database.`;

const phoneArg = (raw: string | undefined, io: CliIo): string | undefined => {
  const checked = Validation.validatePhone(raw ?? "");
  if (Result.isSuccess(checked)) return checked.success;
  io.err(Messages.describe(checked.failure));
  return undefined;
};

/** Runs one command; answers the process exit code (0 done, 1 refused, 2 not understood). */
export const runCli = async (args: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  const [group, action, arg] = args;
  const command = `${group ?? ""} ${action ?? ""}`.trim();
  switch (command) {
    case "invite create": {
      const n = Number(arg);
      if (!/^[0-9]{1,4}$/.test(arg ?? "") || n < 1 || n > 1000) {
        io.err("invite create needs a count from 1 to 1000");
        return 1;
      }
      for (const code of await createInviteCodes(io.db, n, io.now())) io.out(code);
      return 0;
    }
    case "invite list": {
      const rows = await listInviteCodes(io.db);
      io.out("code\tcreated\tredeemed\tphone");
      for (const r of rows) io.out([r.code, r.createdAt.toISOString(), r.redeemedAt?.toISOString() ?? "-", r.redeemedByPhone ?? "-"].join("\t"));
      return 0;
    }
    case "blacklist add":
    case "blacklist remove": {
      const phone = phoneArg(arg, io);
      if (phone === undefined) return 1;
      if (action === "add") io.out((await addToBlacklist(io.db, phone, io.now())) ? `${phone} is now blacklisted` : `${phone} was already blacklisted`);
      else io.out((await removeFromBlacklist(io.db, phone)) ? `${phone} is no longer blacklisted` : `${phone} was not blacklisted`);
      io.changed?.("blacklist");
      return 0;
    }
    case "blacklist list":
      for (const phone of await listBlacklist(io.db)) io.out(phone);
      return 0;
    case "stations import": {
      if (arg === undefined) {
        io.err("stations import needs a CSV file");
        return 1;
      }
      let text: string;
      try {
        text = await (io.readFile ?? readTextFile)(arg);
      } catch (e) {
        io.err(cannotRead(arg, e));
        return 1;
      }
      const result = await importStationsCsv(io.db, text);
      if (!result.ok) {
        for (const line of result.errors) io.err(line);
        io.err(`nothing imported: ${result.errors.length} problem(s)`);
        return 1;
      }
      io.changed?.("catalogue");
      io.out(`imported ${result.added + result.updated} stations (${result.added} new, ${result.updated} updated)`);
      return 0;
    }
    case "stations export":
      io.out((await exportStationsCsv(io.db)).trimEnd());
      return 0;
    case "staff add":
    case "staff disable":
    case "staff enable":
    case "staff reset":
      return runStaffCommand(action, args.slice(2), io);
    case "":
    case "help":
      io.out(USAGE);
      return 0;
    default:
      io.err(`unknown command: ${args.join(" ")}\n\n${USAGE}`);
      return 2;
  }
};
