/**
 * Link texts that say nothing of where a link goes, by language: the list Lighthouse's
 * link-text audit (version 12) judges by, so that both tools agree on a page.
 */
export const GENERIC_LINK_TEXTS: Readonly<Record<string, ReadonlySet<string>>> =
  {
    en: new Set([
      'click here',
      'click this',
      'go',
      'here',
      'information',
      'learn more',
      'more',
      'more info',
      'more information',
      'right here',
      'read more',
      'see more',
      'start',
      'this',
    ]),
    ja: new Set([
      'ここをクリック',
      'こちらをクリック',
      'リンク',
      '続きを読む',
      '続く',
      '全文表示',
    ]),
    es: new Set([
      'click aquí',
      'click aqui',
      'clicka aquí',
      'clicka aqui',
      'pincha aquí',
      'pincha aqui',
      'aquí',
      'aqui',
      'más',
      'mas',
      'más información',
      'más informacion',
      'mas información',
      'mas informacion',
      'este',
      'enlace',
      'este enlace',
      'empezar',
    ]),
    pt: new Set([
      'clique aqui',
      'ir',
      'mais informação',
      'mais informações',
      'mais',
      'veja mais',
    ]),
    ko: new Set([
      '여기',
      '여기를 클릭',
      '클릭',
      '링크',
      '자세히',
      '자세히 보기',
      '계속',
      '이동',
      '전체 보기',
    ]),
    sv: new Set([
      'här',
      'klicka här',
      'läs mer',
      'mer',
      'mer info',
      'mer information',
    ]),
    de: new Set([
      'klicke hier',
      'hier klicken',
      'hier',
      'mehr',
      'siehe',
      'dies',
      'das',
      'weiterlesen',
    ]),
    ta: new Set([
      'அடுத்த பக்கம்',
      'மறுபக்கம்',
      'முந்தைய பக்கம்',
      'முன்பக்கம்',
      'மேலும் அறிக',
      'மேலும் தகவலுக்கு',
      'மேலும் தரவுகளுக்கு',
      'தயவுசெய்து இங்கே அழுத்தவும்',
      'இங்கே கிளிக் செய்யவும்',
    ]),
    fa: new Set([
      'اطلاعات بیشتر',
      'اطلاعات',
      'این',
      'اینجا بزنید',
      'اینجا کلیک کنید',
      'اینجا',
      'برو',
      'بیشتر بخوانید',
      'بیشتر بدانید',
      'بیشتر',
      'شروع',
    ]),
  };

const EVERY_LANGUAGE: ReadonlySet<string> = new Set(
  Object.values(GENERIC_LINK_TEXTS).flatMap((texts) => [...texts]),
);

/** The generic texts of a page in `lang` (a language tag); every language's when it is unknown or not covered. */
export function genericLinkTextsFor(
  lang: string | undefined,
): ReadonlySet<string> {
  const primary = lang?.trim().toLowerCase().split('-')[0] ?? '';
  return GENERIC_LINK_TEXTS[primary] ?? EVERY_LANGUAGE;
}
