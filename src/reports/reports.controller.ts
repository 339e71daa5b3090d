import {
  Body,
  Controller,
  Headers,
  HttpCode,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { ApiHeaderOptions } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated } from '../rate-limits/authenticated.decorator.js';
import { CurrentAccount } from '../auth/principal.decorator.js';
import { TakesBody } from '../common/body-type.js';
import { ApiProblemResponses, ApiProblems } from '../common/api-docs.js';
import {
  DeleteOperation,
  ListOperation,
  ReadOperation,
} from '../common/keyed-operations.js';
import { IDEMPOTENT_REPLAYED_HEADER } from '../idempotency/idempotent.decorator.js';
import { originOf } from '../common/links.js';
import { pageEnvelope } from '../common/pagination/page-envelope.js';
import { CountsAsAnalysis } from '../rate-limits/throttlers.js';
import { StartsAnalyses } from '../rate-limits/starts-analyses.decorator.js';
import { scheduleCapResponse } from '../schedules/schedule-field.js';
import { CreateReportDto } from './dto/create-report.dto.js';
import { CreateReportsBatchDto } from './dto/create-reports-batch.dto.js';
import { ListReportsQuery } from './dto/list-reports.query.js';
import { asksForRerun, UpdateReportDto } from './dto/update-report.dto.js';
import { ReportId } from './report-id.js';
import type { Report } from './report.entity.js';
import {
  ReportBatchEnvelope,
  ReportEnvelope,
  ReportListEnvelope,
  toSummaryView,
  toView,
} from './report.view.js';
import { ReportsService } from './reports.service.js';
import type { Completion } from './reports.service.js';

const PREFER_HEADER = {
  name: 'Prefer',
  required: false,
  description:
    '"respond-async" answers 202 at once with the queued report; otherwise the answer waits for the analysis (at most the analysis deadline). It is the one preference the service honours; others are ignored.',
  schema: { type: 'string', enum: ['respond-async'] },
} satisfies ApiHeaderOptions;

const LOCATION_HEADER = {
  Location: {
    description: 'The absolute URL of the report.',
    schema: { type: 'string', format: 'uri' },
  },
};

/** The refusal of a schedule past the account's cap. */
const SCHEDULE_CAP = scheduleCapResponse('reports');

/** What a create answers with, a replay of an Idempotency-Key included. */
const CREATED_HEADERS = { ...LOCATION_HEADER, ...IDEMPOTENT_REPLAYED_HEADER };

/** An analysis still queued or running when the answer goes out. */
function unsettled(report: Report): boolean {
  return report.status === 'queued' || report.status === 'running';
}

/** The report's Location; 202 while its analysis has not settled, to be polled there. */
function pointAt(
  report: Report,
  completion: Completion,
  request: Request,
  response: Response,
): void {
  if (unsettled(report)) response.status(202);
  if (completion === 'async') {
    response.setHeader('Preference-Applied', 'respond-async');
  }
  response.setHeader(
    'Location',
    `${originOf(request)}/api/v1/reports/${report.id}`,
  );
}

function completionOf(prefer: string | undefined): Completion {
  return /(^|[,\s])respond-async\s*(,|;|$)/i.test(prefer ?? '')
    ? 'async'
    : 'wait';
}

