/**
 * The client's base URL from API_URL. The OpenAPI paths already begin with `/api`, so the
 * trailing `/api` is removed: `/api` on http://localhost:3000 gives `http://localhost:3000`,
 * `https://qa.example.com/deedwatch/api` gives `https://qa.example.com/deedwatch`. A relative
 * API_URL is resolved against the page's origin because `Request` needs an absolute URL outside
 * browsers (tests).
 */
export function apiBaseUrl(apiUrl: string, pageOrigin: string): string {
  const absolute = new URL(apiUrl, pageOrigin).href.replace(/\/+$/, '');
  return absolute.replace(/\/api$/, '');
}
