import { describe, expect, it } from 'vitest';
import { initialSseState, parseSseChunk, type SseMessage } from '#src/lib/live/sse-parser';

/** Feeds the chunks in order and collects what came out. */
function feed(chunks: string[], lastEventId = '') {
  let state = initialSseState(lastEventId);
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  for (const chunk of chunks) {
    const step = parseSseChunk(state, chunk);
    state = step.state;
    messages.push(...step.messages);
    comments.push(...step.comments);
  }
  return { messages, comments, state };
}

describe('parseSseChunk', () => {
  it('reads the server framing: id, event and one JSON data line', () => {
    const { messages } = feed(['id: 12\nevent: order.created\ndata: {"order_id":57}\n\n']);
    expect(messages).toEqual([{ id: '12', type: 'order.created', data: '{"order_id":57}' }]);
  });

  it('joins messages split anywhere, even mid-field and between CR and LF', () => {
    const text =
      'id: 7\r\nevent: order.updated\r\ndata: {"status":"accepted"}\r\n\r\nid: 8\r\ndata: x\r\n\r\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const { messages } = feed([text.slice(0, cut), text.slice(cut)]);
      expect(messages, `cut at ${cut}`).toEqual([
        { id: '7', type: 'order.updated', data: '{"status":"accepted"}' },
        { id: '8', type: 'message', data: 'x' },
      ]);
    }
    const oneByOne = feed([...text]);
    expect(oneByOne.messages).toHaveLength(2);
  });

  it('reports comments (the heartbeat) without dispatching anything', () => {
    const { messages, comments } = feed([': connected\n\n', ':ping\n\n']);
    expect(messages).toEqual([]);
    expect(comments).toEqual(['connected', 'ping']);
  });

  it('joins several data lines with a newline and keeps a value without the space', () => {
    const { messages } = feed(['data: first\ndata:second\ndata\n\n']);
    expect(messages).toEqual([{ id: '', type: 'message', data: 'first\nsecond\n' }]);
  });

  it('keeps the last id for later messages, and an id alone updates it without a message', () => {
    const { messages, state } = feed(['id: 3\ndata: a\n\ndata: b\n\nid: 9\n\n'], '1');
    expect(messages.map((m) => m.id)).toEqual(['3', '3']);
    expect(state.lastEventId).toBe('9');
  });

  it('starts from the id it was given, ignores an id with NUL and unknown fields', () => {
    const { messages } = feed(['id: 4\0\nretry: 10\nfoo: bar\ndata: z\n\n'], '2');
    expect(messages).toEqual([{ id: '2', type: 'message', data: 'z' }]);
  });

  it('drops an event type with no data and waits for a blank line before dispatching', () => {
    const { messages } = feed(['event: resync\n\nevent: order.created\ndata: {}\n']);
    expect(messages).toEqual([]);
    expect(feed(['event: resync\nid: 99\ndata: {}\n\n']).messages).toEqual([
      { id: '99', type: 'resync', data: '{}' },
    ]);
  });
});
