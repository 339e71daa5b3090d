import { formatsUsage } from '../out-targets.js';

/** audit-site's help: what `--help` prints and a usage error shows. */
export const AUDIT_SITE_USAGE = `Usage: npx report-service audit-site <url> [--max-pages <n>] [--render [auto]] [--lab [--lab-runs <n>]] [--json]
                                 [--api <url> --key <key>] [--out <format>:<file> ...]
                                 [--assert <file or preset> [--baseline <id or file>]]

Audits a whole site (docs/site-audits.md): crawls it from <url>, judges every
page, then the set, and prints the audit (status, pages crawled, score, time
taken) and its top issues, most pages first, each with a few of its pages; with
--json, the audit and all its issues alone on stdout:

  npx report-service audit-site https://example.com/ --json | jq .audit.score

Without --api, the service runs here, in this process, on a throwaway embedded
database in a temporary folder that is removed at the end (no DATABASE_URL, no
Redis, no port). With --api and --key, a running service makes the audit, which
stays in its list; that service's settings (ANALYZER_ALLOW_HOSTS, ...) apply.

With --assert, a gate for CI (docs/site-audits.md#the-seo-gate): the audit is
judged against assertions (a JSON file, or the preset seo:recommended or
seo:strict), the verdict printed (on stderr when an output takes stdout, as
--json does), the outputs asked for written, and the command exits 1 when an
"error" assertion fails:

  npx report-service audit-site https://example.com/ --assert seo:recommended \\
    --out junit:seo.junit.xml --out sarif:seo.sarif --out markdown:seo.md

Exits 2 when the audit could not run or did not complete (or the command line,
the assertions or the baseline could not be read), with the reason on stderr;
Ctrl-C cancels the audit.

  --max-pages <n>      pages to request at most (default 500; at most
                       SITE_AUDIT_MAX_PAGES)
  --render             render each HTML page in headless Chromium: judge the
                       rendered DOM and follow its links (docs/rendering.md);
                       needs Chromium (apt-get install chromium, or CHROMIUM_PATH)
  --render auto        render the start page and a sample of each template's
                       pages; render every page of a template only where
                       rendering changed its samples (docs/rendering.md)
  --lab                once judged, group the pages into templates and measure
                       a few pages of each in a lab browser (LCP, CLS, TBT, FCP,
                       Speed Index; docs/site-audits.md#the-lab-phase); the
                       gate then takes lab metric assertions per template
  --lab-runs <n>       runs per measured page, their median kept (default 3)
  --json               print the audit and its issues (each with the URL of
                       every page it affects) as JSON (--out json:-)
  --out <format>:<file>
                       write an output to <file> (- for stdout; repeatable):
${formatsUsage('audit-site', 25)}
  --api <url>          the API of a running service (http://localhost:3000)
  --key <key>          an API key of that service
  --assert <x>         an assertions file, or a preset: seo:recommended, seo:strict
  --baseline <x>       fail only on issues new since this audit: an audit id of
                       the service (with --api), or a file of --json output
  --junit <file>       --out junit:<file>, as --sarif <file> and --markdown <file>
                       are --out sarif:<file> and --out markdown:<file>

Environment: REPORT_SERVICE_API and REPORT_SERVICE_KEY stand for --api and --key.
Without them: ANALYZER_ALLOW_HOSTS, ANALYZER_USER_AGENT, ANALYZER_DEADLINE_MS and
the SITE_AUDIT_* settings (docs/configuration.md).`;
