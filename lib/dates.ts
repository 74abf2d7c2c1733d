// Dates as the course shows them: YYYY-MM-DD, never a locale's numeric date (issue #35 item 6:
// "12/6/2026" reads as 12 June to most of the world). Local time, as a learner's own clock.

const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-12-06`, in local time. */
export function isoDate(at: Date | number | string): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `14:05`, on the 24-hour clock, in local time. */
export function isoTime(at: Date | number | string, seconds = false): string {
  const d = new Date(at);
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return seconds ? `${hm}:${pad(d.getSeconds())}` : hm;
}

/** `2026-12-06 14:05`, in local time. */
export function isoDateTime(at: Date | number | string): string {
  return `${isoDate(at)} ${isoTime(at)}`;
}
