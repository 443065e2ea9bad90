/**
 * Saves `value` as a JSON file through an `<a download>` on a Blob URL: a browser downloads it, and
 * Electron shows its save dialog, so both doors share one path.
 */
export function downloadJson(fileName: string, value: unknown): void {
  downloadFile(fileName, JSON.stringify(value, null, 2), 'application/json');
}

/** Saves text as a file of the given media type, the same way as `downloadJson`. */
export function downloadFile(fileName: string, content: string, type: string): void {
  const blob = new Blob([content], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download may start after click() returns, so the URL is released a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
