import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { buildEnvDefines, validateBuildEnv } from './env.ts';

const webDir = path.dirname(fileURLToPath(import.meta.url));

/** Paths the API server owns; in development everything else is the Vite app. */
const serverPaths = '^/(api|docs|dev|healthz|readyz)(/|\\?|$)';
const devServerOrigin = 'http://localhost:3000';

export default defineConfig(({ mode }) => {
  // Prefix '' reads every variable (API_URL, APP_URL) from the environment and web/.env*.
  const env = validateBuildEnv(loadEnv(mode, webDir, ''));
  return {
    root: webDir,
    // Generator settings live in tsr.config.json so scripts/gen-routes.ts produces the same tree.
    plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
    define: buildEnvDefines(env),
    server: {
      proxy: { [serverPaths]: { target: devServerOrigin } },
    },
    build: { outDir: 'dist', emptyOutDir: true },
  };
});
