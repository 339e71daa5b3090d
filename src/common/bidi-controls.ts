/**
 * Unicode's bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and marks (U+200E, U+200F, U+061C). In text a site wrote, they make
 * what a reader sees differ from what is there (`\u202Egpj.exe` reads `exe.jpg`).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text with each bidi control written as its code point, `[U+202E]`: shown, never obeyed. */
export function visibleBidiControls(text: string): string {
  return text.replace(
    BIDI_CONTROLS,
    (c) =>
      `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}
