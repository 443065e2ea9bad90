/** Rows of RFC 4180 CSV (quoted cells, doubled quotes, CRLF records), as a spreadsheet reads them; throws on a bare LF or a stray quote. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let at = 0;
  while (at < text.length) {
    if (text[at] === '"' && cell === '') {
      const close = quotedEnd(text, at + 1);
      cell = text.slice(at + 1, close).replaceAll('""', '"');
      at = close + 1;
      if (at < text.length && text[at] !== ',' && text[at] !== '\r') throw new Error(`a quote closes mid-cell at ${at}`);
      continue;
    }
    if (text[at] === ',') {
      row.push(cell);
      cell = '';
      at += 1;
    } else if (text.startsWith('\r\n', at)) {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      at += 2;
    } else if (text[at] === '\n' || text[at] === '"') {
      throw new Error(`a bare ${JSON.stringify(text[at])} outside quotes at ${at}`);
    } else {
      cell += text[at];
      at += 1;
    }
  }
  if (row.length > 0 || cell !== '') throw new Error('the last record does not end with CRLF');
  return rows;
}

function quotedEnd(text: string, from: number): number {
  for (let at = from; at < text.length; at += 1) {
    if (text[at] !== '"') continue;
    if (text[at + 1] === '"') at += 1;
    else return at;
  }
  throw new Error('a quoted cell is never closed');
}
