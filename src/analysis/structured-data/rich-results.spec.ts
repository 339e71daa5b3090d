import { parsePage } from '../parse.js';
import { judgeStructuredData } from './judge.js';
import type { RichResultVerdict } from './judge.js';
import { RICH_RESULT_TYPES } from './rich-results.js';

/**
 * Each rich result with the example of Google's documentation for it (the page is the
 * entry's docUrl): eligible as written, and ineligible, naming the property, once a
 * required one is gone. Those marked "Google's example, as published" are the JSON-LD of
 * the doc page as it stands (read 2026-11), without the HTML around it; the others are
 * trimmed to the properties the rules read where the example is long.
 */

type Json = Record<string, unknown>;

const CONTEXT = { '@context': 'https://schema.org' };

const EXAMPLES: Record<string, Json> = {
  // article: the NewsArticle example.
  Article: {
    '@type': 'NewsArticle',
    headline: 'Title of a News Article',
    image: [
      'https://example.com/photos/1x1/photo.jpg',
      'https://example.com/photos/4x3/photo.jpg',
      'https://example.com/photos/16x9/photo.jpg',
    ],
    datePublished: '2024-01-05T08:00:00+08:00',
    dateModified: '2024-02-05T09:20:00+08:00',
    author: [
      {
        '@type': 'Person',
        name: 'Jane Doe',
        url: 'https://example.com/profile/janedoe123',
      },
      {
        '@type': 'Person',
        name: 'John Doe',
        url: 'https://example.com/profile/johndoe123',
      },
    ],
  },
  // https://developers.google.com/search/docs/appearance/structured-data/breadcrumb
  // Google's example, as published (the single trail, "Books > Science Fiction > Award Winners").
  Breadcrumb: {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      {
        '@type': 'ListItem',
        position: 1,
        name: 'Books',
        item: 'https://example.com/books',
      },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Science Fiction',
        item: 'https://example.com/books/sciencefiction',
      },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Award Winners',
      },
    ],
  },
  // product-snippet: the product review page example (Executive Anvil).
  'Product snippet': {
    '@type': 'Product',
    name: 'Executive Anvil',
    description:
      "Sleeker than ACME's Classic Anvil, the Executive Anvil is perfect for the business traveler looking for something to drop from a height.",
    review: {
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5 },
      author: { '@type': 'Person', name: 'Fred Benson' },
    },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: 4.4,
      reviewCount: 89,
    },
  },
  // https://developers.google.com/search/docs/appearance/structured-data/faqpage
  // Google's example, as published.
  FAQ: {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: [
      {
        '@type': 'Question',
        name: 'How to find an apprenticeship?',
        acceptedAnswer: {
          '@type': 'Answer',
          text: '<p>We provide an official service to search through available apprenticeships. To get started, create an account here, specify the desired region, and your preferences. You will be able to search through all officially registered open apprenticeships.</p>',
        },
      },
      {
        '@type': 'Question',
        name: 'Whom to contact?',
        acceptedAnswer: {
          '@type': 'Answer',
          text: 'You can contact the apprenticeship office through our official phone hotline above, or with the web-form below. We generally respond to written requests within 7-10 days.',
        },
      },
    ],
  },
  // https://developers.google.com/search/docs/appearance/structured-data/organization
  // Google's example, as published (the Organization example).
  Organization: {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    url: 'https://www.example.com',
    sameAs: [
      'https://example.net/profile/example1234',
      'https://example.org/example1234',
    ],
    logo: 'https://www.example.com/images/logo.png',
    name: 'Example Corporation',
    description:
      'The example corporation is well-known for producing high-quality widgets',
    email: 'contact@example.com',
    telephone: '+47-99-999-9999',
    address: {
      '@type': 'PostalAddress',
      streetAddress: 'Rue Improbable 99',
      addressLocality: 'Paris',
      addressCountry: 'FR',
      addressRegion: 'Ile-de-France',
      postalCode: '75001',
    },
    vatID: 'FR12345678901',
    iso6523Code: '0199:724500PMK2A2M1SQQ228',
  },
  // https://developers.google.com/search/docs/appearance/structured-data/local-business
  // Google's example, as published (the simple listing, Dave's Steak House).
  'Local business': {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    image: [
      'https://example.com/photos/1x1/photo.jpg',
      'https://example.com/photos/4x3/photo.jpg',
      'https://example.com/photos/16x9/photo.jpg',
    ],
    name: "Dave's Steak House",
    address: {
      '@type': 'PostalAddress',
      streetAddress: '148 W 51st St',
      addressLocality: 'New York',
      addressRegion: 'NY',
      postalCode: '10019',
      addressCountry: 'US',
    },
    review: {
      '@type': 'Review',
      reviewRating: {
        '@type': 'Rating',
        ratingValue: 4,
        bestRating: 5,
      },
      author: {
        '@type': 'Person',
        name: 'Lillian Ruiz',
      },
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: 40.761293,
      longitude: -73.982294,
    },
    url: 'https://www.example.com/restaurant-locations/manhattan',
    telephone: '+12122459600',
    servesCuisine: 'American',
    priceRange: '$$$',
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday'],
        opens: '11:30',
        closes: '22:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Wednesday', 'Thursday', 'Friday'],
        opens: '11:30',
        closes: '23:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'Saturday',
        opens: '16:00',
        closes: '23:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'Sunday',
        opens: '16:00',
        closes: '22:00',
      },
    ],
    menu: 'https://www.example.com/menu',
  },
  // event: "The Adventures of Kira and Morrison".
  Event: {
    '@type': 'Event',
    name: 'The Adventures of Kira and Morrison',
    startDate: '2025-07-21T19:00-05:00',
    endDate: '2025-07-21T23:00-05:00',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: {
      '@type': 'Place',
      name: 'Snickerpark Stadium',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '100 West Snickerpark Dr',
        addressLocality: 'Snickertown',
        postalCode: '19019',
        addressRegion: 'PA',
        addressCountry: 'US',
      },
    },
    image: ['https://example.com/photos/1x1/photo.jpg'],
    description:
      "The Adventures of Kira and Morrison is coming to Snickertown in a can't miss performance.",
    offers: {
      '@type': 'Offer',
      url: 'https://www.example.com/event_offer/12345_202403180430',
      price: 30,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      validFrom: '2024-05-21T12:00',
    },
    performer: { '@type': 'PerformingGroup', name: 'Kira and Morrison' },
    organizer: {
      '@type': 'Organization',
      name: 'Kira and Morrison Music',
      url: 'https://kiraandmorrisonmusic.com',
    },
  },
  // recipe: the Non-Alcoholic Piña Colada example.
  Recipe: {
    '@type': 'Recipe',
    name: 'Non-Alcoholic Piña Colada',
    image: ['https://example.com/photos/1x1/photo.jpg'],
    author: { '@type': 'Person', name: 'Mary Stone' },
    datePublished: '2024-03-10',
    description: "This non-alcoholic pina colada is everyone's favorite!",
    recipeCuisine: 'American',
    prepTime: 'PT1M',
    cookTime: 'PT2M',
    totalTime: 'PT3M',
    keywords: 'non-alcoholic',
    recipeYield: '4 servings',
    recipeCategory: 'Drink',
    nutrition: { '@type': 'NutritionInformation', calories: '120 calories' },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: 5,
      ratingCount: 18,
    },
    recipeIngredient: [
      '400ml of pineapple juice',
      '100ml cream of coconut',
      'ice',
    ],
    recipeInstructions: [
      {
        '@type': 'HowToStep',
        name: 'Blend',
        text: 'Blend 400ml of pineapple juice and 100ml cream of coconut until smooth.',
      },
    ],
    video: {
      '@type': 'VideoObject',
      name: 'How to Make a Non-Alcoholic Piña Colada',
      thumbnailUrl: ['https://example.com/photos/1x1/photo.jpg'],
      uploadDate: '2024-02-05T08:00:00+08:00',
    },
  },
  // https://developers.google.com/search/docs/appearance/structured-data/video
  // Google's example, as published (the standard video rich result).
  Video: {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: 'Introducing the self-driving bicycle in the Netherlands',
    description:
      "This spring, Google is introducing the self-driving bicycle in Amsterdam, the world's premier cycling city. The Dutch cycle more than any other nation in the world, almost 900 kilometres per year per person, amounting to over 15 billion kilometres annually. The self-driving bicycle enables safe navigation through the city for Amsterdam residents, and furthers Google's ambition to improve urban mobility with technology. Google Netherlands takes enormous pride in the fact that a Dutch team worked on this innovation that will have great impact in their home country.",
    thumbnailUrl: [
      'https://example.com/photos/1x1/photo.jpg',
      'https://example.com/photos/4x3/photo.jpg',
      'https://example.com/photos/16x9/photo.jpg',
    ],
    uploadDate: '2024-03-31T08:00:00+08:00',
    duration: 'PT1M54S',
    contentUrl: 'https://www.example.com/video/123/file.mp4',
    embedUrl: 'https://www.example.com/embed/123',
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: 5647018,
    },
    regionsAllowed: ['US', 'NL'],
  },
  // https://developers.google.com/search/docs/appearance/structured-data/job-posting
  // Google's example, as published (the standard job posting).
  'Job posting': {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: 'Software Engineer',
    description:
      '<p>Google aspires to be an organization that reflects the globally diverse audience that our products and technology serve. We believe that in addition to hiring the best talent, a diversity of perspectives, ideas and cultures leads to the creation of better products and services.</p>',
    identifier: {
      '@type': 'PropertyValue',
      name: 'Google',
      value: '1234567',
    },
    datePosted: '2024-01-18',
    validThrough: '2024-03-18T00:00',
    employmentType: 'CONTRACTOR',
    hiringOrganization: {
      '@type': 'Organization',
      name: 'Google',
      sameAs: 'https://www.google.com',
      logo: 'https://www.example.com/images/logo.png',
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1600 Amphitheatre Pkwy',
        addressLocality: 'Mountain View',
        addressRegion: 'CA',
        postalCode: '94043',
        addressCountry: 'US',
      },
    },
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: {
        '@type': 'QuantitativeValue',
        value: 40.0,
        unitText: 'HOUR',
      },
    },
  },
  // software-app: the Angry Birds example.
  'Software app': {
    '@type': 'SoftwareApplication',
    name: 'Angry Birds',
    operatingSystem: 'ANDROID',
    applicationCategory: 'GameApplication',
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: 4.6,
      ratingCount: 8864,
    },
    offers: { '@type': 'Offer', price: 1.0, priceCurrency: 'USD' },
  },
  // https://developers.google.com/search/docs/appearance/structured-data/dataset
  // Google's example, as published.
  Dataset: {
    '@context': 'https://schema.org/',
    '@type': 'Dataset',
    name: 'NCDC Storm Events Database',
    description:
      'Storm Data is provided by the National Weather Service (NWS) and contain statistics on...',
    url: 'https://catalog.data.gov/dataset/ncdc-storm-events-database',
    sameAs:
      'https://gis.ncdc.noaa.gov/geoportal/catalog/search/resource/details.page?id=gov.noaa.ncdc:C00510',
    identifier: [
      'https://doi.org/10.1000/182',
      'https://identifiers.org/ark:/12345/fk1234',
    ],
    keywords: [
      'ATMOSPHERE > ATMOSPHERIC PHENOMENA > CYCLONES',
      'ATMOSPHERE > ATMOSPHERIC PHENOMENA > DROUGHT',
      'ATMOSPHERE > ATMOSPHERIC PHENOMENA > FOG',
      'ATMOSPHERE > ATMOSPHERIC PHENOMENA > FREEZE',
    ],
    license: 'https://creativecommons.org/publicdomain/zero/1.0/',
    isAccessibleForFree: true,
    hasPart: [
      {
        '@type': 'Dataset',
        name: 'Sub dataset 01',
        description: 'Informative description of the first subdataset...',
        license: 'https://creativecommons.org/publicdomain/zero/1.0/',
        creator: {
          '@type': 'Organization',
          name: 'Sub dataset 01 creator',
        },
      },
      {
        '@type': 'Dataset',
        name: 'Sub dataset 02',
        description: 'Informative description of the second subdataset...',
        license: 'https://creativecommons.org/publicdomain/zero/1.0/',
        creator: {
          '@type': 'Organization',
          name: 'Sub dataset 02 creator',
        },
      },
    ],
    creator: {
      '@type': 'Organization',
      url: 'https://www.ncei.noaa.gov/',
      name: 'OC/NOAA/NESDIS/NCEI > National Centers for Environmental Information, NESDIS, NOAA, U.S. Department of Commerce',
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: '+1-828-271-4800',
        email: 'ncei.orders@noaa.gov',
      },
    },
    funder: {
      '@type': 'Organization',
      sameAs: 'https://ror.org/00tgqzw13',
      name: 'National Weather Service',
    },
    includedInDataCatalog: {
      '@type': 'DataCatalog',
      name: 'data.gov',
    },
    distribution: [
      {
        '@type': 'DataDownload',
        encodingFormat: 'CSV',
        contentUrl: 'https://www.ncdc.noaa.gov/stormevents/ftp.jsp',
      },
      {
        '@type': 'DataDownload',
        encodingFormat: 'XML',
        contentUrl:
          'https://gis.ncdc.noaa.gov/all-records/catalog/search/resource/details.page?id=gov.noaa.ncdc:C00510',
      },
    ],
    temporalCoverage: '1950-01-01/2013-12-18',
    spatialCoverage: {
      '@type': 'Place',
      geo: {
        '@type': 'GeoShape',
        box: '18.0 -65.0 72.0 172.0',
      },
    },
  },
  // https://developers.google.com/search/docs/appearance/structured-data/review-snippet
  // Google's example, as published (the simple review).
  'Review snippet': {
    '@context': 'https://schema.org/',
    '@type': 'Review',
    itemReviewed: {
      '@type': 'Restaurant',
      image: 'https://www.example.com/seafood-restaurant.jpg',
      name: 'Legal Seafood',
      servesCuisine: 'Seafood',
      priceRange: '$$$',
      telephone: '1234567',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '123 William St',
        addressLocality: 'New York',
        addressRegion: 'NY',
        postalCode: '10038',
        addressCountry: 'US',
      },
    },
    reviewRating: {
      '@type': 'Rating',
      ratingValue: 4,
    },
    author: {
      '@type': 'Person',
      name: 'Bob Smith',
    },
    publisher: {
      '@type': 'Organization',
      name: 'Washington Times',
    },
  },
  // https://developers.google.com/search/docs/appearance/structured-data/review-snippet
  // Google's example, as published (the aggregate rating).
  'Review snippet (aggregate rating)': {
    '@context': 'https://schema.org/',
    '@type': 'AggregateRating',
    itemReviewed: {
      '@type': 'Restaurant',
      image: 'https://www.example.com/seafood-restaurant.jpg',
      name: 'Legal Seafood',
      servesCuisine: 'Seafood',
      telephone: '1234567',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '123 William St',
        addressLocality: 'New York',
        addressRegion: 'NY',
        postalCode: '10038',
        addressCountry: 'US',
      },
    },
    ratingValue: 88,
    bestRating: 100,
    ratingCount: 20,
  },
  // https://developers.google.com/search/docs/appearance/structured-data/qapage
  // Google's example, as published.
  'Q&A': {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    mainEntity: {
      '@type': 'Question',
      name: 'How many ounces are there in a pound?',
      text: 'I have taken up a new interest in baking and keep running across directions in ounces and pounds. I have to translate between them and was wondering how many ounces are in a pound?',
      answerCount: 3,
      upvoteCount: 26,
      datePublished: '2024-02-14T15:34-05:00',
      author: {
        '@type': 'Person',
        name: 'Mary Stone',
        url: 'https://example.com/profiles/mary-stone',
      },
      acceptedAnswer: {
        '@type': 'Answer',
        text: '1 pound (lb) is equal to 16 ounces (oz).',
        image: 'https://example.com/images/conversion-chart.jpg',
        upvoteCount: 1337,
        url: 'https://example.com/question1#acceptedAnswer',
        datePublished: '2024-02-14T16:34-05:00',
        author: {
          '@type': 'Person',
          name: 'Julius Fernandez',
          url: 'https://example.com/profiles/julius-fernandez',
        },
      },
      suggestedAnswer: [
        {
          '@type': 'Answer',
          text: 'Are you looking for ounces or fluid ounces? If you are looking for fluid ounces there are 15.34 fluid ounces in a pound of water.',
          upvoteCount: 42,
          url: 'https://example.com/question1#suggestedAnswer1',
          datePublished: '2024-02-14T15:39-05:00',
          author: {
            '@type': 'Person',
            name: 'Kara Weber',
            url: 'https://example.com/profiles/kara-weber',
          },
          comment: {
            '@type': 'Comment',
            text: "I'm looking for ounces, not fluid ounces.",
            datePublished: '2024-02-14T15:40-05:00',
            author: {
              '@type': 'Person',
              name: 'Mary Stone',
              url: 'https://example.com/profiles/mary-stone',
            },
          },
        },
        {
          '@type': 'Answer',
          text: " I can't remember exactly, but I think 18 ounces in a lb. You might want to double check that.",
          upvoteCount: 0,
          url: 'https://example.com/question1#suggestedAnswer2',
          datePublished: '2024-02-14T16:02-05:00',
          author: {
            '@type': 'Person',
            name: 'Joe Cobb',
            url: 'https://example.com/profiles/joe-cobb',
          },
        },
      ],
    },
  },
  // https://developers.google.com/search/docs/appearance/structured-data/course-info
  // Google's example, as public copies of it reproduce it (that page is not stored here):
  // two agree on its body line for line, a third on its head (name, description,
  // publisher, provider, images). Its comments are left out, as JSON has none.
  'Course info': {
    '@context': 'https://schema.org/',
    '@id': 'https://www.example.com/advancedCpp',
    '@type': 'Course',
    name: 'Learn Advanced C++ Topics',
    description: 'Improve your C++ skills by learning advanced topics.',
    publisher: {
      '@type': 'Organization',
      name: 'CourseWebsite',
      url: 'www.examplecoursewebsite.com',
    },
    provider: {
      '@type': 'Organization',
      name: 'Example University',
      url: 'www.example.com',
    },
    image: [
      'https://example.com/photos/1x1/photo.jpg',
      'https://example.com/photos/4x3/photo.jpg',
      'https://example.com/photos/16x9/photo.jpg',
    ],
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: 4,
      ratingCount: 1234,
      reviewCount: 450,
    },
    offers: [
      {
        '@type': 'Offer',
        category: 'Paid',
        priceCurrency: 'EUR',
        price: 10.99,
      },
    ],
    totalHistoricalEnrollment: 12345,
    datePublished: '2019-03-21',
    educationalLevel: 'Advanced',
    about: ['C++ Coding', 'Backend Engineering'],
    teaches: [
      'Practice and apply systems thinking to plan for change',
      'Understand how memory allocation works.',
    ],
    financialAidEligible: 'Scholarship Available',
    inLanguage: 'en',
    availableLanguage: ['fr', 'es'],
    syllabusSections: [
      {
        '@type': 'Syllabus',
        name: 'Memory Allocation',
        description:
          'Learn how memory is allocated when creating C++ variables.',
        timeRequired: 'PT6H',
      },
      {
        '@type': 'Syllabus',
        name: 'C++ Pointers',
        description: 'Learn what a C++ pointer is and when they are used.',
        timeRequired: 'PT11H',
      },
    ],
    review: [
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Lou S.' },
        datePublished: '2020-08-31',
        reviewBody: 'My C++ skills improved, but the pace was too fast.',
        reviewRating: { '@type': 'Rating', bestRating: 10, ratingValue: 6 },
      },
    ],
    coursePrerequisites: [
      'Basic understanding of C++ up to arrays and functions.',
      'https://www.example.com/beginnerCpp',
    ],
    educationalCredentialAwarded: [
      {
        '@type': 'EducationalOccupationalCredential',
        name: 'CourseProvider Certificate',
        url: 'www.example.com',
        credentialCategory: 'Certificate',
        offers: [
          {
            '@type': 'Offer',
            category: 'Paid',
            price: 5,
            priceCurrency: 'USD',
          },
        ],
      },
    ],
    video: {
      '@type': 'VideoObject',
      name: 'Video name',
      description: 'A video previewing this course.',
      uploadDate: '2022-03-28',
      contentUrl: 'www.example.come/mp4',
      thumbnailUrl: 'www.example.com/thumbnailurl.jpg',
    },
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        courseMode: 'Blended',
        location: 'Example University',
        courseSchedule: {
          '@type': 'Schedule',
          duration: 'PT3H',
          repeatFrequency: 'Daily',
          repeatCount: 31,
          startDate: '2023-07-01',
          endDate: '2023-07-31',
        },
        instructor: [
          {
            '@type': 'Person',
            name: 'Ira D.',
            description: 'Professor at X-University',
            image: 'http://example.com/person.jpg',
          },
        ],
      },
      {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseWorkload: 'P2D',
      },
    ],
    hasPart: [
      {
        '@type': 'Course',
        name: 'C++ Algorithms',
        url: 'https://www.example.com/cpp-algorithms',
        description: 'Learn how to code base algorithms in c++.',
      },
      {
        '@type': 'Course',
        name: 'C++ Data Structures',
        url: 'https://www.example.com/cpp-data-structures',
        description: 'Learn about core c++ data structures.',
      },
    ],
  },
  // https://developers.google.com/search/docs/appearance/structured-data/movie
  // Google's example, as published: the first Movie of the single, all-in-one list, without the ItemList around it.
  'Movie carousel': {
    '@context': 'https://schema.org',
    '@type': 'Movie',
    url: 'https://example.com/2024-best-picture-noms#a-star-is-born',
    name: 'A Star Is Born',
    image: 'https://example.com/photos/6x9/photo.jpg',
    dateCreated: '2024-10-05',
    director: {
      '@type': 'Person',
      name: 'Bradley Cooper',
    },
    review: {
      '@type': 'Review',
      reviewRating: {
        '@type': 'Rating',
        ratingValue: 5,
      },
      author: {
        '@type': 'Person',
        name: 'John D.',
      },
    },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: 90,
      bestRating: 100,
      ratingCount: 19141,
    },
  },
  // https://developers.google.com/search/docs/appearance/structured-data/image-license-metadata
  // Google's example, as published (the single image).
  'Image metadata': {
    '@context': 'https://schema.org/',
    '@type': 'ImageObject',
    contentUrl: 'https://example.com/photos/1x1/black-labrador-puppy.jpg',
    license: 'https://example.com/license',
    acquireLicensePage: 'https://example.com/how-to-use-my-images',
    creditText: 'Labrador PhotoLab',
    creator: {
      '@type': 'Person',
      name: 'Brixton Brownstone',
    },
    copyrightNotice: 'Clara Kent',
  },
  // https://developers.google.com/search/docs/appearance/structured-data/profile-page
  // Google's example, as published.
  'Profile page': {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    dateCreated: '2024-12-23T12:34:00-05:00',
    dateModified: '2024-12-26T14:53:00-05:00',
    mainEntity: {
      '@type': 'Person',
      name: 'Angelo Huff',
      alternateName: 'ahuff23',
      identifier: '123475623',
      interactionStatistic: [
        {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/FollowAction',
          userInteractionCount: 1,
        },
        {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/LikeAction',
          userInteractionCount: 5,
        },
      ],
      agentInteractionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/WriteAction',
        userInteractionCount: 2346,
      },
      description: 'Defender of Truth',
      image: 'https://example.com/avatars/ahuff23.jpg',
      sameAs: [
        'https://www.example.com/real-angelo',
        'https://example.com/profile/therealangelohuff',
      ],
    },
  },
  // https://developers.google.com/search/docs/appearance/structured-data/discussion-forum
  // Google's example, as published (the non-threaded, linear forum page).
  'Discussion forum': {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    mainEntityOfPage: 'https://example.com/post/very-popular-thread',
    headline: 'I went to the concert!',
    text: 'Look at how cool this concert was!',
    video: {
      '@type': 'VideoObject',
      contentUrl: 'https://example.com/media/super-cool-concert.mp4',
      name: 'Video of concert',
      uploadDate: '2024-03-01T06:34:34+02:00',
      thumbnailUrl: 'https://example.com/media/super-cool-concert-snap.jpg',
    },
    url: 'https://example.com/post/very-popular-thread',
    author: {
      '@type': 'Person',
      name: 'Katie Pope',
      url: 'https://example.com/user/katie-pope',
      agentInteractionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/WriteAction',
        userInteractionCount: 8,
      },
    },
    datePublished: '2024-03-01T08:34:34+02:00',
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/LikeAction',
      userInteractionCount: 27,
    },
    comment: [
      {
        '@type': 'Comment',
        text: "Who's the person you're with?",
        author: {
          '@type': 'Person',
          name: 'Saul Douglas',
          url: 'https://example.com/user/saul-douglas',
          agentInteractionStatistic: {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/WriteAction',
            userInteractionCount: 167,
          },
        },
        datePublished: '2024-03-01T09:46:02+02:00',
      },
      {
        '@type': 'Comment',
        text: "That's my mom, isn't she cool?",
        author: {
          '@type': 'Person',
          name: 'Katie Pope',
          url: 'https://example.com/user/katie-pope',
          agentInteractionStatistic: {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/WriteAction',
            userInteractionCount: 8,
          },
        },
        datePublished: '2024-03-01T09:50:25+02:00',
        interactionStatistic: {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/LikeAction',
          userInteractionCount: 7,
        },
      },
    ],
  },
};

