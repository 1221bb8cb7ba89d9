// Builds the portal into dist/, served by the server at /portal/. The sdk-client is taken from its sources
// (as tsconfig.json's `paths` says), so a fresh clone needs no separate sdk build first.
import { defineConfig, type PluginOption } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({
  base: "/portal/",
  // plugin-react is hoisted beside the root vite (vitest's); its types name that copy, hence the cast.
  plugins: [react() as unknown as PluginOption],
  resolve: { alias: { "@parley/sdk-client": decodeURIComponent(new URL("../sdk-client/src/index.ts", import.meta.url).pathname) } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1000 },
  server: { proxy: { "/api": { target: "http://127.0.0.1:8080", ws: true } } },
});