@ApiTags('reports')
@Authenticated()
@Controller('api/v1/reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @ListOperation(
    {
      operationId: 'listReports',
      summary: 'List reports, with search, filters, sort and pages',
    },
    ReportListEnvelope,
  )
  async list(
    @CurrentAccount() accountId: string,
    @Query() query: ListReportsQuery,
    @Req() request: Request,
  ): Promise<ReportListEnvelope> {
    const page = await this.reports.list(accountId, query);
    return {
      data: page.reports.map((r) => toSummaryView(r, originOf(request))),
      ...pageEnvelope(request, page.reports.length, page),
    };
  }

  @ReadOperation(
    {
      operationId: 'getReport',
      summary: 'Get one report with its full analysis',
    },
    ReportEnvelope,
  )
  async get(
    @CurrentAccount() accountId: string,
    @ReportId() id: string,
    @Req() request: Request,
  ): Promise<ReportEnvelope> {
    return {
      data: toView(await this.reports.get(accountId, id), originOf(request)),
    };
  }

  @Post()
  @ApiOperation({
    operationId: 'createReport',
    summary: 'Analyse a URL and store the report',
    description:
      'Answers 201 when the analysis ends, completed or failed (a failed analysis is still a created report, with `status: "failed"` and `error`). A URL refused by validation or the address policy answers 422. If the analysis is still waiting for its turn when the analysis deadline has passed, or cannot be queued now (the job queue is unreachable: the report is saved, and analysed once the queue is back), the answer is 202 with the report as it stands, at once in the second case.',
  })
  @ApiHeader(PREFER_HEADER)
  @StartsAnalyses()
  @ApiCreatedResponse({
    type: ReportEnvelope,
    description: 'Analysed.',
    headers: CREATED_HEADERS,
  })
  @ApiAcceptedResponse({
    type: ReportEnvelope,
    description:
      'With "Prefer: respond-async", or when the queue is long or unreachable: queued or running; poll the Location.',
    headers: CREATED_HEADERS,
  })
  @ApiProblemResponses(SCHEDULE_CAP)
  async create(
    @CurrentAccount() accountId: string,
    @Body() body: CreateReportDto,
    @Headers('prefer') prefer: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ReportEnvelope> {
    const completion = completionOf(prefer);
    const report = await this.reports.create(accountId, body, completion);
    response.status(201);
    pointAt(report, completion, request, response);
    return { data: toView(report, originOf(request)) };
  }

  @Post('batch')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'createReportsBatch',
    summary: 'Queue the analyses of up to 100 URLs at once',
    description:
      'Answers 202 at once with every created report, queued (poll each, or list them). Each item is judged as a single create is; if any is refused, the 422 names each refused field by index (`reports.3.url`) and no report is created. The batch counts as one request against the analyses rate limit, and whole against the in-flight cap: a batch that would take the account past ANALYSES_IN_FLIGHT_PER_ACCOUNT is refused (429), none created.',
  })
  @StartsAnalyses('application/json')
  @ApiAcceptedResponse({
    type: ReportBatchEnvelope,
    description: 'Every report created, queued.',
    headers: IDEMPOTENT_REPLAYED_HEADER,
  })
  @ApiProblemResponses(SCHEDULE_CAP)
  async createBatch(
    @CurrentAccount() accountId: string,
    @Body() body: CreateReportsBatchDto,
    @Req() request: Request,
  ): Promise<ReportBatchEnvelope> {
    const reports = await this.reports.createBatch(accountId, body);
    return { data: reports.map((r) => toView(r, originOf(request))) };
  }

  @Put(':id')
  @ApiOperation({
    operationId: 'updateReport',
    summary: "Change a report's privacy or password, or re-run its analysis",
    description:
      'Every field is optional, but at least one must be sent. `results=1` re-runs the analysis (the report keeps its last result meanwhile).',
  })
  @TakesBody()
  @ApiHeader(PREFER_HEADER)
  @ApiOkResponse({ type: ReportEnvelope })
  @ApiAcceptedResponse({
    type: ReportEnvelope,
    description:
      'With results=1 and "Prefer: respond-async", or when the queue is long or unreachable: re-run queued or running; poll the Location.',
    headers: LOCATION_HEADER,
  })
  @ApiProblems(400, 404, 413, 415, 422)
  @ApiProblemResponses(SCHEDULE_CAP)
  @CountsAsAnalysis((request) => asksForRerun(request.body))
  async update(
    @CurrentAccount() accountId: string,
    @ReportId() id: string,
    @Body() body: UpdateReportDto,
    @Headers('prefer') prefer: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ReportEnvelope> {
    const completion = completionOf(prefer);
    const { report, rerun } = await this.reports.update(
      accountId,
      id,
      body,
      completion,
    );
    if (rerun && unsettled(report)) {
      pointAt(report, completion, request, response);
    }
    return { data: toView(report, originOf(request)) };
  }

  @DeleteOperation({ operationId: 'deleteReport', summary: 'Delete a report' })
  async remove(
    @CurrentAccount() accountId: string,
    @ReportId() id: string,
  ): Promise<void> {
    await this.reports.remove(accountId, id);
  }
}
