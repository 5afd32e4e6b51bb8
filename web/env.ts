/**
 * Build-time environment. Vite reads it once per build; the validated values
 * reach the app as the `__API_URL__` and `__APP_URL__` constants (see src/env.d.ts).
 */
export interface BuildEnv {
  /** Where the API lives: `/api` on the same origin, or an absolute URL ending in `/api`. */
  readonly API_URL: string;
  /** Public address of the app itself. */
  readonly APP_URL: string;
}

export const DEFAULT_APP_URL = 'http://localhost:3000';
export const INVALID_ENV_MESSAGE =
  'Invalid env provided. The following variables are missing or invalid:';

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

// The OpenAPI paths already start with /api, so the client strips this suffix to get its base.
function isApiUrl(value: string): boolean {
  if (!value.endsWith('/api')) return false;
  const base = value.slice(0, -'/api'.length);
  if (base === '') return true;
  if (base.startsWith('/')) return !base.startsWith('//');
  return isHttpUrl(base);
}

export function validateBuildEnv(env: Record<string, string | undefined>): BuildEnv {
  const problems: string[] = [];

  const apiUrl = (env.API_URL ?? '').trim().replace(/\/+$/, '');
  if (apiUrl === '') {
    problems.push('API_URL: Required');
  } else if (!isApiUrl(apiUrl)) {
    problems.push(
      `API_URL: Expected /api or an http(s) URL ending in /api, received '${env.API_URL}'`,
    );
  }

  const appUrl = env.APP_URL?.trim() || DEFAULT_APP_URL;
  if (!isHttpUrl(appUrl)) {
    problems.push(`APP_URL: Expected an http(s) URL, received '${env.APP_URL}'`);
  }

  if (problems.length > 0) {
    throw new Error([INVALID_ENV_MESSAGE, ...problems].join('\n'));
  }
  return Object.freeze({ API_URL: apiUrl, APP_URL: appUrl });
}

/** Vite `define` entries for the validated values. */
export function buildEnvDefines(env: BuildEnv): Record<string, string> {
  return {
    __API_URL__: JSON.stringify(env.API_URL),
    __APP_URL__: JSON.stringify(env.APP_URL),
  };
}