/** Per rich result: a required property to remove (a dotted path) and how the verdict names it. */
const REMOVALS: Record<string, [path: string, named: string]> = {
  Article: ['', ''],
  Breadcrumb: ['itemListElement.position', 'itemListElement.position'],
  'Product snippet': ['name', 'name'],
  FAQ: ['mainEntity.acceptedAnswer', 'mainEntity.acceptedAnswer'],
  Organization: ['', ''],
  'Local business': ['address', 'address'],
  Event: ['startDate', 'startDate'],
  Recipe: ['image', 'image'],
  Video: ['thumbnailUrl', 'thumbnailUrl'],
  'Job posting': ['hiringOrganization', 'hiringOrganization'],
  'Software app': ['offers.price', 'offers.price'],
  Dataset: ['description', 'description'],
  'Review snippet': ['reviewRating.ratingValue', 'reviewRating.ratingValue'],
  'Review snippet (aggregate rating)': ['itemReviewed', 'itemReviewed'],
  'Q&A': ['mainEntity.answerCount', 'mainEntity.answerCount'],
  'Course info': ['hasCourseInstance', 'hasCourseInstance'],
  'Movie carousel': ['image', 'image'],
  'Image metadata': ['contentUrl', 'contentUrl or url'],
  'Profile page': ['mainEntity', 'mainEntity'],
  'Discussion forum': ['datePublished', 'datePublished'],
};

