import { readFileSync, writeFileSync } from "node:fs";
import { withApiReference } from "../src/docs/apiReference.ts";

// Rewrites the generated endpoint reference inside docs/api.md from the contract table.
const path = new URL("../../../docs/api.md", import.meta.url);
writeFileSync(path, withApiReference(readFileSync(path, "utf8")));
console.log("docs/api.md: endpoint reference regenerated");
