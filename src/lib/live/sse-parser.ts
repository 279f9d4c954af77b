/**
 * A Server-Sent Events parser (the WHATWG "event stream interpretation"), written as a pure step
 * function so the live connection can feed it whatever chunks the network delivers: a chunk may
 * end in the middle of a line, or between the CR and LF of one line ending.
 */

export interface SseMessage {
  /** The `event:` field, 'message' when the server sent none. */
  type: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last `id:` seen on the stream so far (it carries over to later messages). */
  id: string;
}

export interface SseParserState {
  /** An incomplete line waiting for the rest of its chunk. */
  line: string;
  /** The previous chunk ended on CR: a LF at the start of the next one is that same ending. */
  afterCr: boolean;
  data: string[];
  type: string;
  lastEventId: string;
}

export interface SseStep {
  state: SseParserState;
  messages: SseMessage[];
  /** Comment lines (heartbeats), without the colon and the one space after it. */
  comments: string[];
}

export function initialSseState(lastEventId = ''): SseParserState {
  return { line: '', afterCr: false, data: [], type: '', lastEventId };
}

function splitField(line: string): [string, string] {
  const colon = line.indexOf(':');
  if (colon === -1) return [line, ''];
  const value = line.slice(colon + 1);
  return [line.slice(0, colon), value.startsWith(' ') ? value.slice(1) : value];
}

/** Parses one more chunk of decoded text; the state it returns goes with the next chunk. */
export function parseSseChunk(previous: SseParserState, chunk: string): SseStep {
  const state: SseParserState = { ...previous, data: [...previous.data] };
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let text = chunk;
  if (state.afterCr && text.startsWith('\n')) text = text.slice(1);
  state.afterCr = false;

  const lines = text.split(/\r\n|\r|\n/);
  // Whatever follows the last line ending is incomplete (or empty when the chunk ended on one).
  const rest = lines.pop() ?? '';
  if (lines.length > 0 && text.endsWith('\r')) state.afterCr = true;

  for (const [index, part] of lines.entries()) {
    const line = index === 0 ? state.line + part : part;
    if (index === 0) state.line = '';
    if (line === '') {
      if (state.data.length > 0) {
        messages.push({
          type: state.type || 'message',
          data: state.data.join('\n'),
          id: state.lastEventId,
        });
      }
      state.data = [];
      state.type = '';
      continue;
    }
    if (line.startsWith(':')) {
      const comment = line.slice(1);
      comments.push(comment.startsWith(' ') ? comment.slice(1) : comment);
      continue;
    }
    const [field, value] = splitField(line);
    if (field === 'data') state.data.push(value);
    else if (field === 'event') state.type = value;
    // The standard ignores an id containing NUL; 'retry' and unknown fields are ignored here.
    else if (field === 'id' && !value.includes('\0')) state.lastEventId = value;
  }
  state.line = lines.length > 0 ? rest : state.line + rest;
  return { state, messages, comments };
}
