/**
 * The voice check's rules (ADR 047): what a text we write may not contain, by
 * surface. The storefront, the rider app and the messages to diners speak *tú*,
 * the console *usted*; every surface uses the glossary's terms, money through
 * the formatter and ranges with an en dash. A text is the text of one string,
 * template or JSX run, with each `${…}` / `{…}` hole written as `{}`.
 */

export type VoiceSurface = 'tu' | 'usted';

export interface VoiceProblem {
  rule: string;
  found: string;
}

/**
 * Words that end like a *vos* verb but are not one: adverbs, nouns, names of
 * languages and countries, and the *tú* forms that *vos* shares (estás, sí).
 */
const NOT_VOS = new Set([
  // A weekday's abbreviation ('Mié'), not a voseo imperative.
  'mié',
  'más',
  'además',
  'jamás',
  'atrás',
  'detrás',
  'demás',
  'estás',
  'después',
  'través',
  'revés',
  'interés',
  'inglés',
  'francés',
  'portugués',
  'japonés',
  'cortés',
  'estrés',
  'país',
  'maíz',
  'está',
  'acá',
  'allá',
  'ahí',
  'aquí',
  'allí',
  'así',
  'sí',
  'mí',
  'qué',
  'sé',
  'té',
  'café',
  'ají',
  'maní',
  'menú',
  'quizá',
  'mamá',
  'papá',
  'sofá',
  'panamá',
  'canadá',
  'bogotá',
  'perú',
  'martí',
  'nicolás',
  'tomás',
  'andrés',
  'inés',
]);

/**
 * A *vos* verb, derived from how *vos* is built rather than listed: the present
 * stresses the ending (abonás, tenés, preferís; *tú*: abonas, tienes,
 * prefieres), the imperative drops the final -s and keeps the stress (intentá,
 * elegí; *tú*: intenta, elige), and ser gives 'sos'. The *tú* future ends the
 * same way after an r (verás, podrás, tendrás; será, podrá), so an ending after
 * -r is left alone: that lets a rare 'mirás' through, never flags a future.
 */
function vosVerb(word: string): boolean {
  const lower = word.toLowerCase();
  if (lower === 'vos' || lower === 'sos') return true;
  if (NOT_VOS.has(lower) || lower.length < 3) return false;
  if (/[áéí]s$/u.test(lower)) return !/r[áé]s$/u.test(lower);
  if (/[áéí]$/u.test(lower)) return !/r[áé]$/u.test(lower) && !/(gu|qu)é$/u.test(lower);
  return false;
}

/**
 * Our own *usted* on a *tú* surface: the verbs our texts use, in the *usted*
 * imperative and present, and an *usted* opening ('Debe…', 'Puede…'). Spec texts
 * in *usted* pass through the allow-list before this is asked.
 */
const USTED_WORDS =
  /(?<!\p{L})(usted|ustedes)(?!\p{L})|(^|[.!?¿¡,:]\s*|por favor\s+)(ingrese|seleccione|elija|intente|inténtelo|vuelva|verifique|revise|agregue|confirme|espere|aguarde|escriba|complete|indique|pruebe|utilice|introduzca|presione|comuníquese|asegúrese|contáctese|quítelo|elimínelo|disculpe|debe|desea)(?!\p{L})/iu;

/** *tú* in the console (staff are addressed as *usted*). */
const TU_WORDS =
  /(?<!\p{L})(tu|tus|puedes|tienes|quieres|debes|deseas|inténtalo)(?!\p{L})|(^|[.!?¿¡,:]\s*|por favor\s+)(elige|ingresa|selecciona|revisa|escribe|vuelve|intenta)(?!\p{L})/iu;

/**
 * The glossary's 'not' column (COPY.md): one term per concept. A rule with a
 * tag holds only for a JSX text in that element: 'Productos' heads a list of
 * items, but a `<dt>Productos</dt>` labels the items total, which is 'Subtotal'.
 */
