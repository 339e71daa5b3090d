/**
 * Every number the checks judge by, with the reason for it, so that tuning one never
 * means touching a check (docs/checks.md).
 */
export const THRESHOLDS = {
  /** Shorter titles say too little to rank or to be chosen in results. */
  titleMinChars: 10,
  /** Search results cut titles off at about 60 characters (600 px). */
  titleMaxChars: 60,
  /** Shorter descriptions are usually replaced by a snippet the engine picks. */
  descriptionMinChars: 50,
  /** Search results cut descriptions off at about 160 characters. */
  descriptionMaxChars: 160,
  /** Shorter title words (a, of, to) carry no topic. */
  keywordMinLetters: 3,
  /** Half the title's topic words should appear in the text a reader sees. */
  keywordMinShare: 0.5,
  /** Long paths are truncated in results and hard to read or share. */
  urlMaxPathChars: 100,
  /** More parameters suggest faceted or session URLs that crawl badly. */
  urlMaxQueryParams: 2,
  /** A page must have fewer links than this: more dilutes each one and suggests a link farm. */
  linksLimit: 150,
  /** Beyond this a reader notices the wait for the document itself (RAIL's ~1 s budget, less rendering). */
  responseTimeMaxMs: 800,
  /** Decoded HTML size; 500 KB in decimal units, as HTTP tools and archives report sizes. */
  htmlMaxBytes: 500_000,
  /** Each subresource is a request; past this, requests rather than bytes dominate load time. */
  subresourcesMax: 50,
  /** Lighthouse's warning level for DOM size: style and layout cost grows with it. */
  domElementsMax: 1500,
  /** Each hop costs a round trip; one (http → https or a trailing slash) is tolerated. */
  redirectsMax: 1,
  /** 180 days: the minimum the HSTS preload list and most audits accept. */
  hstsMinMaxAgeSeconds: 15_552_000,
  /** Thinner pages are seldom judged to answer a query. */
  contentMinWords: 300,
  /** Below this share the page is mostly markup, scripts and styles. */
  textToHtmlMinRatio: 0.1,
  /** Below this share of the rendered words in the raw HTML, the page's text depends on its scripts. */
  rawContentMinShare: 0.5,
  /** Structured data items judged per page: past this a page lists one template's items over and over, and each costs time. */
  structuredDataMaxItems: 100,
  /** Evidence lists stop here so a report stays small. */
  evidenceMaxItems: 20,
  /** Evidence texts are cut here so a report stays small. */
  evidenceMaxChars: 200,
} as const;

/** Judgement calls where docs/checks.md leaves room, each with its reason. */
export const DECISIONS = {
  /** image_format when no image URL shows its format (/image?id=3): n/a, as a guess would fail sites that negotiate WebP. */
  imageFormatWhenUnknown: null,
} as const;
