import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { AccountBranding } from './account-branding.entity.js';
import { BrandingController } from './branding.controller.js';
import { BrandingRepository } from './branding.repository.js';
import { BrandingService } from './branding.service.js';

/**
 * An account's branding for its white-label PDFs and share pages: the keyed
 * /api/v1/account/branding routes, and BrandingService.brandingFor, which the
 * modules that print inject.
 */
@Module({
  imports: [
    AuthModule,
    RateLimitsModule,
    TypeOrmModule.forFeature([AccountBranding]),
  ],
  controllers: [BrandingController],
  providers: [BrandingRepository, BrandingService],
  exports: [BrandingService],
})
export class BrandingModule {}
