// Times as every screen shows them: one format, the viewer's time zone, the same in every language.

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A run's time as yyyy-mm-dd hh:mm:ss in the viewer's time zone: compact, sortable by eye and the
 * same in every language (the exact UTC instant is in the cell's title).
 */
export function formatRunTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A file-name-safe local timestamp, e.g. 20260701-140322. */
export function fileStamp(date: Date = new Date()): string {
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}
