/**
 * The one fact about routes the server needs, the pages that load only the simple context (it hints the full context
 * ahead of every other page), is kept beside the rules as SIMPLE_CONTEXT_PATHS: the routes' own declarations
 * (`staticData.simpleContext`) are read here from their files, so the two cannot drift apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SIMPLE_CONTEXT_PATHS } from '../../domain/navigation/rules';

const ROUTES_DIR = join(import.meta.dirname);

interface Declared {
  routeId: string;
  staticData: Record<string, string | boolean>;
}

/** each route file's id (createFileRoute('…'), '__root__' for the root) and its staticData's literal members */
function declaredRoutes(): Declared[] {
  return readdirSync(ROUTES_DIR)
    .filter((f) => f.endsWith('.tsx') && !f.startsWith('-'))
    .map((file) => {
      const source = ts.createSourceFile(file, readFileSync(join(ROUTES_DIR, file), 'utf8'), ts.ScriptTarget.Latest);
      let routeId = '__root__';
      const staticData: Record<string, string | boolean> = {};
      const visit = (node: ts.Node): void => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'createFileRoute' &&
          node.arguments[0] &&
          ts.isStringLiteral(node.arguments[0])
        )
          routeId = node.arguments[0].text;
        if (
          ts.isPropertyAssignment(node) &&
          ts.isIdentifier(node.name) &&
          node.name.text === 'staticData' &&
          ts.isObjectLiteralExpression(node.initializer)
        )
          for (const p of node.initializer.properties)
            if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name)) {
              const v = p.initializer;
              if (ts.isStringLiteral(v)) staticData[p.name.text] = v.text;
              else if (v.kind === ts.SyntaxKind.TrueKeyword) staticData[p.name.text] = true;
              else if (v.kind === ts.SyntaxKind.FalseKeyword) staticData[p.name.text] = false;
            }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return { routeId, staticData };
    });
}

describe('route declarations', () => {
  const routes = declaredRoutes();

  it('finds every route file with its declared access rule', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => typeof r.staticData.access !== 'string').map((r) => r.routeId)).toEqual([]);
  });

  it("lists for the server exactly the routes declared simpleContext, as path prefixes (a parameter's place ends one)", () => {
    const declared = [
      ...new Set(routes.filter((r) => r.staticData.simpleContext === true).map((r) => r.routeId.split('$')[0])),
    ];
    expect(declared.length).toBeGreaterThan(0);
    expect([...SIMPLE_CONTEXT_PATHS].sort()).toEqual(declared.sort());
  });
});
