/** A number rounded to one decimal place, halves up as Math.round does: how durations (ms) are recorded and shown. */
export function roundToTenths(value: number): number {
  return Math.round(value * 10) / 10;
}
