import { ApiProperty } from '@nestjs/swagger';

/** The `links` of every list envelope: numbered pages, or cursors where the list has them. */
export class ListLinksView {
  @ApiProperty({ type: 'string', format: 'uri' })
  first: string;
  @ApiProperty({ type: 'string', format: 'uri' })
  last: string;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true })
  prev: string | null;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true })
  next: string | null;
}

/** The `meta` of every list envelope. */
export class ListMetaView {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The page asked for; null when the page was read from a cursor.',
  })
  current_page: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  from: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  to: number | null;
  @ApiProperty({ type: 'integer', minimum: 1 })
  last_page: number;
  @ApiProperty({ type: 'integer' })
  per_page: number;
  @ApiProperty({
    type: 'integer',
    description:
      'Items the filters keep. Exact, but for a search of reports with more than 2000 matches: then an estimate (total_is_exact false), at least 2001.',
  })
  total: number;
  @ApiProperty({
    description:
      'False when total (and so last_page and links.last) is an estimate: a search of reports with more than 2000 matches. links.next then follows every full page.',
  })
  total_is_exact: boolean;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'Pass as cursor to read the items after this page; null when there are none (and always on lists without cursors).',
  })
  next_cursor: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'Pass as cursor to read the items before this page; null when there are none (and always on lists without cursors).',
  })
  prev_cursor: string | null;
  @ApiProperty({ type: 'string', format: 'uri' })
  path: string;
}

/**
 * The base of a list envelope's class: `data` of `item`, `links`, `meta`. A list
 * declares its own, named for the OpenAPI document:
 * `export class WebhookListEnvelope extends ListEnvelopeOf(WebhookView) {}`.
 */
export function ListEnvelopeOf<Item>(
  item: abstract new (...args: never[]) => Item,
  descriptions: { data?: string; meta?: string } = {},
) {
  abstract class ListEnvelope {
    @ApiProperty({ type: [item], description: descriptions.data })
    data: Item[];
    @ApiProperty({ type: ListLinksView })
    links: ListLinksView;
    @ApiProperty({ type: ListMetaView, description: descriptions.meta })
    meta: ListMetaView;
  }
  return ListEnvelope;
}
