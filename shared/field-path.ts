/** A field's path as a person writes it: `expectations[2].never_sees.document_id_regex`; the empty path is ''. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (written, key) => (typeof key === 'number' ? `${written}[${key}]` : written ? `${written}.${String(key)}` : String(key)),
    '',
  );
}
