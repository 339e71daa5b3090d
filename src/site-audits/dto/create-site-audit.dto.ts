import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { TARGET_URL_MAX_LENGTH } from '../../analysis/index.js';
import { IsTargetUrl } from '../../common/target-url.js';
import {
  DigitsAsInteger,
  EmptyAsAbsent,
  FormBoolean,
} from '../../common/transforms.js';
import {
  BodyCheckedInService,
  OnlyWith,
  OptionalNotNull,
} from '../../common/validation.js';
import { WithShareSettings } from '../../sharing/share-settings.dto.js';
import { WithSchedule } from '../../schedules/schedule-field.js';
import { DEFAULT_LAB_RUNS, MAX_LAB_RUNS } from '../../lab/index.js';

/** The most path prefixes `include` or `exclude` takes. */
export const MAX_PREFIXES = 20;
/** The deepest `max_depth`. */
export const MAX_DEPTH = 1_000;

/** A form sends `include=/a&include=/b` or `include=/a,/b`; one alone arrives as a string. */
const ListOfStrings = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === '') return undefined;
    if (typeof value !== 'string') return value;
    return value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
  });

/** Path prefixes that narrow the crawl's scope. */
const PathPrefixes = (name: string) => (target: object, key: string) => {
  ListOfStrings()(target, key);
  OptionalNotNull()(target, key);
  IsArray({ message: `${name} must be a list of path prefixes` })(target, key);
  ArrayMaxSize(MAX_PREFIXES, {
    message: `${name} takes at most ${MAX_PREFIXES} path prefixes`,
  })(target, key);
  IsString({ each: true, message: `each ${name} prefix must be a string` })(
    target,
    key,
  );
  MaxLength(1_024, {
    each: true,
    message: `each ${name} prefix is at most 1024 characters`,
  })(target, key);
  Matches(/^\//, {
    each: true,
    message: `each ${name} prefix must start with /`,
  })(target, key);
};

/** What a new audit crawls, and how: the first fields of its body. */
abstract class SiteAuditCrawlDto extends BodyCheckedInService {
  @ApiProperty({
    description:
      'Where the crawl starts: an absolute http or https URL, at most 2048 characters, without user-info. The site is the origin it ends on after its redirects.',
    example: 'https://example.com/',
    maxLength: TARGET_URL_MAX_LENGTH,
  })
  @EmptyAsAbsent()
  @IsTargetUrl()
  url: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    default: 500,
    description:
      'Pages the crawl requests at most, in breadth-first order; at most SITE_AUDIT_MAX_PAGES (10000 by default). Reaching it stops the audit with stop_reason max_pages.',
  })
  @DigitsAsInteger()
  @OptionalNotNull()
  @Min(1, { message: 'max_pages must be a whole number from 1' })
  @IsInt({ message: 'max_pages must be a whole number from 1' })
  max_pages?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_DEPTH,
    default: 10,
    description:
      'Links from a page this many clicks from the start page are not followed (0: the start page alone, and what sitemaps list).',
  })
  @DigitsAsInteger()
  @OptionalNotNull()
  @Max(MAX_DEPTH, { message: `max_depth must be at most ${MAX_DEPTH}` })
  @Min(0, {
    message: `max_depth must be a whole number from 0 to ${MAX_DEPTH}`,
  })
  @IsInt({ message: `max_depth must be a whole number from 0 to ${MAX_DEPTH}` })
  max_depth?: number;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_PREFIXES,
    example: ['/blog/'],
    description:
      'Only URLs whose path starts with one of these prefixes are in scope (the start URL always is). In a form: the field repeated, or one comma-separated value.',
  })
  @PathPrefixes('include')
  include?: string[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_PREFIXES,
    example: ['/cart/'],
    description:
      'URLs whose path starts with one of these prefixes are out of scope (never requested; links to them are recorded).',
  })
  @PathPrefixes('exclude')
  exclude?: string[];

  @ApiPropertyOptional({
    type: 'boolean',
    default: true,
    description:
      "Obey the site's robots.txt for the service's user agent: disallowed URLs are pages marked blocked_by_robots and never requested; a Crawl-delay (at most 10 s) spaces the requests.",
  })
  @FormBoolean()
  @OptionalNotNull()
  @IsBoolean({ message: 'respect_robots must be true or false' })
  respect_robots?: boolean;

  @ApiPropertyOptional({
    type: 'boolean',
    default: true,
    description:
      'Read /sitemap.xml and the sitemaps robots.txt names (indexes followed; at most 50 sitemaps and 50000 URLs): their in-scope URLs are crawled after the links, and judged by the sitemap checks.',
  })
  @FormBoolean()
  @OptionalNotNull()
  @IsBoolean({ message: 'sitemaps must be true or false' })
  sitemaps?: boolean;

  @ApiPropertyOptional({
    oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['auto'] }],
    default: false,
    description:
      'Render each HTML page in headless Chromium (every request under the address policy), as search engines do before they index it: the page checks judge the rendered DOM, the rendered-against-raw checks compare it with the raw HTML, and the crawl follows the links of the rendered DOM. Slower: each HTML page is fetched, then rendered (docs/rendering.md has the figures). `"auto"`: render the start page and the first pages of each template; a template whose samples rendering changed (text past a tenth, links, title, description, h1, canonical, robots directives) has every page rendered, the others are judged raw; each page says why (`render.choice`). 503 when the service has no Chromium.',
  })
  @FormBoolean()
  @OptionalNotNull()
  @IsIn([true, false, 'auto'], {
    message: 'render must be true, false or "auto"',
  })
  render?: boolean | 'auto';

  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description:
      "After the crawl is judged, a lab phase: the site's HTML pages grouped into templates (URL pattern and layout), and a few representative pages of each (1 + ⌊log2(pages)⌋, at most 5; the 50 biggest templates) measured in a lab browser, lab_runs runs each, one page at a time: Largest Contentful Paint, Cumulative Layout Shift, Total Blocking Time, First Contentful Paint, Speed Index. GET /site-audits/{id}/templates shows them. A page that cannot be measured is recorded with why and does not fail the audit. 503 when the service cannot measure.",
  })
  @FormBoolean()
  @OptionalNotNull()
  @IsBoolean({ message: 'lab must be true or false' })
  lab?: boolean;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_LAB_RUNS,
    default: DEFAULT_LAB_RUNS,
    description:
      'Runs per measured page with lab: true (422 without it); each metric is their median (Lighthouse: the median of 5 is about twice as stable as one run). A warm-up load before them is not counted.',
  })
  @OnlyWith('lab')
  @DigitsAsInteger()
  @OptionalNotNull()
  @Max(MAX_LAB_RUNS, { message: `lab_runs must be at most ${MAX_LAB_RUNS}` })
  @Min(1, {
    message: `lab_runs must be a whole number from 1 to ${MAX_LAB_RUNS}`,
  })
  @IsInt({
    message: `lab_runs must be a whole number from 1 to ${MAX_LAB_RUNS}`,
  })
  lab_runs?: number;
}

/** POST /api/v1/site-audits. The address policy, the password rule and max_pages' ceiling are the service's. */
export class CreateSiteAuditDto extends WithSchedule(
  WithShareSettings(SiteAuditCrawlDto),
  {
    default: 'off',
    description:
      'Audit the site again by itself every day or every week, from now on (`next_run_at` tells when): each run is a new audit of the same URL, settings and privacy, whose `scheduled_from` names this one. `off` (or null) never. An account has at most SCHEDULES_PER_ACCOUNT scheduled audits.',
  },
) {}
