import { Cancelled, type Terminal } from './create-admin-command';

/** What processTerminal talks to: the process itself, or a test's stand-ins. */
export interface TerminalProcess {
  stdin: Pick<NodeJS.ReadStream, 'isTTY' | 'setRawMode' | 'setEncoding' | 'on' | 'off' | 'resume' | 'pause'>;
  stdout: Pick<NodeJS.WriteStream, 'isTTY' | 'write'>;
  stderr: Pick<NodeJS.WriteStream, 'write'>;
  once(signal: NodeJS.Signals, listener: () => void): unknown;
  off(signal: NodeJS.Signals, listener: () => void): unknown;
}

/** The signals that cancel an open question: `docker stop` and `docker compose down` (TERM), a closed terminal (HUP). */
const CANCELLING_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP'];

/**
 * The process's terminal: questions on stdout, answers from stdin (raw mode, so a password is not echoed). A question
 * is cancelled (nothing changed, exit status 130) by Ctrl-C, and by SIGTERM or SIGHUP: in raw mode Ctrl-C is a
 * character, not a signal, and a process that is PID 1 in a container (`docker compose run … create-admin`) is not
 * ended by a signal it does not handle, so without this `docker stop` waited at the password prompt until it killed it.
 */
export function processTerminal(proc: TerminalProcess): Terminal {
  const { stdin, stdout, stderr } = proc;
  // What was typed (or pasted) past the end of an answer: the start of the next one.
  let typedAhead: string[] = [];
  return {
    interactive: Boolean(stdin.isTTY && stdout.isTTY),
    say: (line) => stdout.write(`${line}\n`),
    complain: (line) => stderr.write(`${line}\n`),
    ask: (question, { hidden = false } = {}) =>
      new Promise((resolve, reject) => {
        // Raw mode before the question shows: a password typed the moment it appears must not be echoed.
        stdin.setRawMode(true);
        stdout.write(question);
        let answer = '';
        const finish = () => {
          stdin.off('data', onData);
          for (const signal of CANCELLING_SIGNALS) proc.off(signal, onSignal);
          stdin.setRawMode(false);
          stdin.pause();
          stdout.write('\n');
        };
        const take = (chars: string[]) => {
          for (const [i, ch] of chars.entries()) {
            if (ch === '\r' || ch === '\n' || ch === '\u0004') {
              typedAhead = chars.slice(i + 1);
              finish();
              resolve(answer);
              return;
            }
            if (ch === '\u0003') {
              finish();
              reject(new Cancelled());
              return;
            }
            if (ch === '\u007f' || ch === '\b') {
              if (answer && !hidden) stdout.write('\b \b');
              answer = [...answer].slice(0, -1).join('');
            } else if (ch >= ' ') {
              answer += ch;
              if (!hidden) stdout.write(ch);
            }
          }
        };
        const onSignal = () => {
          finish();
          reject(new Cancelled());
        };
        for (const signal of CANCELLING_SIGNALS) proc.once(signal, onSignal);
        const onData = (chunk: string) => {
          // An arrow or function key: an escape sequence, not text.
          if (!chunk.startsWith('\u001b')) take([...chunk]);
        };
        stdin.setEncoding('utf8');
        stdin.on('data', onData);
        stdin.resume();
        const ahead = typedAhead;
        typedAhead = [];
        take(ahead);
      }),
  };
}
