/// <reference types="node" />
/**
 * Reads the texts the voice check looks at (ADR 047) out of the source: every
 * string, template and JSX text of a file, as the TypeScript parser sees it, so
 * a text split over lines or built around a `${…}` is one text with `{}` holes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface SourceText {
  file: string;
  line: number;
  text: string;
  /** The property the text is the value of (`DINE_IN: 'Comer en el local'`), if any. */
  key?: string;
  /** The JSX element the text is the content of (`<dt>Subtotal</dt>`), if any. */
  tag?: string;
}

/** The repository's root, from this file's place in apps/web/src/testing. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The non-test .ts/.tsx files under a folder of the repository. */
export function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name)) found.push(full);
    }
  };
  walk(join(repoRoot, folder));
  return found.map((full) => relative(repoRoot, full)).sort();
}

/** The texts of one source file: strings, templates (holes as `{}`) and JSX text, but not module names. */
export function textsOfSource(
  file: string,
  source = readFileSync(join(repoRoot, file), 'utf8'),
): SourceText[] {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const texts: SourceText[] = [];
  const add = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!/\p{L}|\$/u.test(trimmed)) return;
    const found: SourceText = {
      file,
      line: parsed.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: trimmed,
    };
    const parent = node.parent;
    if (parent && ts.isPropertyAssignment(parent) && parent.initializer === node) {
      found.key = parent.name.getText(parsed);
    }
    if (ts.isJsxElement(node)) found.tag = node.openingElement.tagName.getText(parsed);
    texts.push(found);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      add(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('{}'));
    } else if (ts.isJsxElement(node)) {
      // An element's text runs and holes read as one text ('{item.quantity} x {item.name}' is '{} x {}').
      const runs = node.children.map((child) =>
        ts.isJsxText(child) ? child.text : ts.isJsxExpression(child) && child.expression ? '{}' : ' ',
      );
      if (node.children.some(ts.isJsxText)) add(node, runs.join(''));
      for (const child of node.children) if (!ts.isJsxText(child)) visit(child);
      visit(node.openingElement);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return texts;
}

/** The texts a venue's diners read in a tenant file: names, descriptions, group and question titles. */
export function textsOfTenant(file: string): SourceText[] {
  const texts: SourceText[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (['showName', 'description', 'groupName', 'title', 'text'].includes(key) || key === 'name')
        texts.push({ file, line: 0, text: value });
    } else if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (value && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) walk(inner, name);
    }
  };
  walk(JSON.parse(readFileSync(join(repoRoot, file), 'utf8')), '');
  return texts;
}
