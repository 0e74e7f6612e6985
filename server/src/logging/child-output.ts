/**
 * A child process's output, one whole line at a time. A pipe hands over chunks that may end
 * mid-line, and a process that writes its lines from several threads may even leave one line
 * without its newline before the next begins (PostgREST does, at start). Lines are kept until
 * their newline comes, or split where `lineStart` says a new line begins, so every line reaches
 * the log alone and whole.
 */
export interface ChildOutputOptions {
  /** Where a line of this program always begins (e.g. its timestamp), to split glued lines. */
  lineStart?: RegExp;
  /** Whatever of the line should not be kept (e.g. the program's own timestamp). */
  strip?: RegExp;
  /** Lines longer than this are passed on in pieces, so a missing newline cannot grow memory. */
  maxLineLength?: number;
}

export interface ChildOutput {
  push(chunk: Buffer | string): void;
  /** The last line, when the stream ends without a newline. */
  end(): void;
}

const DEFAULT_MAX_LINE = 16 * 1024;

export function splitChildOutput(onLine: (line: string) => void, options: ChildOutputOptions = {}): ChildOutput {
  const decoder = new TextDecoder('utf-8');
  const maxLength = options.maxLineLength ?? DEFAULT_MAX_LINE;
  const lineStart = options.lineStart ? new RegExp(options.lineStart.source, 'g') : undefined;
  let pending = '';

  const emit = (raw: string) => {
    for (const piece of lineStart ? splitAtLineStarts(raw, lineStart) : [raw]) {
      const line = (options.strip ? piece.replace(options.strip, '') : piece).trimEnd();
      if (line.trim()) onLine(line);
    }
  };

  return {
    push(chunk) {
      pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      let newline = pending.search(/\r?\n/);
      while (newline !== -1) {
        emit(pending.slice(0, newline));
        pending = pending.slice(pending[newline] === '\r' ? newline + 2 : newline + 1);
        newline = pending.search(/\r?\n/);
      }
      while (pending.length > maxLength) {
        emit(pending.slice(0, maxLength));
        pending = pending.slice(maxLength);
      }
    },
    end() {
      pending += decoder.decode();
      if (pending) emit(pending);
      pending = '';
    },
  };
}

function splitAtLineStarts(text: string, lineStart: RegExp): string[] {
  const starts: number[] = [];
  lineStart.lastIndex = 0;
  for (let match = lineStart.exec(text); match; match = lineStart.exec(text)) {
    if (match.index > 0) starts.push(match.index);
    if (match[0].length === 0) lineStart.lastIndex += 1;
  }
  const pieces: string[] = [];
  let from = 0;
  for (const start of starts) {
    pieces.push(text.slice(from, start));
    from = start;
  }
  pieces.push(text.slice(from));
  return pieces;
}
