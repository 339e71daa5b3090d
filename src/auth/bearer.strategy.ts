import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-http-bearer';
import { ApiKeyService } from './api-key.service.js';
import type { Principal } from './api-key.service.js';

/**
 * passport-http-bearer also reads `access_token` from the query and the body; the
 * contract reads a key only from the Authorization header, so the strategy is shown
 * that header alone (it reads nothing else of the request: no verify callback takes
 * it). It also wants exactly one space after the scheme, where RFC 6750 allows several.
 */
class HeaderOnlyBearerStrategy extends Strategy<any> {
  authenticate(req: Request, options?: object): void {
    const authorization = req.headers.authorization?.replace(/^(\S+) +/, '$1 ');
    super.authenticate({ headers: { authorization } } as Request, options);
  }
}

@Injectable()
export class BearerStrategy extends PassportStrategy(
  HeaderOnlyBearerStrategy,
  'api-key',
) {
  constructor(private readonly keys: ApiKeyService) {
    super({ realm: 'api' });
  }

  async validate(token: string): Promise<Principal | false> {
    return (await this.keys.principalOf(token)) ?? false;
  }
}
