import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { OptionalNotNull } from '../common/validation.js';

/** The password form of a shared page (POST /r/{token}, POST /s/{token}). */
export class UnlockSharedPageDto {
  @ApiPropertyOptional({ writeOnly: true, example: 'hunter22' })
  @IsString({ message: 'password must be a string' })
  @OptionalNotNull()
  password?: string;
}
