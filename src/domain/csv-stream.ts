// An incremental CSV reader for imports: fed text chunk by chunk, it returns the complete records so far (RFC 4180
// quoting, quoted line breaks, CRLF or LF), so big files are never held whole. The delimiter is sniffed from the
// first line (`;`, `,` or tab, outside quotes).

export function sniffDelimiter(firstChunk: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstChunk) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  const best = (Object.entries(counts) as [',' | ';' | '\t', number][]).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ';';
}

export class CsvReader {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  /** A quote seen inside a quoted field: either the closing quote or the first half of "". */
  private quotePending = false;
  private pendingCr = false;

  constructor(private readonly delimiter: string) {}

  /** Feeds text; returns the records completed by it. */
  push(text: string): string[][] {
    const out: string[][] = [];
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (this.pendingCr) {
        this.pendingCr = false;
        if (ch === '\n') continue;
      }
      if (this.quoted) {
        if (this.quotePending) {
          this.quotePending = false;
          if (ch === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false; // the quote closed the field; handle ch below as unquoted
        } else if (ch === '"') {
          this.quotePending = true;
          continue;
        } else {
          this.field += ch;
          continue;
        }
      }
      if (ch === '"' && this.field === '') this.quoted = true;
      else if (ch === this.delimiter) this.endField();
      else if (ch === '\n' || ch === '\r') {
        this.endField();
        out.push(this.record);
        this.record = [];
        if (ch === '\r') this.pendingCr = true;
      } else this.field += ch;
    }
    return out;
  }

  /** The last record when the text does not end with a line break. */
  end(): string[][] {
    if (this.quotePending) this.quoted = false;
    if (this.field === '' && this.record.length === 0) return [];
    this.endField();
    const last = this.record;
    this.record = [];
    return [last];
  }

  private endField() {
    this.record.push(this.field);
    this.field = '';
  }
}
