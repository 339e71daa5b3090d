import { ApiSchemaKeywords } from '../../common/api-docs.js';
import { BodyCheckedInService } from '../../common/validation.js';
import { WithShareChanges } from '../../sharing/share-settings.dto.js';
import { WithSchedule } from '../../schedules/schedule-field.js';

/** The fields an update takes; a body with none of them is refused. */
export const AUDIT_UPDATE_FIELDS = [
  'privacy',
  'password',
  'rotate_share_token',
  'schedule',
] as const;

/** PUT /api/v1/site-audits/{id}. What the stored audit allows is the service's rule. */
// A body with none of the fields is refused (422); the schema says so too.
@ApiSchemaKeywords({ minProperties: 1 })
export class UpdateSiteAuditDto extends WithSchedule(
  WithShareChanges(BodyCheckedInService, 'audit'),
  {
    description:
      'daily or weekly: audit the site again by itself that often (a new audit of the same URL, settings and privacy each time), the first one period from now; re-sending the schedule the audit has keeps its next run. `off` (or null) stops it. An account has at most SCHEDULES_PER_ACCOUNT scheduled audits.',
    example: 'weekly',
  },
) {}
