import tags from 'language-tags';

/**
 * hreflang values as Google reads them: `x-default`, or a language with an optional
 * script and region (ISO 639, ISO 15924, ISO 3166-1 or UN M.49), each subtag known to
 * the IANA language subtag registry and not deprecated in it. Case does not matter.
 */

/** language, then an optional script, then an optional region: the forms hreflang takes. */
const HREFLANG_FORM =
  /^(?<language>[a-z]{2,3})(?:-(?<script>[a-z]{4}))?(?:-(?<region>[a-z]{2}|[0-9]{3}))?$/i;

/** Why the value is not an hreflang code, or null when it is one. */
export function hreflangCodeProblem(code: string): string | null {
  if (code.toLowerCase() === 'x-default') return null;
  if (code === '') return 'empty';
  if (code.includes('_')) {
    return 'written with "_": subtags are separated by "-"';
  }
  const form = HREFLANG_FORM.exec(code)?.groups;
  if (form === undefined) {
    return 'not of the form language(-script)(-region): a language is 2 or 3 letters, a script 4 letters, a region 2 letters or 3 digits';
  }
  const { language, script, region } = form;
  return (
    subtagProblem('language', language, tags.language(language)) ??
    (script === undefined
      ? null
      : subtagProblem('script', script, tags.type(script, 'script'))) ??
    (region === undefined
      ? null
      : subtagProblem('region', region, tags.region(region)))
  );
}

function subtagProblem(
  kind: 'language' | 'script' | 'region',
  written: string,
  subtag: tags.Subtag | null,
): string | null {
  if (subtag === null) return `unknown ${kind} "${written}"`;
  if (subtag.deprecated() === null) return null;
  const preferred = subtag.preferred();
  return preferred === null
    ? `deprecated ${kind} "${written}"`
    : `deprecated ${kind} "${written}": use "${preferred.format()}"`;
}
