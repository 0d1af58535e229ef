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

/** The top-level steps of a run: named steps and hooks as they are, the actions between them summed. */
function stepTimes(steps: TestStep[]): StepTime[] {
  const out: StepTime[] = [];
  let actions = { count: 0, ms: 0 };
  const flush = () => {
    if (actions.count > 0) out.push({ title: `${actions.count} action${actions.count === 1 ? '' : 's'}`, ms: actions.ms });
    actions = { count: 0, ms: 0 };
  };
  for (const step of steps) {
    if (step.category === 'test.step' || step.category === 'hook') {
      flush();
      out.push({ title: step.category === 'hook' ? step.title.toLowerCase() : step.title, ms: step.duration });
    } else {
      actions.count += 1;
      actions.ms += step.duration;
    }
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
