/**
 * Where a text stops being JSON (RFC 8259), as an offset into it: the place a JSON-LD
 * syntax error is reported at. JSON.parse says whether the text is JSON; its message
 * gives no position on every Node version, so this scanner finds it.
 */

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERAL = /true|false|null/y;

/** The offset of the first character that breaks the JSON; null when the text is JSON. */
export function jsonErrorOffset(text: string): number | null {
  let at = 0;
  // Open containers on an explicit stack, as nesting may be deep.
  const open: ('array' | 'object')[] = [];
  let expecting: 'value' | 'key' | 'separator' = 'value';
  const match = (pattern: RegExp) => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  for (;;) {
    while (at < text.length && WHITESPACE.has(text[at])) at++;
    const next = text[at];
    if (expecting === 'value') {
      if (next === '{' || next === '[') {
        open.push(next === '{' ? 'object' : 'array');
        at++;
        while (at < text.length && WHITESPACE.has(text[at])) at++;
        if (text[at] === (next === '{' ? '}' : ']')) {
          open.pop();
          at++;
          expecting = 'separator';
        } else {
          expecting = next === '{' ? 'key' : 'value';
        }
      } else if (match(STRING) || match(NUMBER) || match(LITERAL)) {
        expecting = 'separator';
      } else {
        return at;
      }
    } else if (expecting === 'key') {
      if (!match(STRING)) return at;
      while (at < text.length && WHITESPACE.has(text[at])) at++;
      if (text[at] !== ':') return at;
      at++;
      expecting = 'value';
    } else {
      const container = open.at(-1);
      if (container === undefined) return at < text.length ? at : null;
      if (next === ',') {
        at++;
        expecting = container === 'object' ? 'key' : 'value';
      } else if (next === (container === 'object' ? '}' : ']')) {
        open.pop();
        at++;
      } else {
        return at;
      }
    }
  }
}
