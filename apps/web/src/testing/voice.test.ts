/// <reference types="node" />
import { describe, expect, it } from 'vitest';
import { type VoiceSurface, voiceProblems } from './voice-rules';
import { type SourceText, sourceFiles, textsOfSource, textsOfTenant } from './voice-sources';
import { SPEC_TEXTS, VOICE_EXCEPTIONS } from './voice-spec-texts';

/** A spec text as a pattern: `{name}` (or the spec's `${min}`) is any hole, a trailing '...' any rest. */
const specPatterns = SPEC_TEXTS.map((text) => {
  const cut = text.replace(/,? ?\.\.\.$/, '');
  const escaped = cut
    .split(/\$?\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\{\\}');
  return new RegExp(`(?<!\\p{L})${escaped}${cut === text ? '(?!\\p{L})' : '[^]*'}`, 'gu');
});

/**
 * 'En el local' is the spec's rider step (the action on ON_ROUTE_TO_PICK_UP, the
 * IN_STORE state); for the dine-in mode the glossary says 'Comer en el local'.
 */
const riderStep = ({ text, key }: SourceText) =>
  text === 'En el local' && /^(IN_STORE|atStore|ON_ROUTE_TO_PICK_UP)$/.test(key ?? '');

/** A text with the spec's quoted texts and the known exceptions taken out. */
function ownWords(found: SourceText): string {
  let rest = riderStep(found) ? '' : found.text;
  for (const exception of VOICE_EXCEPTIONS) rest = rest.split(exception.text).join(' ');
  for (const pattern of specPatterns) rest = rest.replace(pattern, ' ');
  return rest;
}

function problemsOf(texts: SourceText[], surface: VoiceSurface): string[] {
  return texts.flatMap((found) =>
    voiceProblems(ownWords(found), surface, found.tag).map(
      (problem) => `${found.file}:${found.line} ${problem.rule}: '${problem.found}' in '${found.text}'`,
    ),
  );
}

// The venue management screens (/console/gestion, issue 19) speak to staff too.
const isConsole = (file: string) =>
  /\/features\/(console|manage)\//.test(file) || /\/app\/routes\/(console|manage)\.tsx$/.test(file);

/** Texts written for staff, in the domain's and the API's shared files (named by what they hold). */
const isStaffOnly = (file: string) => /console|staff|table-qr/.test(file);

// Parsing some three hundred files takes a few seconds, more on a shared machine.
const PARSE_TIMEOUT_MS = 60_000;

/** The problems of every text of some source files. */
const sourceProblems = (files: string[], surface: VoiceSurface) =>
  problemsOf(
    files.flatMap((file) => textsOfSource(file)),
    surface,
  );

describe('the voice check (ADR 047)', () => {
  it(
    'finds no vos, no usted of ours, no glossary slip, typed $, hyphen range, letter x or API jargon on the storefront and rider app',
    () => {
      const files = sourceFiles('apps/web/src').filter(
        (file) => !isConsole(file) && !file.includes('/testing/'),
      );
      expect(files.length).toBeGreaterThan(100);
      expect(sourceProblems(files, 'tu')).toEqual([]);
    },
    PARSE_TIMEOUT_MS,
  );

  it(
    'keeps the console in usted, with the same glossary and formats',
    () => {
      const files = sourceFiles('apps/web/src').filter(isConsole);
      expect(files.length).toBeGreaterThan(10);
      expect(sourceProblems(files, 'usted')).toEqual([]);
    },
    PARSE_TIMEOUT_MS,
  );

  it(
    'keeps the texts the domain gives the storefront, the rider app and the diners’ messages in tú',
    () => {
      const files = sourceFiles('packages/domain/src').filter((file) => !isStaffOnly(file));
      expect(sourceProblems(files, 'tu')).toEqual([]);
    },
    PARSE_TIMEOUT_MS,
  );

  it('keeps the demo tenant’s menu, options and survey in tú', () => {
    const texts = textsOfTenant('apps/api/src/tenant/demo-tenant.json');
    expect(texts.length).toBeGreaterThan(100);
    expect(problemsOf(texts, 'tu')).toEqual([]);
  });

  it('refuses a planted vos text, our own usted, a glossary slip, a typed $, a hyphen range, a letter x and API jargon', () => {
    const planted = `
      const a = '¿Qué buscás?';
      const b = <p>Intentá de nuevo</p>;
      const c = 'Pedí online';
      const d = \`Si tenés un código, \${code}\`;
      const e = 'Ingrese su nombre';
      const f = 'Tarifa de servicio';
      const g = \`Total: $ \${total}\`;
      const h = '30-45 min';
      const i = 'Solicitud inválida';
      const j = 'body.phone: es obligatorio';
      const k = 'Preferís la cocción jugosa';
      const l = <li>{quantity} x {name}</li>;
      const m = <dt>Productos</dt>;
    `;
    const found = problemsOf(textsOfSource('planted.tsx', planted), 'tu').map((line) =>
      line.replace(/ in '.*$/, ''),
    );
    expect(found).toEqual([
      "planted.tsx:2 vos: 'buscás'",
      "planted.tsx:3 vos: 'Intentá'",
      "planted.tsx:4 vos: 'Pedí'",
      "planted.tsx:5 vos: 'tenés'",
      "planted.tsx:6 usted: 'Ingrese'",
      "planted.tsx:7 glossary (use Costo de servicio): 'Tarifa de servicio'",
      "planted.tsx:8 typed '$' (use the money formatter): '$ {}'",
      "planted.tsx:9 hyphen range (use '–'): '30-45'",
      "planted.tsx:10 technical: 'Solicitud inválida'",
      "planted.tsx:11 technical: 'body.phone: '",
      "planted.tsx:12 vos: 'Preferís'",
      "planted.tsx:13 quantity (use '×'): '{} x {}'",
      "planted.tsx:14 glossary (use Subtotal): 'Productos'",
    ]);
  });

  it('lets the tú future, the spec’s usted texts and the known exceptions through', () => {
    const planted = `
      const a = 'La verás cuando salgas; podrás pagar cuando llegue y será más rápido.';
      const b = \`Debe ingresar \${what} para poder realizar el pedido.\`;
      const c = 'Debe ingresar su nombre para poder realizar el pedido.';
      const d = 'Recibí un producto equivocado';
      const e = 'Si continúas, se cancelará el envío';
      const f = '30–45 min';
    `;
    expect(problemsOf(textsOfSource('planted.tsx', planted), 'tu')).toEqual([
      "planted.tsx:3 usted: 'Debe' in 'Debe ingresar {} para poder realizar el pedido.'",
    ]);
  });

  it('refuses tú in the console', () => {
    expect(problemsOf(textsOfSource('planted.tsx', "const a = 'Revisa tu conexión';"), 'usted')).toEqual([
      "planted.tsx:1 tú: 'Revisa' in 'Revisa tu conexión'",
    ]);
  });
});
