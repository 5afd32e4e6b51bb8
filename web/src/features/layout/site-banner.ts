/** Which environment banner a host gets: QA hosts and local development hosts. */
export function siteBannerFor(hostname: string): string | null {
  const host = hostname.toLowerCase();
  if (host.includes('qa')) return 'THIS IS THE QA SITE!';
  if (host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1') {
    return 'THIS IS THE DEV SITE!';
  }
  return null;
}
