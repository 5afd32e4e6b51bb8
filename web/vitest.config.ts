import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineProject } from 'vitest/config';
import { buildEnvDefines, validateBuildEnv } from './env.ts';

const webDir = path.dirname(fileURLToPath(import.meta.url));

export default defineProject({
  root: webDir,
  plugins: [react()],
  define: buildEnvDefines(validateBuildEnv(loadEnv('test', webDir, ''))),
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: [path.join(webDir, 'src/test/setup.ts')],
    unstubGlobals: true,
    restoreMocks: true,
  },
});
