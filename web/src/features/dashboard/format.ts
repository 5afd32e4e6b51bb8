const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY in the reader's time zone; '' for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** A calendar day given as YYYY-MM-DD, as MM/DD/YYYY: no time zone shifts it. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : day;
}
