import { defineConfig } from "drizzle-kit";

// `npm run db:generate` turns changes to src/db/schema.ts into a new SQL migration in drizzle/.
// The same folder is applied by both drivers at start-up (src/db/migrate.ts); commit it.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
  strict: true,
  verbose: true,
});
