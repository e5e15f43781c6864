// The subset singletons (shared-subsets.mjs) hold every name the workspace imports, and only real ones:
// a name missing from a list is `undefined` at runtime in every app, so this fails first.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sharedSubsets, subsetModuleSource, wholePackageRequest } from '../shared-subsets.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const sourceRoots = ['apps', 'packages'].flatMap((group) =>
  readdirSync(path.join(root, group))
    .map((name) => path.join(root, group, name, 'src'))
    .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory()),
);

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (/\.[cm]?[jt]sx?$/.test(name) && !name.endsWith('.d.ts')) yield file;
  }
}

/** Value imports of the subset packages: { package: Map<name, first file> } and whole-module uses. */
function scanImports() {
  const named = Object.fromEntries(Object.keys(sharedSubsets).map((pkg) => [pkg, new Map()]));
  const whole = [];
  for (const dir of sourceRoots) {
    for (const file of sourceFiles(dir)) {
      const text = readFileSync(file, 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const where = path.relative(root, file);
      const visit = (node) => {
        if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const [arg] = node.arguments;
          if (arg && ts.isStringLiteral(arg) && named[arg.text])
            whole.push(`${where}: import('${arg.text}')`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      for (const statement of source.statements) {
        const spec = statement.moduleSpecifier;
        if (!spec || !ts.isStringLiteral(spec) || !named[spec.text]) continue;
        const names = named[spec.text];
        if (ts.isImportDeclaration(statement)) {
          const clause = statement.importClause;
          if (!clause || clause.isTypeOnly) continue;
          if (clause.name) whole.push(`${where}: default import of ${spec.text}`);
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) whole.push(`${where}: import * from ${spec.text}`);
          if (bindings && ts.isNamedImports(bindings))
            for (const el of bindings.elements)
              if (!el.isTypeOnly) {
                const name = (el.propertyName ?? el.name).text;
                if (!names.has(name)) names.set(name, where);
              }
        } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
          const clause = statement.exportClause;
          if (!clause || !ts.isNamedExports(clause)) whole.push(`${where}: export * from ${spec.text}`);
          else
            for (const el of clause.elements)
              if (!el.isTypeOnly) {
                const name = (el.propertyName ?? el.name).text;
                if (!names.has(name)) names.set(name, where);
              }
        }
      }
    }
  }
  return { named, whole };
}

describe('shared subsets', () => {
  const { named, whole } = scanImports();

  it('the scan sees the workspace (antd and react-router-dom imports)', () => {
    expect(sourceRoots.length).toBeGreaterThan(5);
    expect(named.antd.get('Table')).toBeDefined();
    expect(named['react-router-dom'].get('useNavigate')).toBeDefined();
  });

  it.each(Object.keys(sharedSubsets))('every value imported from %s is in its list', (pkg) => {
    const missing = [...named[pkg]]
      .filter(([name]) => !sharedSubsets[pkg].includes(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing, `add to sharedSubsets['${pkg}'] in packages/build-config/shared-subsets.mjs`).toEqual([]);
  });

  it('no source takes a subset package whole (default, namespace, export *, dynamic import)', () => {
    expect(whole).toEqual([]);
  });

  it.each(Object.keys(sharedSubsets))('every name listed for %s is a real export of it', (pkg) => {
    const require = createRequire(path.join(root, 'apps', 'shell', 'package.json'));
    const exported = Object.keys(require(pkg));
    expect(sharedSubsets[pkg].filter((name) => !exported.includes(name))).toEqual([]);
  });

  it('the provided module re-exports exactly the list, from the whole package by its alias', () => {
    const source = subsetModuleSource('react-router-dom');
    expect(source).toContain(`from '${wholePackageRequest('react-router-dom')}'`);
    const listed = /export \{ ([^}]+) \}/.exec(source)?.[1].split(', ');
    expect(listed).toEqual([...sharedSubsets['react-router-dom']]);
  });
});
