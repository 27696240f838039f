import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress.ts";

const apiTarget = `http://127.0.0.1:${process.env["FUEL_API_PORT"] ?? "8080"}`;

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { conditions: ["@fuel/source"] },
  server: { proxy: { "/api": apiTarget, "/sandbox": apiTarget } },
  build: { target: "es2020", sourcemap: true },
});
