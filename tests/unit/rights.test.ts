// Editing rights one box at a time (src/domain/rights.ts; docs/domain/permissions.md, "Permission groups").
import { describe, expect, it } from 'vitest';
import { toggleRight } from '../../src/domain/rights';
import { rightsSchema } from '../../src/entities/permissions';

describe('toggleRight', () => {
  it('grants view with any other right, in the order of RIGHTS', () => {
    expect(toggleRight({}, 'facility', 'delete', true)).toEqual({ facility: ['view', 'delete'] });
    expect(toggleRight({ facility: ['view', 'delete'] }, 'facility', 'create', true)).toEqual({
      facility: ['view', 'create', 'delete'],
    });
  });
  it('takes the whole row with view, and one right otherwise', () => {
    expect(toggleRight({ facility: ['view', 'update'], task: ['view'] }, 'facility', 'view', false)).toEqual({
      task: ['view'],
    });
    expect(toggleRight({ facility: ['view', 'update'] }, 'facility', 'update', false)).toEqual({ facility: ['view'] });
  });
  it('always yields rights the server accepts', () => {
    let rights = {};
    for (const [right, on] of [
      ['export', true],
      ['view', false],
      ['archive', true],
      ['view', true],
    ] as const)
      rights = toggleRight(rights, 'contract', right, on);
    expect(rightsSchema.safeParse(rights).success).toBe(true);
  });
});
