// The records engine names no model: what one model does beyond the generic routes and writes is declared in its
// module under server/models and handed to the engine through one registry (README, "Adding a model"). This test
// reads the engine's files (server/crud, server/imports, server/spreadsheet) with the TypeScript parser, so
// comments never count, and reports:
//
// 1. a string literal (or a template without substitutions) equal to a model's name or plural from
//    src/entities/registry.ts: `entity.name === 'task'`, `case 'ticket':`, `entityByName('property')`,
//    `{ order: … }['order']`. The plural `attributes` is not counted: it is also the column every record has. Three
//    vocabularies share words with the models, and such a word is allowed where it
//    plainly means the other one: a scope (`property`, `settings_group`) as an operand of an equality comparison
//    with `scope` or a property named so (`entity.scope === 'property'`); a field kind (`area`) likewise with
//    `kind` (`field.kind === 'area'`); and the list's selected context (`property`, `partition`; docs/domain/api.md,
//    "List query") as an argument of `contextColumn(entity, 'partition')`; a key of a type in an indexed access
//    (`ListQuery['filter']`). `scope === 'task'` is still reported;
// 2. a model picked from the registry object by name: `entities.task`, `entities['task']`;
// 3. an import of a model's module: anything under server/models or server/documents, a model definition file of
//    src/entities (one that calls defineEntity), or a model's table from server/db/entity-tables (only the generic
//    `entityTables` map may be imported).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/entities/registry';
import { FIELD_KINDS } from '../../src/entities/fields';
import type { Scope } from '../../src/entities/define';

const ROOT = path.resolve(__dirname, '../..');
const ENGINE_DIRS = ['server/crud', 'server/imports', 'server/spreadsheet'];
// `attributes` is the column every record has (docs/domain/fields.md, "Common record fields") as well as the plural of
// the attribute model: the engine names the column, never the model by its plural (its name `attribute` still counts)
const COMMON_COLUMNS = new Set(['attributes']);
const MODEL_WORDS = new Set(entityList.flatMap((e) => [e.name, e.plural]).filter((w) => !COMMON_COLUMNS.has(w)));
const MODEL_KEYS = new Set(entityList.map((e) => e.name));
const SCOPES: readonly Scope[] = ['property', 'settings_group'];
/** The words of each vocabulary, by what they are compared with or passed to. */
const COMPARED_WITH: Record<string, readonly string[]> = { scope: SCOPES, kind: FIELD_KINDS };
const PASSED_TO: Record<string, readonly string[]> = { contextColumn: ['property', 'partition'] };
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

const modelDefinitionFiles = fs
  .readdirSync(path.join(ROOT, 'src/entities'))
  .filter(
    (f) => f.endsWith('.ts') && fs.readFileSync(path.join(ROOT, 'src/entities', f), 'utf8').includes('defineEntity('),
  )
  .map((f) => path.join(ROOT, 'src/entities', f.replace(/\.ts$/, '')));

const own = (table: Record<string, readonly string[]>, key: string) => (Object.hasOwn(table, key) ? table[key]! : []);

/** `scope`, `x.scope`, `kind`, `field.kind`: the vocabulary a word compared with it belongs to. */
function vocabularyOf(node: ts.Expression): readonly string[] {
  if (ts.isIdentifier(node)) return own(COMPARED_WITH, node.text);
  if (ts.isPropertyAccessExpression(node)) return own(COMPARED_WITH, node.name.text);
  return [];
}

function literalAllowed(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): boolean {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent) && EQUALITY.has(parent.operatorToken.kind))
    return vocabularyOf(parent.left === node ? parent.right : parent.left).includes(node.text);
  if (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && parent.arguments.includes(node))
    return own(PASSED_TO, parent.expression.text).includes(node.text);
  // a property of a type (`ListQuery['filter']`, the list query's parameter) is a key of that type, not a model
  if (ts.isLiteralTypeNode(parent) && ts.isIndexedAccessTypeNode(parent.parent)) return true;
  return false;
}

function importProblem(file: string, specifier: string, clause: ts.ImportClause | undefined): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(file), specifier);
  const rel = path.relative(ROOT, target);
  if (rel.startsWith('server/models') || rel.startsWith('server/documents')) return `imports ${rel}`;
  if (modelDefinitionFiles.includes(target)) return `imports the model definition ${rel}`;
  if (rel === 'server/db/entity-tables') {
    const named = clause?.namedBindings;
    const names = named && ts.isNamedImports(named) ? named.elements.map((e) => e.name.text) : ['*'];
    const models = names.filter((n) => n !== 'entityTables');
    if (models.length || clause?.name) return `imports ${models.join(', ')} from ${rel}`;
  }
  return null;
}

/** Where a file's code names a model, as `line: text (why)`. */
function modelNames(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, why: string) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    found.push(`${path.relative(ROOT, file)}:${line}: ${node.getText(sf)} (${why})`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const problem = importProblem(file, node.moduleSpecifier.text, node.importClause);
      if (problem) report(node, problem);
      return;
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && MODEL_WORDS.has(node.text)) {
      if (!literalAllowed(node)) report(node, 'a model name');
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'entities' &&
      MODEL_KEYS.has(node.name.text)
    )
      report(node, 'a model from the registry by name');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(d.name) ? [full] : [];
  });

describe('the records engine names no model', () => {
  it('finds no model name, registry pick or model import in server/crud, server/imports, server/spreadsheet', () => {
    const files = ENGINE_DIRS.flatMap((d) => filesUnder(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((f) => modelNames(f, fs.readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('reports each way of naming a model, and allows scopes, field kinds, list contexts and comments', () => {
    const at = path.join(ROOT, 'server/crud/example.ts');
    const named = (code: string) => modelNames(at, code).length;
    for (const code of [
      "if (entity.name === 'task') x();",
      "if ('ticket' !== entity.name) x();",
      "switch (entity.name) { case 'order': break; }",
      "const p = entityByName('property');",
      "const p = entityByPlural('task-events');",
      'const t = `facilities`;',
      "const hooks = { a: 1 }['contract'];",
      'const e = entities.order_line;',
      "const e = entities['contact'];",
      "if (scope === 'task') x();",
      "import { ticket } from '../models/ticket';",
      "import { documentHooks } from '../documents/document-hooks';",
      "import { task } from '../../src/entities/task';",
      "import { task as tasks } from '../db/entity-tables';",
    ])
      expect(named(code), code).toBe(1);
    for (const code of [
      "if (entity.scope === 'property') x();",
      "if (target.scope !== 'property' && scope === 'settings_group') x();",
      "if (kind === 'money' || kind === 'area') x();",
      "const byPartition = contextColumn(entity, 'partition');",
      "// entity.name === 'task' in a comment; case 'order':",
      "const where = 'property_uuid';",
      "import { entityTables } from '../db/entity-tables';",
      "import { entityByName } from '../../src/entities/registry';",
      'const u = `/${entity.plural}/${uuid}`;',
    ])
      expect(named(code), code).toBe(0);
  });
});
