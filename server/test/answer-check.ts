/**
 * Every answer of every API route, in every server test, held against the published document (server/contract):
 * the vitest setup file (./check-answers.setup.ts) turns this on for the apps the tests build, and fails the test in
 * which an answer differs (a field the schema lacks, a required one missing, a status or media type the document
 * does not list, a route the document does not have).
 */
import { checkAnswersWith, type SentAnswer } from '../contract/answer-hook.js';
import { answerChecker, type AnswerChecker } from '../contract/answers.js';
import { openApiDocument } from '../contract/openapi.js';

const found: string[] = [];
let checker: AnswerChecker | null = null;

function check(answer: SentAnswer): void {
  checker ??= answerChecker(openApiDocument());
  const inDocument = checker.has(answer.route);
  const difference = inDocument
    ? answer.body === null
      ? null // a file streamed from disk: its media type is checked by the e2e tests, not here
      : checker.check({ ...answer, body: answer.body })
    : 'the route has no schema in server/contract/routes.ts';
  if (difference) found.push(`${answer.route} (${answer.url}) → ${answer.status}: ${difference}`);
}

/**
 * Turns the check on for every app built from now on. The document and the validators of all its answers are made
 * here, once per test process and before any test's time runs, so no test pays for them within its time limit.
 */
export function checkEveryAnswer(): void {
  if (!checker) {
    checker = answerChecker(openApiDocument());
    checker.compileAll();
  }
  checkAnswersWith(check);
}

/** The differences found since the last call (and forgets them). */
export function takeDifferences(): string[] {
  return found.splice(0);
}
