/**
 * vitest setup of the server tests (vite.config.ts): every app a test builds checks its answers against the
 * published document, and a test whose app answered off the document fails with the differences.
 */
import { afterAll, afterEach } from 'vitest';
import { checkEveryAnswer, takeDifferences } from './answer-check.js';

checkEveryAnswer();

function failOnDifferences() {
  const differences = takeDifferences();
  if (differences.length)
    throw new Error(
      `answers that differ from the API document (server/contract/routes.ts, docs/openapi.json):\n  ${differences.join('\n  ')}`,
    );
}
afterEach(failOnDifferences);
// answers sent in beforeAll and afterAll hooks (sign-ons, clean-ups)
afterAll(failOnDifferences);
