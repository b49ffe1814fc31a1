// The pure pieces of the import: the streaming CSV reader (chunk borders anywhere), delimiter sniffing, fuzzy column
// matching, and refusing numbers typed in another locale's grouping.
import { describe, expect, it } from 'vitest';
import { CsvReader, sniffDelimiter } from '../../src/domain/csv-stream';
import { ALIASES, similarity, normalise, suggestMapping } from '../../src/domain/column-match';
import { entityList } from '../../src/entities/registry';
import { parseNumber } from '../../src/domain/parse';
import { unescapeFormula, escapeFormula } from '../../src/domain/sheet-text';

/** Excel's "CSV UTF-8 (semicolon)" export of a sheet with a quoted line break, a quote and an empty last cell. */
const EXCEL_CSV = 'Name;Beschreibung;Menge\r\nLift;"Zwei\r\nZeilen";3\r\n"Boiler ""XL""";;\r\n';
/** LibreOffice's default CSV (comma, LF, quotes only where needed). */
const LIBRE_CSV = 'Name,Note,Qty\nPump,"a, b",1\nFan,,2';

function readAll(text: string, chunk: number) {
  const reader = new CsvReader(sniffDelimiter(text));
  const out: string[][] = [];
  for (let i = 0; i < text.length; i += chunk) out.push(...reader.push(text.slice(i, i + chunk)));
  out.push(...reader.end());
  return out;
}

describe('csv stream', () => {
  it.each([1, 2, 3, 7, 1000])('reads Excel and LibreOffice CSV fed in chunks of %i', (chunk) => {
    expect(readAll(EXCEL_CSV, chunk)).toEqual([
      ['Name', 'Beschreibung', 'Menge'],
      ['Lift', 'Zwei\r\nZeilen', '3'],
      ['Boiler "XL"', '', ''],
    ]);
    expect(readAll(LIBRE_CSV, chunk)).toEqual([
      ['Name', 'Note', 'Qty'],
      ['Pump', 'a, b', '1'],
      ['Fan', '', '2'],
    ]);
  });
  it('sniffs the delimiter outside quotes', () => {
    expect(sniffDelimiter('"a,b";c;d\n1,2,3,4,5')).toBe(';');
    expect(sniffDelimiter('a\tb\tc')).toBe('\t');
    expect(sniffDelimiter('only')).toBe(';');
  });
});

describe('column matching', () => {
  const fields = [
    { name: 'name', names: ['name', 'Name', 'Bezeichnung'] },
    { name: 'number_internal', names: ['number_internal', 'Internal number', 'Interne Nummer', 'interne nr'] },
    { name: 'purchase_date', names: ['purchase_date', 'Purchase date', 'Kaufdatum'] },
    { name: 'property_uuid', names: ['property_uuid', 'Property', 'Immobilie'] },
  ];
  it('matches labels, keys and aliases in either language, each field once', () => {
    expect(suggestMapping(['Bezeichnung', 'Interne Nr', 'Kauf-Datum', 'purchase_date', 'Farbe'], fields)).toEqual({
      '0': 'name',
      '1': 'number_internal',
      '2': 'purchase_date',
    });
    expect(suggestMapping(['PROPERTY', 'Immobilien'], fields)).toEqual({ '0': 'property_uuid' });
  });
  it('lets a remembered mapping win', () => {
    expect(suggestMapping(['Objekt', 'Name'], fields, { objekt: 'property_uuid' })).toEqual({
      '0': 'property_uuid',
      '1': 'name',
    });
  });
  it('keys every alias by a field some model has, so "E-Mail" finds a contact\'s e-mail address', () => {
    const names = new Set(entityList.flatMap((e) => Object.keys(e.fields)));
    expect(Object.keys(ALIASES).filter((k) => k !== 'uuid' && !names.has(k))).toEqual([]);
    const contactFields = ['email_address', 'phone_number', 'last_name'].map((n) => ({
      name: n,
      names: [n, ...(ALIASES[n] ?? [])],
    }));
    expect(suggestMapping(['E-Mail', 'Telefon'], contactFields)).toEqual({ '0': 'email_address', '1': 'phone_number' });
  });
  it('normalises umlauts, case and punctuation', () => {
    expect(normalise('Gebäude-Nr.')).toBe('gebaeude nr');
    expect(similarity('kaufdatum', 'kaufdatum')).toBe(1);
    expect(similarity('kaufdatum', 'farbe')).toBeLessThan(0.3);
  });
});

describe('numbers in another locale', () => {
  // docs/domain/spreadsheet.md, "Locale-aware parsing": the number's own shape decides where it can
  it.each([
    ['de', '1,234.56', '1234.56'],
    ['en-us', '1.234,56', '1234.56'],
    ['de-ch', '1,234.50', '1234.50'],
    ['de-ch', '1.234,50', '1234.50'],
    ['de-ch', "1'234,50", '1234.50'],
    ['de-ch', '2,5', '2.5'],
    ['en-us', '2,5', '2.5'],
  ] as const)('%s reads %s as %s', (locale, input, value) => {
    expect(parseNumber(input, 'money', locale)).toEqual({ ok: true, value });
  });
  it.each([
    ['de', '1.23.4'],
    ['de-ch', "12'34.5"],
    ['de', '1,234.567,5'],
    ['de-ch', '2,'],
    ['en-us', '1,2,3.5'],
  ] as const)('%s refuses %s', (locale, input) => {
    expect(parseNumber(input, 'money', locale).ok).toBe(false);
  });
});

describe('formula escaping round trip', () => {
  it('takes our escape back off', () => {
    for (const s of ['=SUM(A1)', '+41 44', '@x', '-5']) expect(unescapeFormula(escapeFormula(s))).toBe(s);
    expect(unescapeFormula("'quoted")).toBe("'quoted");
  });
});
