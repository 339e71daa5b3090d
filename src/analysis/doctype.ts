/**
 * The document's doctype and the rendering mode it puts browsers in, by the HTML
 * standard's rules ("the initial insertion mode"): a fact of the page, read from the
 * start of its HTML as a browser's tokenizer reads it.
 */

export interface Doctype {
  /** As written, from `<!` to `>`. */
  text: string;
  /** Lower case; empty when missing. */
  name: string;
  /** null when absent (an empty string is present). */
  publicId: string | null;
  systemId: string | null;
  /** The tokenizer's force-quirks flag: a doctype too malformed to trust. */
  forceQuirks: boolean;
}

export type RenderingMode = 'no-quirks' | 'limited-quirks' | 'quirks';

const WHITESPACE = /[\t\n\f\r ]/;

/**
 * The doctype that opens the document, or null when there is none. A byte order
 * mark, white space, comments and `<?…>` (an XML declaration, a bogus comment to
 * HTML) may come before it, as browsers allow.
 */
export function doctypeOf(html: string): Doctype | null {
  let at = html.startsWith('\uFEFF') ? 1 : 0;
  for (;;) {
    while (at < html.length && WHITESPACE.test(html[at])) at++;
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      if (end === -1) return null;
      at = end + 3;
    } else if (html.startsWith('<?', at)) {
      const end = html.indexOf('>', at + 2);
      if (end === -1) return null;
      at = end + 1;
    } else break;
  }
  if (html.slice(at, at + 9).toLowerCase() !== '<!doctype') return null;
  return new DoctypeReader(html, at).read();
}

/** The DOCTYPE states of the HTML tokenizer, from `<!DOCTYPE` to its `>`. */
class DoctypeReader {
  private at: number;
  private readonly doctype: Doctype = {
    text: '',
    name: '',
    publicId: null,
    systemId: null,
    forceQuirks: false,
  };

  constructor(
    private readonly html: string,
    private readonly start: number,
  ) {
    this.at = start + 9;
  }

  read(): Doctype {
    this.skipWhitespace();
    if (this.atEnd() || this.peek() === '>') return this.finish(true);
    let name = '';
    while (
      !this.atEnd() &&
      !WHITESPACE.test(this.peek()) &&
      this.peek() !== '>'
    )
      name += this.html[this.at++];
    this.doctype.name = name.toLowerCase();
    this.skipWhitespace();
    if (this.atEnd()) return this.finish(true);
    if (this.peek() === '>') return this.finish(false);
    const keyword = this.html.slice(this.at, this.at + 6).toLowerCase();
    if (keyword !== 'public' && keyword !== 'system') return this.bogus(true);
    this.at += 6;
    this.skipWhitespace();
    const first = this.quoted();
    if (first === null) return this.bogus(true);
    if (keyword === 'system') {
      this.doctype.systemId = first;
    } else {
      this.doctype.publicId = first;
      this.skipWhitespace();
      if (this.atEnd()) return this.finish(true);
      if (this.peek() === '>') return this.finish(false);
      const second = this.quoted();
      if (second === null) return this.bogus(true);
      this.doctype.systemId = second;
    }
    this.skipWhitespace();
    if (this.atEnd()) return this.finish(true);
    // Characters after the identifiers are an error, but not one that forces quirks.
    return this.peek() === '>' ? this.finish(false) : this.bogus(false);
  }

  /** A quoted identifier; null when there is no quote, or `>` cuts it short (quirks). */
  private quoted(): string | null {
    const quote = this.peek();
    if (quote !== '"' && quote !== "'") return null;
    const close = this.html.indexOf(quote, this.at + 1);
    const end = this.html.indexOf('>', this.at + 1);
    if (close === -1 || (end !== -1 && end < close)) return null;
    const value = this.html.slice(this.at + 1, close);
    this.at = close + 1;
    return value;
  }

  private bogus(forceQuirks: boolean): Doctype {
    const end = this.html.indexOf('>', this.at);
    this.at = end === -1 ? this.html.length : end;
    return this.finish(forceQuirks || end === -1);
  }

  private finish(forceQuirks: boolean): Doctype {
    this.doctype.forceQuirks ||= forceQuirks;
    this.doctype.text = this.html.slice(this.start, this.at + 1);
    return this.doctype;
  }

  private skipWhitespace(): void {
    while (!this.atEnd() && WHITESPACE.test(this.peek())) this.at++;
  }

  private peek(): string {
    return this.html[this.at];
  }

  private atEnd(): boolean {
    return this.at >= this.html.length;
  }
}

