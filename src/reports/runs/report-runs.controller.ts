import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated } from '../../rate-limits/authenticated.decorator.js';
import { CurrentAccount } from '../../auth/principal.decorator.js';
import { ApiProblemResponses, ApiProblems } from '../../common/api-docs.js';
import { originOf } from '../../common/links.js';
import { numberedEnvelope } from '../../common/pagination/paginate.js';
import { ReportId } from '../report-id.js';
import { DiffRunsQuery } from './dto/diff-runs.query.js';
import { PageQuery } from '../../common/pagination/page.query.js';
import {
  RunDiffEnvelope,
  RunEnvelope,
  RunListEnvelope,
  toRunDiffView,
  toRunSummaryView,
  toRunView,
} from './report-run.view.js';
import { ReportRunsService } from './report-runs.service.js';
import { RunNumber } from './run-number.js';

/** A report's run history: every settled run kept, one run, and what changed between two. */
@ApiTags('reports')
@Authenticated()
@Controller('api/v1/reports/:id')
export class ReportRunsController {
  constructor(private readonly runs: ReportRunsService) {}

  @Get('runs')
  @ApiOperation({
    operationId: 'listReportRuns',
    summary: "List a report's runs, newest first",
    description:
      'Every completed or failed run of the report, the last RUN_HISTORY_LIMIT (default 20) kept, without their full results. Pages as the reports list.',
  })
  @ApiOkResponse({ type: RunListEnvelope })
  @ApiProblems(404, 422)
  async list(
    @CurrentAccount() accountId: string,
    @ReportId() id: string,
    @Query() query: PageQuery,
    @Req() request: Request,
  ): Promise<RunListEnvelope> {
    const page = await this.runs.list(accountId, id, query);
    return numberedEnvelope(request, page, toRunSummaryView);
  }

  @Get('runs/:run')
  @ApiOperation({
    operationId: 'getReportRun',
    summary: 'Get one run of a report with its full results',
  })
  @ApiOkResponse({ type: RunEnvelope })
  @ApiProblemResponses({
    404: 'No such report in this account, or no such run kept (an id or run that is not a positive integer answers the same).',
  })
  async get(
    @CurrentAccount() accountId: string,
    @ReportId() id: string,
    @RunNumber() run: number,
    @Req() request: Request,
  ): Promise<RunEnvelope> {
    return {
      data: toRunView(
        await this.runs.get(accountId, id, run),
        originOf(request),
      ),
    };
  }

  @Get('diff')
  @ApiOperation({
    operationId: 'getReportDiff',
    summary: 'What changed between two completed runs of a report',
    description:
      'Score and rating from → to, the score delta of each category, the checks that started failing (with their evidence in `to`) and those that stopped (with their evidence in `from`). Without `to`, the latest completed run; without `from`, the completed run before `to`. A run named that failed has no results: 422 naming the parameter.',
  })
  @ApiOkResponse({ type: RunDiffEnvelope })
  @ApiProblemResponses({
    404: 'No such report in this account, or `from` or `to` names a run that is not kept.',
    409: '`from` or `to` was left out and the report has no two completed runs to compare.',
    422: '`from` or `to` is not a run number, or names a failed run (no results to compare); `errors` names it.',
  })
  async diff(
    @CurrentAccount() accountId: string,
    @ReportId() id: string,
    @Query() query: DiffRunsQuery,
    @Req() request: Request,
  ): Promise<RunDiffEnvelope> {
    const { from, to, diff } = await this.runs.diff(accountId, id, query);
    return { data: toRunDiffView(from, to, diff, originOf(request)) };
  }
}