/** A copy of the example without the property at `path` (in every object along it). */
function without(example: Json, path: string): Json {
  const copy = structuredClone(example);
  const drop = (value: unknown, [head, ...rest]: string[]): void => {
    if (Array.isArray(value)) {
      for (const entry of value) drop(entry, [head, ...rest]);
    } else if (value !== null && typeof value === 'object') {
      const object = value as Json;
      if (rest.length === 0) delete object[head];
      else drop(object[head], rest);
    }
  };
  drop(copy, path.split('.'));
  return copy;
}

function verdictsOf(example: Json): RichResultVerdict[] {
  const html = `<!DOCTYPE html><html><head><script type="application/ld+json">${JSON.stringify({ ...CONTEXT, ...example })}</script></head><body></body></html>`;
  const { items } = judgeStructuredData(
    parsePage(html, 'https://example.com/'),
  );
  expect(items).toHaveLength(1);
  return items[0].richResults;
}

describe("rich-result eligibility, by the examples of Google's documentation", () => {
  it('has an example and a removal for every rich result', () => {
    const features = RICH_RESULT_TYPES.map((type) => type.feature);
    expect(Object.keys(EXAMPLES).sort()).toEqual([...features].sort());
    expect(Object.keys(REMOVALS).sort()).toEqual([...features].sort());
  });

  it.each(RICH_RESULT_TYPES.map((type) => [type.feature, type.docUrl]))(
    '%s: the documented example is eligible, as that rich result only',
    (feature, docUrl) => {
      const verdicts = verdictsOf(EXAMPLES[feature]);
      expect(verdicts.map((verdict) => verdict.feature)).toEqual([feature]);
      expect(verdicts[0]).toMatchObject({
        docUrl,
        eligible: true,
        missingRequired: [],
      });
    },
  );

  it.each(
    Object.entries(REMOVALS)
      .filter(([, [path]]) => path !== '')
      .map(([feature, [path, named]]) => [feature, path, named]),
  )('%s: without %s it is ineligible, naming %s', (feature, path, named) => {
    const [verdict] = verdictsOf(without(EXAMPLES[feature], path));
    expect(verdict).toMatchObject({ feature, eligible: false });
    expect(verdict.missingRequired).toEqual([named]);
  });

  it('finds every documented example valid schema.org', () => {
    const problems = Object.entries(EXAMPLES).flatMap(([feature, example]) =>
      judgeStructuredData(
        parsePage(
          `<script type="application/ld+json">${JSON.stringify({ ...CONTEXT, ...example })}</script>`,
          'https://example.com/',
        ),
      ).vocabularyProblems.map((problem) => `${feature}: ${problem.message}`),
    );
    expect(problems).toEqual([]);
  });

  it('has no required property for Article and Organization, only recommended ones', () => {
    const [article] = verdictsOf({ '@type': 'BlogPosting', name: 'A post' });
    expect(article).toMatchObject({ feature: 'Article', eligible: true });
    expect(article.missingRecommended).toEqual([
      'author',
      'datePublished',
      'dateModified',
      'headline',
      'image',
    ]);
    const [organization] = verdictsOf({ '@type': 'Corporation' });
    expect(organization).toMatchObject({
      feature: 'Organization',
      eligible: true,
    });
  });

  it('names each alternative when none of them is there', () => {
    const [product] = verdictsOf({ '@type': 'Product', name: 'Anvil' });
    expect(product.missingRequired).toEqual([
      'review or aggregateRating or offers',
    ]);
    const [offered] = verdictsOf({
      '@type': 'Product',
      name: 'Anvil',
      offers: { '@type': 'Offer', priceCurrency: 'USD' },
    });
    expect(offered.missingRequired).toEqual([
      'offers.price or offers.priceSpecification.price or offers.lowPrice',
    ]);
    // With only offers, a review and a rating are what Google recommends next.
    const [priced] = verdictsOf({
      '@type': 'Product',
      name: 'Anvil',
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: 119.99,
        priceCurrency: 'USD',
      },
    });
    expect(priced).toMatchObject({ eligible: true });
    expect(priced.missingRecommended).toEqual(
      expect.arrayContaining(['review', 'aggregateRating']),
    );
  });

  it('judges microdata and RDFa items by the same rules', () => {
    const page = parsePage(
      `<!DOCTYPE html><html><body>
      <div itemscope itemtype="https://schema.org/Event"><span itemprop="name">Jazz night</span>
        <div itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">The Club</span></div></div>
      <div vocab="https://schema.org/" typeof="Recipe"><span property="name">Cake</span></div>
      </body></html>`,
      'https://example.com/',
    );
    const { items } = judgeStructuredData(page);
    expect(
      items.map((item) => [item.syntax, item.richResults[0].missingRequired]),
    ).toEqual([
      ['microdata', ['startDate']],
      ['rdfa', ['image']],
    ]);
  });
});
