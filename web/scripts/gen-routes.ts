/**
 * Writes src/routeTree.gen.ts without a Vite build, with the generator and settings
 * (tsr.config.json) that @tanstack/router-plugin uses during `vite build`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const config = getConfig({ target: 'react' }, webDir);
await new Generator({ config, root: webDir }).run();
