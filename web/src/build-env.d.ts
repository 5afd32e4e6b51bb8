// Replaced at build time by Vite `define`: see web/env.ts, web/vite.config.ts, web/vitest.config.ts.
declare const __API_URL__: string;
declare const __APP_URL__: string;
