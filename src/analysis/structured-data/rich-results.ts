/**
 * The schema.org types Google Search can show as rich results, with the properties its
 * documentation lists as required and recommended for each (the URL on every entry;
 * read 2026-11). Only what decides eligibility is encoded: Google's content policies
 * and value formats are not. HowTo is left out: Google no longer shows it (2023). FAQ
 * results were shown for well-known government and health sites only, and Google's FAQ
 * page (read 2026-11) says they stopped appearing on 2026-05-07, and that the FAQ report and
 * Rich Results Test support would go in June 2026; the FAQ entry still judges the markup.
 */

/** What a type's items, or the values of one of their properties, must and should have. */
export interface PropertyRules {
  /** Each entry must be present; a list is satisfied by any one of its properties. */
  readonly required: readonly (string | readonly string[])[];
  /** Missing ones are warnings: the item stays eligible. */
  readonly recommended: readonly string[];
  /** Rules for the nested items a property holds, judged when the property is present. */
  readonly nested?: Readonly<Record<string, PropertyRules>>;
}

export interface RichResultType extends PropertyRules {
  /** The rich result as Google's documentation names it. */
  readonly feature: string;
  /** The schema.org type it is about; its subtypes count too (NewsArticle is an Article). */
  readonly type: string;
  readonly docUrl: string;
}

const GOOGLE_DOCS =
  'https://developers.google.com/search/docs/appearance/structured-data';

/** A review's rating (review-snippet: reviewRating.bestRating and worstRating are recommended). */
const RATING: PropertyRules = {
  required: ['ratingValue'],
  recommended: ['bestRating', 'worstRating'],
};

const AGGREGATE_RATING: PropertyRules = {
  required: ['ratingValue', ['ratingCount', 'reviewCount']],
  recommended: ['bestRating', 'worstRating'],
};

const REVIEW: PropertyRules = {
  required: ['author', 'reviewRating'],
  recommended: ['datePublished'],
  nested: { reviewRating: RATING },
};

const OFFER: PropertyRules = {
  // An AggregateOffer states lowPrice; an Offer may put its price in a PriceSpecification.
  required: [['price', 'priceSpecification.price', 'lowPrice']],
  recommended: ['priceCurrency', 'availability'],
};

/** An author whose profile page Google asks to link (author.url, qapage and discussion-forum). */
const AUTHOR_URL: PropertyRules = { required: [], recommended: ['url'] };

/** A Q&A page's accepted or suggested answer. */
const ANSWER: PropertyRules = {
  required: ['text'],
  recommended: [
    'author',
    'comment',
    'commentCount',
    'dateModified',
    'datePublished',
    'digitalSourceType',
    'image',
    'upvoteCount',
    'url',
    'video',
  ],
  nested: { author: AUTHOR_URL },
};

