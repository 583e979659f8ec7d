// Splits a Kubernetes watch body (newline-delimited JSON, arbitrary chunk boundaries) into event lines.
import { StringDecoder } from 'node:string_decoder';

/** Default ceiling for one event line; a watch event is one object, and etcd caps objects near 1.5 MiB. */
export const DEFAULT_MAX_LINE_LENGTH = 64 * 1024 * 1024;

export class WatchLineTooLongError extends Error {}

/**
 * Incremental line splitter. Handles events split across chunks (also inside a multi-byte UTF-8 character),
 * several events per chunk, \r\n endings and blank lines (skipped).
 */
export class WatchStreamParser {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(private readonly maxLineLength = DEFAULT_MAX_LINE_LENGTH) {}

  /** Feeds a chunk; returns the complete lines it finished (without the newline). */
  push(chunk: Buffer | string): string[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const lines: string[] = [];
    let searchFrom = this.pending.length;
    this.pending += text;
    let start = 0;
    for (let newline = this.pending.indexOf('\n', searchFrom); newline !== -1; newline = this.pending.indexOf('\n', searchFrom)) {
      const line = this.pending.slice(start, newline).trim();
      if (line !== '') lines.push(line);
      start = newline + 1;
      searchFrom = start;
    }
    this.pending = start === 0 ? this.pending : this.pending.slice(start);
    if (this.pending.length > this.maxLineLength) {
      this.pending = '';
      throw new WatchLineTooLongError(`watch event longer than ${this.maxLineLength} characters`);
    }
    return lines;
  }

  /** Ends the stream; returns the last line if the body did not end with a newline. */
  end(): string[] {
    const rest = (this.pending + this.decoder.end()).trim();
    this.pending = '';
    return rest === '' ? [] : [rest];
  }
}
