// The administration models (src/entities/administration.ts) and the field kinds they brought: the hand list of the
// models agrees with the registry, a list of references takes at most 10,000 uuids and none twice, a JSON
// value is checked by its named schema within the depth and size limits.
import { describe, expect, it } from 'vitest';
import { RULE_MODELS } from '../../src/entities/administration';
import { entityList, entities } from '../../src/entities/registry';
import { createSchema, updateSchema } from '../../src/entities/schemas';
import { JSON_MAX_DEPTH } from '../../src/entities/json';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const issuePaths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => String(i.path[0]));

describe('administration models', () => {
  it('let filters and rules name exactly the models of the registry', () => {
    expect([...RULE_MODELS].sort()).toEqual(entityList.map((e) => e.name).sort());
  });

  it('take at most 10,000 references, none twice', () => {
    const schema = updateSchema(entities.user_group);
    const many = Array.from({ length: 10_000 }, (_, i) => uuid(i));
    expect(schema.safeParse({ member_uuids: many }).success).toBe(true);
    expect(issuePaths(schema.safeParse({ member_uuids: [...many, uuid(10_000)] }))).toEqual(['member_uuids']);
    expect(issuePaths(schema.safeParse({ member_uuids: [uuid(1), uuid(1).toUpperCase()] }))).toEqual(['member_uuids']);
    expect(issuePaths(schema.safeParse({ member_uuids: ['not-a-uuid'] }))).toEqual(['member_uuids']);
  });

  it('check JSON by its named schema, within depth and size', () => {
    const schema = createSchema(entities.permission_group);
    const base = { settings_group_uuid: uuid(1), name: 'Lesen' };
    expect(schema.safeParse({ ...base, rights: { facility: ['view', 'update'] } }).success).toBe(true);
    expect(issuePaths(schema.safeParse({ ...base, rights: { facility: ['update'] } }))).toEqual(['rights']);
    expect(issuePaths(schema.safeParse({ ...base, rights: { spaceship: ['view'] } }))).toEqual(['rights']);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i <= JSON_MAX_DEPTH; i++) deep = { a: deep };
    expect(issuePaths(schema.safeParse({ ...base, rights: deep }))).toEqual(['rights']);
    const large = {
      facility: ['view'],
      ...Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, 'x'.repeat(30)])),
    };
    expect(issuePaths(schema.safeParse({ ...base, rights: large }))).toEqual(['rights']);
  });
});
