/**
 * Saves `value` as a JSON file through an `<a download>` on a Blob URL: a browser downloads it, and
 * Electron shows its save dialog, so both doors share one path.
 */
export function downloadJson(fileName: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
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
