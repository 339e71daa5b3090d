/**
 * How long a test file's setup (an app, a database) may take: well past what a busy
 * 2-core machine needs, below Jest's hook timeout, so the failure names the setup.
 * TEST_SETUP_BUDGET_MS changes it (the test of this very failure sets it tiny).
 */
export function setupBudgetMs(): number {
  const configured = Number(process.env.TEST_SETUP_BUDGET_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 50_000;
}

/** Runs a setup step; past `budgetMs` it fails with a message naming the step. */
export async function withinBudget<T>(
  budgetMs: number,
  step: string,
  work: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `Setup ran out of time: ${step} took more than ${budgetMs} ms (TEST_SETUP_BUDGET_MS).`,
          ),
        ),
      budgetMs,
    );
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
