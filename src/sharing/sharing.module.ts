import { Module } from '@nestjs/common';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { ShareAccess } from './share-access.js';

/**
 * Sharing by link, for every shareable kind (shareable-kind.ts): the access check
 * behind the gate, and, through SharedPagesController(kind), the password form.
 */
@Module({
  imports: [RateLimitsModule],
  providers: [ShareAccess],
  exports: [ShareAccess],
})
export class SharingModule {}
