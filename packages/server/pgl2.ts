import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
if (!existsSync("/tmp/tpl.tar")) {
  const a = await PGlite.create("memory://", { relaxedDurability: true });
  await migrate(drizzle({ client: a }), { migrationsFolder: "drizzle" });
  const dump = await a.dumpDataDir("none");
  writeFileSync("/tmp/tpl.tar", Buffer.from(await dump.arrayBuffer()));
  console.log("made");
} else {
  const s = performance.now();
  const b = await PGlite.create("memory://", { relaxedDurability: true, loadDataDir: new Blob([readFileSync("/tmp/tpl.tar")]) });
  console.log("first load in fresh process", performance.now() - s);
}
