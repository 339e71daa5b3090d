import { applyDecorators, Delete, Get, HttpCode } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { ApiProblemResponses, ApiProblems } from './api-docs.js';

/**
 * The routes every keyed resource of the API has (reports, site audits, webhooks), each
 * one decorator: its method and path, its operation, its answer and its refusals.
 */

/** What a route is, for the OpenAPI document. */
export interface Operation {
  operationId: string;
  summary: string;
}

/** GET of the resource's list: a page of it, or 422 for a query that fails validation. */
export function ListOperation(operation: Operation, envelope: Type) {
  return applyDecorators(
    Get(),
    ApiOperation(operation),
    ApiOkResponse({ type: envelope }),
    ApiProblems(422),
  );
}

/** GET /{id}: one of them, or 404 (`notFound` says when, where more than the default). */
export function ReadOperation(
  operation: Operation,
  envelope: Type,
  notFound?: Record<number, string>,
) {
  return applyDecorators(
    Get(':id'),
    ApiOperation(operation),
    ApiOkResponse({ type: envelope }),
    notFound ? ApiProblemResponses(notFound) : ApiProblems(404),
  );
}

/** DELETE /{id}: 204, or 404. */
export function DeleteOperation(
  operation: Operation,
  notFound?: Record<number, string>,
) {
  return applyDecorators(
    Delete(':id'),
    HttpCode(204),
    ApiOperation(operation),
    ApiNoContentResponse({ description: 'Deleted.' }),
    notFound ? ApiProblemResponses(notFound) : ApiProblems(404),
  );
}
