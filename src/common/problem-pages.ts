import { Global, Injectable, Module } from '@nestjs/common';
import type { ProblemDocument } from './problem.js';

/** An HTML page for a problem, with the headers it goes with. */
export interface ProblemPage {
  html: string;
  headers: Record<string, string>;
}

/**
 * The addresses people open in a browser, whose problems answer as HTML pages: a
 * feature registers its paths, and the global ProblemFilter asks here. A registry
 * rather than a filter on the controller, because some problems of those addresses
 * arise before any route is matched (a body that does not parse, a path that does
 * not decode) and reach only the global filter.
 */
@Injectable()
export class ProblemPages {
  private readonly pages = new Map<
    string,
    { path: RegExp; render: (problem: ProblemDocument) => ProblemPage }
  >();

  register(
    path: RegExp,
    render: (problem: ProblemDocument) => ProblemPage,
  ): void {
    this.pages.set(path.source, { path, render });
  }

  /** The page of a problem at this path, or null where problems are JSON. */
  pageFor(path: string, problem: ProblemDocument): ProblemPage | null {
    for (const page of this.pages.values()) {
      if (page.path.test(path)) return page.render(problem);
    }
    return null;
  }
}

/** One registry for the whole app. */
@Global()
@Module({ providers: [ProblemPages], exports: [ProblemPages] })
export class ProblemPagesModule {}
