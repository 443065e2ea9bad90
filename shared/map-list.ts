/**
 * Adds `value` to the list `map` holds under `key`, in place. `map.set(key, [...(map.get(key) ?? []), value])`
 * copied the list on every add, so n values under one key cost n²/2 copies: 100,000 tiny notes sharing
 * the title "Note" took 224 s to index for supersession links (20,000 took 4.7 s), where this takes milliseconds.
 */
export function appendTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
