// One name field split into first and last name (registration with Fortify's form).
import { describe, expect, it } from 'vitest';
import { splitFullName } from '../../src/domain/person-name';

describe('splitFullName', () => {
  it('takes the last word as the last name and the rest as the first name', () => {
    expect(splitFullName('Anna Muster')).toEqual({ first_name: 'Anna', last_name: 'Muster' });
    expect(splitFullName(' Anna  Maria\u00a0Muster ')).toEqual({ first_name: 'Anna Maria', last_name: 'Muster' });
    expect(splitFullName('Hans-Peter Müller-Lüdenscheidt')).toEqual({
      first_name: 'Hans-Peter',
      last_name: 'Müller-Lüdenscheidt',
    });
  });

  it('keeps lower-case particles with the last name, but never the first word', () => {
    expect(splitFullName('Ludwig van Beethoven')).toEqual({ first_name: 'Ludwig', last_name: 'van Beethoven' });
    expect(splitFullName('Anna Maria de la Cruz')).toEqual({ first_name: 'Anna Maria', last_name: 'de la Cruz' });
    expect(splitFullName('de Gaulle')).toEqual({ first_name: 'de', last_name: 'Gaulle' });
    expect(splitFullName('Anna Van Muster')).toEqual({ first_name: 'Anna Van', last_name: 'Muster' });
  });

  it('reads "Last, First" with one comma', () => {
    expect(splitFullName('Muster, Anna Maria')).toEqual({ first_name: 'Anna Maria', last_name: 'Muster' });
    expect(splitFullName('van Beethoven,Ludwig')).toEqual({ first_name: 'Ludwig', last_name: 'van Beethoven' });
  });

  it('has no answer without both parts', () => {
    for (const name of ['Madonna', '  ', '', 'Muster,', ', Anna', 'a, b, c']) expect(splitFullName(name)).toBeNull();
  });
});
