import { Body, Inject, Post, Req, Res } from '@nestjs/common';
import type { OnModuleInit, Type } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiHtmlResponses, RETRY_AFTER_HEADER } from '../common/api-docs.js';
import { TakesBody } from '../common/body-type.js';
import { ProblemPages } from '../common/problem-pages.js';
import { Privacy } from './privacy.js';
import { ShareAccess } from './share-access.js';
import type { ShareGate } from './share-gate.js';
import { ShareToken } from './share-token.js';
import type { Shareable, ShareableKind } from './shareable-kind.js';
import { passwordPage, sharedProblemPages } from './shared-page.js';
import { cookieOf, sendPage, setShareCookie } from './shared-page-http.js';
import { UnlockSharedPageDto } from './unlock-shared-page.dto.js';

/** The headers of the answers a reader may be asked to wait for. */
export const SHARED_PAGE_ERROR_HEADERS = {
  429: RETRY_AFTER_HEADER,
  503: RETRY_AFTER_HEADER,
};

/**
 * The errors of a kind's shared pages, answered as pages since people open them in a
 * browser; `notFoundToo` says what else a page of the kind answers 404 for.
 */
export function sharedPageErrors(
  kind: Pick<ShareableKind, 'noun'>,
  notFoundToo = '',
) {
  return {
    404: `No public or password ${kind.noun} with this share token (a private ${kind.noun}, or a token rotated away, answers the same)${notFoundToo}.`,
    429: `Too many wrong passwords for this ${kind.noun}; see Retry-After.`,
    503: 'The database is unreachable; see Retry-After.',
    default:
      'Any other failure (a body over 16 KiB, of another type or that does not parse; a failure of the server): a page with that status.',
  };
}

/** "site audit" → "SiteAudit", for operation ids. */
function pascalCase(noun: string): string {
  return noun
    .split(' ')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

/**
 * The shared pages of a kind, less what they show: the password form at
 * POST {pathPrefix}/{token}, the gate its pages open through, and their problems
 * answered as pages. A feature's controller extends it (with @Controller() and no
 * prefix) and adds the pages it renders.
 */
export function SharedPagesController<T extends Shareable>(
  kind: ShareableKind<T>,
): Type<SharedPages<T>> {
  const page = `${kind.pathPrefix}/{token}`;
  const what = `${kind.pathPrefix.slice(1)}/:token`;

  abstract class KindSharedPages implements SharedPages<T>, OnModuleInit {
    @Inject(ShareAccess) private readonly access!: ShareAccess;
    @Inject(ProblemPages) private readonly problemPages!: ProblemPages;

    onModuleInit(): void {
      // Problems of the pages answer as pages too (a 404, a 429, a body refused).
      this.problemPages.register(kind.pagePaths, sharedProblemPages(kind.noun));
    }

    get gate(): ShareGate<T> {
      return this.access.gateOf(kind);
    }

    async opened(
      token: string,
      request: Request,
      response: Response,
    ): Promise<T | null> {
      const opened = await this.gate.open(token, {
        client: request.ip ?? '',
        cookie: cookieOf(request, kind.cookieName),
      });
      if (opened.granted) return opened.shared;
      sendPage(
        response,
        200,
        passwordPage(kind.noun, `${kind.pathPrefix}/${token}`, false),
      );
      return null;
    }

    @Post(what)
    @ApiOperation({
      operationId: `unlockShared${pascalCase(kind.noun)}Page`,
      summary: `The password form of a shared ${kind.noun}: opens a password ${kind.noun}'s pages`,
      description: `The right password answers 303 to the page, with a signed cookie valid 12 hours for this ${kind.noun} only (on a public ${kind.noun}, 303 with no cookie). Wrong passwords count toward the limits of the ${kind.noun}.`,
      security: [],
    })
    @TakesBody()
    @ApiProduces('text/html')
    @ApiHtmlResponses(
      {
        401: 'A wrong or empty password: the form again, with a message.',
        ...sharedPageErrors(kind),
      },
      SHARED_PAGE_ERROR_HEADERS,
    )
    @ApiResponse({
      status: 303,
      description:
        'The password is right: go to the page. The body is a one-line note of where to go, in the type the request accepts.',
      content: {
        'text/plain': { schema: { type: 'string' } },
        'text/html': { schema: { type: 'string' } },
      },
      headers: {
        Location: {
          description: `The shared page, ${page}.`,
          schema: { type: 'string', format: 'uri-reference' },
        },
        'Set-Cookie': {
          description: `For a password ${kind.noun}: \`${kind.cookieName}\`, HMAC-signed, HttpOnly, SameSite=Lax, Path=${page}, valid 12 hours.`,
          schema: { type: 'string' },
        },
      },
    })
    async unlock(
      @ShareToken(kind.noun) token: string,
      @Body() body: UnlockSharedPageDto,
      @Req() request: Request,
      @Res() response: Response,
    ): Promise<void> {
      const opened = await this.gate.open(token, {
        client: request.ip ?? '',
        password: body.password ?? '',
      });
      const action = `${kind.pathPrefix}/${token}`;
      if (!opened.granted) {
        sendPage(response, 401, passwordPage(kind.noun, action, true));
        return;
      }
      if (opened.shared.privacy === Privacy.Password) {
        setShareCookie(request, response, this.gate.cookieFor(opened.shared));
      }
      response.redirect(303, action);
    }
  }
  return KindSharedPages as unknown as Type<SharedPages<T>>;
}

/** What a kind's shared-pages controller inherits. */
export interface SharedPages<T extends Shareable> {
  /** The kind's gate: the pages' access check, for pages that answer otherwise (JSON). */
  readonly gate: ShareGate<T>;
  /** The thing when the reader may see it; otherwise the password form is sent, and null. */
  opened(
    token: string,
    request: Request,
    response: Response,
  ): Promise<T | null>;
  unlock(
    token: string,
    body: UnlockSharedPageDto,
    request: Request,
    response: Response,
  ): Promise<void>;
}
