import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/**
 * Where the browser suite's time goes, printed when the run ends: the ten
 * slowest journeys with the time of each of their steps (a `test.step`, the
 * set-up and tear-down, and the actions between steps taken together), and
 * the journeys that passed only on a retry (flaky), by name. `npm test` ends
 * with this; JOURNEY_TIMINGS_FILE also writes it to that file.
 */

const SLOWEST = 10;

interface StepTime {
  title: string;
  ms: number;
}

interface Run {
  name: string;
  ms: number;
  steps: StepTime[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** How many of the actions between two named steps are named, slowest first. */
const SLOWEST_ACTIONS = 3;

/** An action as the report names it: Playwright's title and the line that made it. */
const actionName = (step: TestStep) =>
  `${step.title.length > 60 ? `${step.title.slice(0, 57)}…` : step.title}` +
  (step.location ? ` (${path.basename(step.location.file)}:${step.location.line})` : '');

/**
 * The top-level steps of a run: named steps (`test.step`) and hooks as they
 * are; the actions between them summed, with the slowest of them named.
 */
function stepTimes(steps: TestStep[]): StepTime[] {
  const out: StepTime[] = [];
  let actions: TestStep[] = [];
  const flush = () => {
    if (actions.length === 0) return;
    const ms = actions.reduce((sum, a) => sum + a.duration, 0);
    const slowest = [...actions]
      .filter((a) => a.duration >= 100)
      .sort((a, b) => b.duration - a.duration)
      .slice(0, SLOWEST_ACTIONS)
      .map((a) => `${seconds(a.duration)} ${actionName(a)}`);
    const count = `${actions.length} action${actions.length === 1 ? '' : 's'}`;
    out.push({ title: slowest.length > 0 ? `${count}; slowest: ${slowest.join(', ')}` : count, ms });
    actions = [];
  };
  for (const step of steps) {
    if (step.category === 'test.step' || step.category === 'hook') {
      flush();
      out.push({ title: step.category === 'hook' ? step.title.toLowerCase() : step.title, ms: step.duration });
    } else actions.push(step);
  }
  flush();
  return out;
}

export default class TimingReporter implements Reporter {
  private runs: Run[] = [];
  private flaky: string[] = [];
  private started = Date.now();

  onBegin() {
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const [, project, file] = test.titlePath();
    const title = test.titlePath().slice(3).join(' › ');
    const name = `[${project}] ${path.basename(file ?? '')}:${test.location.line} › ${title}`;
    this.runs.push({
      name: result.retry > 0 ? `${name} (retry ${result.retry})` : name,
      ms: result.duration,
      steps: stepTimes(result.steps),
    });
    if (result.status === 'passed' && test.outcome() === 'flaky') this.flaky.push(name);
  }

  onEnd(result: FullResult) {
    if (this.runs.length === 0) return;
    const total = this.runs.reduce((sum, r) => sum + r.ms, 0);
    const lines = [
      '',
      `Slowest browser journeys (${Math.min(SLOWEST, this.runs.length)} of ${this.runs.length} runs; ` +
        `${(total / 1000).toFixed(0)} s of journey time in ${((Date.now() - this.started) / 60000).toFixed(1)} min):`,
    ];
    for (const run of [...this.runs].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
      lines.push(`  ${seconds(run.ms).padStart(7)}  ${run.name}`);
      for (const step of run.steps) lines.push(`  ${' '.repeat(9)}${seconds(step.ms).padStart(7)}  ${step.title}`);
    }
    if (this.flaky.length > 0) {
      lines.push('', `Passed only on a retry (flaky: ${result.status === 'failed' ? 'fails the run here' : 'allowed on CI'}):`);
      for (const name of this.flaky) lines.push(`  ${name}`);
    }
    const text = `${lines.join('\n')}\n`;
    process.stdout.write(text);
    if (process.env.JOURNEY_TIMINGS_FILE) writeFileSync(process.env.JOURNEY_TIMINGS_FILE, text);
  }

  printsToStdio() {
    return true;
  }
}