export const RICH_RESULT_TYPES: readonly RichResultType[] = [
  {
    feature: 'Article',
    type: 'Article',
    docUrl: `${GOOGLE_DOCS}/article`,
    required: [],
    recommended: [
      'author',
      'datePublished',
      'dateModified',
      'headline',
      'image',
    ],
    nested: { author: { required: [], recommended: ['name', 'url'] } },
  },
  {
    feature: 'Breadcrumb',
    type: 'BreadcrumbList',
    docUrl: `${GOOGLE_DOCS}/breadcrumb`,
    // item is required on every crumb but the last (Google takes the page's URL there);
    // that per-position rule, and the doc's "two or more ListItems", are not encoded.
    required: ['itemListElement'],
    recommended: [],
    nested: {
      itemListElement: {
        required: ['position', ['name', 'item.name']],
        recommended: ['item'],
      },
    },
  },
  {
    feature: 'Product snippet',
    type: 'Product',
    docUrl: `${GOOGLE_DOCS}/product-snippet`,
    required: ['name', ['review', 'aggregateRating', 'offers']],
    recommended: ['review', 'aggregateRating', 'offers'],
    nested: {
      offers: OFFER,
      aggregateRating: AGGREGATE_RATING,
      review: REVIEW,
    },
  },
  {
    feature: 'FAQ',
    type: 'FAQPage',
    docUrl: `${GOOGLE_DOCS}/faqpage`,
    required: ['mainEntity'],
    recommended: [],
    nested: {
      mainEntity: {
        required: ['name', 'acceptedAnswer'],
        recommended: [],
        nested: { acceptedAnswer: { required: ['text'], recommended: [] } },
      },
    },
  },
  {
    feature: 'Organization',
    type: 'Organization',
    docUrl: `${GOOGLE_DOCS}/organization`,
    // No required property: the doc lists only recommended ones, most "if applicable".
    required: [],
    recommended: [
      'address',
      'alternateName',
      'contactPoint',
      'description',
      'duns',
      'email',
      'foundingDate',
      'globalLocationNumber',
      'hasMerchantReturnPolicy',
      'hasMemberProgram',
      'hasShippingService',
      'iso6523Code',
      'legalName',
      'leiCode',
      'logo',
      'naics',
      'name',
      'numberOfEmployees',
      'sameAs',
      'taxID',
      'telephone',
      'url',
      'vatID',
    ],
  },
  {
    feature: 'Local business',
    type: 'LocalBusiness',
    docUrl: `${GOOGLE_DOCS}/local-business`,
    required: ['name', 'address'],
    recommended: [
      'aggregateRating',
      'department',
      'geo',
      'menu',
      'openingHoursSpecification',
      'priceRange',
      'review',
      'servesCuisine',
      'telephone',
      'url',
    ],
    nested: { aggregateRating: AGGREGATE_RATING, review: REVIEW },
  },
  {
    feature: 'Event',
    type: 'Event',
    docUrl: `${GOOGLE_DOCS}/event`,
    required: ['name', 'startDate', 'location'],
    recommended: [
      'description',
      'endDate',
      'eventAttendanceMode',
      'eventStatus',
      'image',
      'offers',
      'organizer',
      'performer',
    ],
    nested: {
      offers: {
        required: [],
        recommended: [
          'price',
          'priceCurrency',
          'availability',
          'url',
          'validFrom',
        ],
      },
    },
  },
  {
    feature: 'Recipe',
    type: 'Recipe',
    docUrl: `${GOOGLE_DOCS}/recipe`,
    required: ['name', 'image'],
    recommended: [
      'aggregateRating',
      'author',
      'cookTime',
      'datePublished',
      'description',
      'keywords',
      'nutrition',
      'prepTime',
      'recipeCategory',
      'recipeCuisine',
      'recipeIngredient',
      'recipeInstructions',
      'recipeYield',
      'totalTime',
      'video',
    ],
    nested: { aggregateRating: AGGREGATE_RATING, review: REVIEW },
  },
  {
    feature: 'Video',
    type: 'VideoObject',
    docUrl: `${GOOGLE_DOCS}/video`,
    required: ['name', 'thumbnailUrl', 'uploadDate'],
    recommended: [
      'contentUrl',
      'description',
      'duration',
      'embedUrl',
      'expires',
      'hasPart',
      'ineligibleRegion',
      'interactionStatistic',
      'publication',
      'regionsAllowed',
    ],
  },
  {
    feature: 'Job posting',
    type: 'JobPosting',
    docUrl: `${GOOGLE_DOCS}/job-posting`,
    // A remote-only job states where applicants may live instead of a place of work.
    required: [
      'title',
      'description',
      'datePosted',
      'hiringOrganization',
      ['jobLocation', 'applicantLocationRequirements'],
    ],
    recommended: [
      'applicantLocationRequirements',
      'baseSalary',
      'directApply',
      'employmentType',
      'identifier',
      'jobLocationType',
      'validThrough',
    ],
  },
  {
    feature: 'Software app',
    type: 'SoftwareApplication',
    docUrl: `${GOOGLE_DOCS}/software-app`,
    required: ['name', 'offers', ['aggregateRating', 'review']],
    recommended: ['applicationCategory', 'operatingSystem'],
    nested: {
      offers: { required: ['price'], recommended: ['priceCurrency'] },
      aggregateRating: AGGREGATE_RATING,
      review: REVIEW,
    },
  },
  {
    feature: 'Dataset',
    type: 'Dataset',
    docUrl: `${GOOGLE_DOCS}/dataset`,
    required: ['name', 'description'],
    // The doc also recommends hasPart or isPartOf, whichever applies: not encoded, as
    // recommended entries here are single properties.
    recommended: [
      'alternateName',
      'creator',
      'citation',
      'distribution',
      'funder',
      'identifier',
      'includedInDataCatalog',
      'isAccessibleForFree',
      'keywords',
      'license',
      'measurementTechnique',
      'sameAs',
      'spatialCoverage',
      'temporalCoverage',
      'url',
      'variableMeasured',
      'version',
    ],
    nested: {
      distribution: {
        required: ['contentUrl'],
        recommended: ['encodingFormat'],
      },
    },
  },
  {
    feature: 'Review snippet',
    type: 'Review',
    docUrl: `${GOOGLE_DOCS}/review-snippet`,
    // A review on its own names what it reviews; nested in a Product it is judged there.
    required: ['itemReviewed', 'author', 'reviewRating'],
    recommended: ['datePublished'],
    nested: {
      reviewRating: RATING,
      itemReviewed: { required: ['name'], recommended: [] },
    },
  },
  {
    feature: 'Review snippet (aggregate rating)',
    type: 'AggregateRating',
    docUrl: `${GOOGLE_DOCS}/review-snippet`,
    required: ['itemReviewed', ...AGGREGATE_RATING.required],
    recommended: AGGREGATE_RATING.recommended,
    nested: { itemReviewed: { required: ['name'], recommended: [] } },
  },
  {
    feature: 'Q&A',
    type: 'QAPage',
    docUrl: `${GOOGLE_DOCS}/qapage`,
    required: ['mainEntity'],
    recommended: [],
    nested: {
      mainEntity: {
        required: [
          'name',
          'answerCount',
          ['acceptedAnswer', 'suggestedAnswer'],
        ],
        recommended: [
          'author',
          'comment',
          'commentCount',
          'dateModified',
          'datePublished',
          'digitalSourceType',
          'image',
          'text',
          'upvoteCount',
          'video',
        ],
        nested: {
          author: AUTHOR_URL,
          acceptedAnswer: ANSWER,
          suggestedAnswer: ANSWER,
        },
      },
    },
  },
  {
    feature: 'Course info',
    type: 'Course',
    docUrl: `${GOOGLE_DOCS}/course-info`,
    // hasCourseInstance and offers became required in 2024 (the course list needed neither).
    required: ['name', 'description', 'hasCourseInstance', 'offers'],
    recommended: ['provider', 'aggregateRating', 'image'],
    nested: { aggregateRating: AGGREGATE_RATING },
  },
  {
    feature: 'Movie carousel',
    type: 'Movie',
    docUrl: `${GOOGLE_DOCS}/movie`,
    required: ['name', 'image'],
    recommended: ['aggregateRating', 'dateCreated', 'director', 'review'],
    nested: { aggregateRating: AGGREGATE_RATING, review: REVIEW },
  },
  {
    feature: 'Image metadata',
    type: 'ImageObject',
    docUrl: `${GOOGLE_DOCS}/image-license-metadata`,
    // Google takes url for the image when contentUrl is missing (it prefers contentUrl).
    required: [
      ['contentUrl', 'url'],
      ['creator', 'creditText', 'copyrightNotice', 'license'],
    ],
    recommended: [
      'acquireLicensePage',
      'creator',
      'creditText',
      'copyrightNotice',
      'license',
    ],
    nested: { creator: { required: [], recommended: ['name'] } },
  },
  {
    feature: 'Profile page',
    type: 'ProfilePage',
    docUrl: `${GOOGLE_DOCS}/profile-page`,
    required: ['mainEntity'],
    recommended: ['dateCreated', 'dateModified'],
    nested: {
      mainEntity: {
        // alternateName (a handle) fulfils the name requirement when there is no name.
        required: [['name', 'alternateName']],
        recommended: [
          'agentInteractionStatistic',
          'alternateName',
          'identifier',
          'interactionStatistic',
          'description',
          'image',
          'sameAs',
        ],
      },
    },
  },
  {
    feature: 'Discussion forum',
    type: 'DiscussionForumPosting',
    docUrl: `${GOOGLE_DOCS}/discussion-forum`,
    required: ['author', 'datePublished', ['text', 'image', 'video']],
    recommended: [
      'comment',
      'commentCount',
      'creativeWorkStatus',
      'dateModified',
      'digitalSourceType',
      'headline',
      'image',
      'interactionStatistic',
      'isPartOf',
      'sharedContent',
      'text',
      'url',
      'video',
    ],
    nested: { author: { required: ['name'], recommended: ['url'] } },
  },
];