const GLOSSARY: [RegExp, string, string?][] = [
  [
    /(?<!\p{L})órden(es)?(?!\p{L})|(?<!\p{L})orden(es)?(?! (de|del|en|por|alfabético)\b)(?!\p{L})/iu,
    'pedido',
  ],
  [/modalidad/iu, 'modo de pedido'],
  [/tipo de pedido/iu, 'modo de pedido'],
  [/costo de envío/iu, 'Envío'],
  [/tarifa de servicio/iu, 'Costo de servicio'],
  [/^Productos:?$/u, 'Subtotal', 'dt'],
  [/entre calles|(?<!\p{L})entre:/iu, 'Entrecalles'],
  [/código de seguridad del envío/iu, 'Clave de entrega'],
  [/pedido generado/iu, 'Pedido recibido'],
  [/chatear/iu, 'Escribir por WhatsApp'],
  [/escribir al local/iu, 'Escribir por WhatsApp'],
  [/Volver al menú/u, "'Volver al Menú' (spec)"],
  [/^En el local$/u, "'Comer en el local' (dine-in)"],
  [/(?<!\p{L})riders?(?!\p{L})/iu, 'repartidor'],
  [/(?<!\p{L})reclamos?(?!\p{L})/iu, 'Problemas reportados'],
  [/(?<!\p{L})abon(a|as|ás|á|e|ar|ará)(?!\p{L})/iu, "'Paga con', '¿Con cuánto vas a pagar?'"],
];

/** API answers a diner must never read: they are mapped to a sentence by the API client. */
const TECHNICAL =
  /Solicitud inválida|Error interno del servidor|^es obligatorio$|Internal Server Error|Bad Request|^[a-z]+(\.[\w[\]]+)+: /u;

/** A '$' typed next to an amount instead of the money formatter ('$ 8.000' comes from `moneyText`). */
const TYPED_MONEY = /\$\s?(\{\}|\d)|\$\s*$/u;

/** A range written with a hyphen between numbers or between two holes ('30-45 min', `${a}-${b}`). */
const HYPHEN_RANGE = /(?<![\d-])\d{1,2}(:\d{2})?\s?-\s?\d{1,3}(:\d{2})?(?![\d-])|\{\}\s?-\s?\{\}/u;

/**
 * Whether a text is code rather than words a person reads: an identifier, a
 * class list, a key, a path, an SVG path, markup or a pattern. A single
 * capitalised word ('Productos', 'Recibí') is words.
 */
export function voiceCodeLike(text: string): boolean {
  if (/^[\p{Lu}¿¡][\p{Ll}]+[:.!?]?$/u.test(text)) return false;
  if (!/\s/.test(text)) return true;
  if (/^[a-z][\w{}-]*( [a-z][\w{}-]*)+$/.test(text) && /[-_]/.test(text) && !/\p{Lu}/u.test(text))
    return true;
  return /^(\.{0,2}\/|@|\^|[Mm][\d.\s-])|<\/?\w+[ >/]|:\/\/|\\[dws]/u.test(text);
}

/** A quantity written with a letter x ('2 x Provoleta', '{} x {}'): COPY.md writes '2 ×'. */
const LETTER_TIMES = /(\{\}|(?<![\p{L}\d])\d+) x (\{\}|\p{L})/u;

/** Every rule the text breaks on its surface. */
export function voiceProblems(text: string, surface: VoiceSurface, tag?: string): VoiceProblem[] {
  const problems: VoiceProblem[] = [];
  if (voiceCodeLike(text.trim())) return problems;
  for (const word of text.match(/\p{L}+/gu) ?? []) {
    if (vosVerb(word)) problems.push({ rule: 'vos', found: word });
  }
  const wrongRegister = (surface === 'tu' ? USTED_WORDS : TU_WORDS).exec(text);
  if (wrongRegister) problems.push({ rule: surface === 'tu' ? 'usted' : 'tú', found: wrongRegister[0] });
  for (const [pattern, use, only] of GLOSSARY) {
    if (only && only !== tag) continue;
    const found = pattern.exec(text);
    if (found) problems.push({ rule: `glossary (use ${use})`, found: found[0] });
  }
  const technical = TECHNICAL.exec(text);
  if (technical) problems.push({ rule: 'technical', found: technical[0] });
  const money = TYPED_MONEY.exec(text);
  if (money) problems.push({ rule: "typed '$' (use the money formatter)", found: money[0] });
  const times = LETTER_TIMES.exec(text);
  if (times) problems.push({ rule: "quantity (use '×')", found: times[0] });
  const range = HYPHEN_RANGE.exec(text);
  if (range) problems.push({ rule: "hyphen range (use '–')", found: range[0] });
  return problems;
}
