import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Account } from './account.entity.js';
import { ApiKey } from './api-key.entity.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { ApiKeyService } from './api-key.service.js';
import { BearerStrategy } from './bearer.strategy.js';

@Module({
  imports: [PassportModule, TypeOrmModule.forFeature([Account, ApiKey])],
  providers: [ApiKeyService, BearerStrategy, ApiKeyGuard],
  exports: [ApiKeyService, ApiKeyGuard],
})
export class AuthModule {}
