import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ["@fuel/source"] },
  server: { proxy: { "/api": "http://127.0.0.1:8080", "/sandbox": "http://127.0.0.1:8080" } },
  build: { target: "es2020", sourcemap: true },
});