/** Public identifiers (lower case) whose start puts browsers in quirks mode (HTML standard). */
const QUIRKS_PUBLIC_PREFIXES = [
  '+//silmaril//dtd html pro v0r11 19970101//',
  '-//as//dtd html 3.0 aswedit + extensions//',
  '-//advasoft ltd//dtd html 3.0 aswedit + extensions//',
  '-//ietf//dtd html 2.0 level 1//',
  '-//ietf//dtd html 2.0 level 2//',
  '-//ietf//dtd html 2.0 strict level 1//',
  '-//ietf//dtd html 2.0 strict level 2//',
  '-//ietf//dtd html 2.0 strict//',
  '-//ietf//dtd html 2.0//',
  '-//ietf//dtd html 2.1e//',
  '-//ietf//dtd html 3.0//',
  '-//ietf//dtd html 3.2 final//',
  '-//ietf//dtd html 3.2//',
  '-//ietf//dtd html 3//',
  '-//ietf//dtd html level 0//',
  '-//ietf//dtd html level 1//',
  '-//ietf//dtd html level 2//',
  '-//ietf//dtd html level 3//',
  '-//ietf//dtd html strict level 0//',
  '-//ietf//dtd html strict level 1//',
  '-//ietf//dtd html strict level 2//',
  '-//ietf//dtd html strict level 3//',
  '-//ietf//dtd html strict//',
  '-//ietf//dtd html//',
  '-//metrius//dtd metrius presentational//',
  '-//microsoft//dtd internet explorer 2.0 html strict//',
  '-//microsoft//dtd internet explorer 2.0 html//',
  '-//microsoft//dtd internet explorer 2.0 tables//',
  '-//microsoft//dtd internet explorer 3.0 html strict//',
  '-//microsoft//dtd internet explorer 3.0 html//',
  '-//microsoft//dtd internet explorer 3.0 tables//',
  '-//netscape comm. corp.//dtd html//',
  '-//netscape comm. corp.//dtd strict html//',
  "-//o'reilly and associates//dtd html 2.0//",
  "-//o'reilly and associates//dtd html extended 1.0//",
  "-//o'reilly and associates//dtd html extended relaxed 1.0//",
  '-//sq//dtd html 2.0 hotmetal + extensions//',
  '-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//',
  '-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//',
  '-//spyglass//dtd html 2.0 extended//',
  '-//sun microsystems corp.//dtd hotjava html//',
  '-//sun microsystems corp.//dtd hotjava strict html//',
  '-//w3c//dtd html 3 1995-03-24//',
  '-//w3c//dtd html 3.2 draft//',
  '-//w3c//dtd html 3.2 final//',
  '-//w3c//dtd html 3.2//',
  '-//w3c//dtd html 3.2s draft//',
  '-//w3c//dtd html 4.0 frameset//',
  '-//w3c//dtd html 4.0 transitional//',
  '-//w3c//dtd html experimental 19960712//',
  '-//w3c//dtd html experimental 970421//',
  '-//w3c//dtd w3 html//',
  '-//w3o//dtd w3 html 3.0//',
  '-//webtechs//dtd mozilla html 2.0//',
  '-//webtechs//dtd mozilla html//',
];
const QUIRKS_PUBLIC_IDS = [
  '-//w3o//dtd w3 html strict 3.0//en//',
  '-/w3c/dtd html 4.0 transitional/en',
  'html',
];
const QUIRKS_SYSTEM_ID =
  'http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd';
/** HTML 4.01 Frameset and Transitional: quirks without a system identifier, limited quirks with one. */
const HTML401_LOOSE_PREFIXES = [
  '-//w3c//dtd html 4.01 frameset//',
  '-//w3c//dtd html 4.01 transitional//',
];
const LIMITED_QUIRKS_PUBLIC_PREFIXES = [
  '-//w3c//dtd xhtml 1.0 frameset//',
  '-//w3c//dtd xhtml 1.0 transitional//',
];

/** The mode a browser renders a text/html document in, by its doctype. */
export function renderingModeOf(doctype: Doctype | null): RenderingMode {
  if (doctype === null || doctype.forceQuirks || doctype.name !== 'html')
    return 'quirks';
  const publicId = doctype.publicId?.toLowerCase() ?? null;
  const systemId = doctype.systemId?.toLowerCase() ?? null;
  const startsWithAny = (prefixes: readonly string[]) =>
    publicId !== null && prefixes.some((prefix) => publicId.startsWith(prefix));
  if (
    (publicId !== null && QUIRKS_PUBLIC_IDS.includes(publicId)) ||
    systemId === QUIRKS_SYSTEM_ID ||
    startsWithAny(QUIRKS_PUBLIC_PREFIXES) ||
    (systemId === null && startsWithAny(HTML401_LOOSE_PREFIXES))
  )
    return 'quirks';
  if (
    startsWithAny(LIMITED_QUIRKS_PUBLIC_PREFIXES) ||
    (systemId !== null && startsWithAny(HTML401_LOOSE_PREFIXES))
  )
    return 'limited-quirks';
  return 'no-quirks';
}
