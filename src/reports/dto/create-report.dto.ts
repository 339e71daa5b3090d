import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { EmptyAsAbsent, FormBoolean } from '../../common/transforms.js';
import { IsTargetUrl } from '../../common/target-url.js';
import {
  BodyCheckedInService,
  OptionalNotNull,
} from '../../common/validation.js';
import { WithShareSettings } from '../../sharing/share-settings.dto.js';
import { WithSchedule } from '../../schedules/schedule-field.js';

/** The page a new report analyses: the first field of its body. */
abstract class ReportUrlDto extends BodyCheckedInService {
  @ApiProperty({
    description:
      'The page to analyse: an absolute http or https URL, at most 2048 characters, without user-info.',
    example: 'https://example.com/pricing',
    maxLength: 2048,
  })
  @EmptyAsAbsent()
  @IsTargetUrl()
  url: string;
}

/** POST /api/v1/reports. The address policy and the password rule are the service's. */
export class CreateReportDto extends WithSchedule(
  WithShareSettings(ReportUrlDto),
  {
    default: 'off',
    description:
      'Analyse the page again by itself every day or every week, from now on (`next_run_at` tells when); `off` (or null) never.',
  },
) {
  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description:
      'Judge the page as a browser renders it, once its scripts have run (headless Chromium, every request under the address policy), as search engines do before they index it: the page checks read the rendered DOM, status and headers the raw answer, and the rendered-against-raw checks compare the two. Slower (about a second a page more). 503 when the service has no Chromium.',
  })
  @FormBoolean()
  @OptionalNotNull()
  @IsBoolean({ message: 'render must be true or false' })
  render?: boolean;

  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description:
      "Also measure the page in a lab browser (Lighthouse, performance only, its default mobile emulation and simulated throttling; every request under the address policy): Largest Contentful Paint, Cumulative Layout Shift, Total Blocking Time, First Contentful Paint and Speed Index, each the median of 3 runs with its band and spread, in the results' `lab` section; the performance score counts in the performance category (docs/lab.md). Slower: about 25 s more a report, one measurement at a time per machine. 503 when the service has no Chromium.",
  })
  @FormBoolean()
  @OptionalNotNull()
  @IsBoolean({ message: 'lab must be true or false' })
  lab?: boolean;
}
