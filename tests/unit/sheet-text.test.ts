// Exported cell text: formula escaping, CSV quoting, numbers and dates in the user's locale.
import { describe, expect, it } from 'vitest';
import { csvLine, dateText, escapeFormula, excelDateFormat, numberText, sheetName } from '../../src/domain/sheet-text';

describe('sheet text', () => {
  it('escapes cells Excel would run as formulas', () => {
    for (const s of ['=1+2', '+41 44', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(escapeFormula(s)).toBe(`'${s}`);
    for (const s of ['Boiler', '41', ' =x', '']) expect(escapeFormula(s)).toBe(s);
  });
  it('quotes CSV fields with the delimiter, quotes or line breaks', () => {
    expect(csvLine(['a', 'b;c', 'say "hi"', 'two\nlines', 'x,y'], ';')).toBe(
      'a;"b;c";"say ""hi""";"two\nlines";x,y\r\n',
    );
    expect(csvLine(['x,y'], ',')).toBe('"x,y"\r\n');
  });
  it('writes numbers and dates as the user types them', () => {
    expect(numberText('1234.5', 'de')).toBe('1234,5');
    expect(numberText('1234.5', 'de-ch')).toBe('1234.5');
    expect(numberText(7, 'en-us')).toBe('7');
    expect(dateText('2024-02-29', 'DD.MM.YYYY')).toBe('29.02.2024');
    expect(dateText('2024-02-29', 'MM/DD/YYYY')).toBe('02/29/2024');
    expect(excelDateFormat('DD.MM.YYYY')).toBe('dd.mm.yyyy');
  });
  it('makes a valid worksheet name', () => {
    expect(sheetName('Anlagen [alt]: 1/2')).toBe('Anlagen  alt   1 2');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });
});
