import { AnswerPacedBatches, ItemFailed } from './answer-paced-batches';

/** A peer whose answers the test releases by hand. */
function manualPeer() {
  const sent: {
    items: number[];
    answer: (results: (string | ItemFailed)[]) => void;
    fail: (e: Error) => void;
  }[] = [];
  const send = (items: number[]) =>
    new Promise<(string | ItemFailed)[]>((answer, fail) => sent.push({ items, answer, fail }));
  return { sent, send };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('AnswerPacedBatches', () => {
  it('sends an item alone and at once when nothing is in flight', async () => {
    const peer = manualPeer();
    const batches = new AnswerPacedBatches(peer.send, { maxBatch: 8 });

    const result = batches.submit(1);

    expect(peer.sent.map((s) => s.items)).toEqual([[1]]);
    peer.sent[0]!.answer(['one']);
    await expect(result).resolves.toBe('one');
  });

  it('holds the items submitted during a round trip and sends them together after its answer', async () => {
    const peer = manualPeer();
    const batches = new AnswerPacedBatches(peer.send, { maxBatch: 8 });
    const first = batches.submit(1);
    const later = [2, 3, 4].map((item) => batches.submit(item));
    expect(peer.sent).toHaveLength(1);

    peer.sent[0]!.answer(['one']);
    await settled();

    expect(peer.sent.map((s) => s.items)).toEqual([[1], [2, 3, 4]]);
    peer.sent[1]!.answer(['two', 'three', 'four']);
    await expect(Promise.all([first, ...later])).resolves.toEqual(['one', 'two', 'three', 'four']);
  });

  it('sends everything that waited once all in flight is answered, at most maxBatch per batch', async () => {
    const peer = manualPeer();
    const batches = new AnswerPacedBatches(peer.send, { maxBatch: 2 });
    const results = [1, 2, 3, 4, 5, 6].map((item) => batches.submit(item));

    peer.sent[0]!.answer(['a']);
    await settled();
    // Three batches went together: no item waits more than one round trip to be sent.
    expect(peer.sent.map((s) => s.items)).toEqual([[1], [2, 3], [4, 5], [6]]);
    const seventh = batches.submit(7);
    peer.sent[1]!.answer(['b', 'c']);
    peer.sent[2]!.answer(['d', 'e']);
    await settled();
    expect(peer.sent).toHaveLength(4); // the seventh waits for the last batch in flight
    peer.sent[3]!.answer(['f']);
    await settled();
    expect(peer.sent[4]!.items).toEqual([7]);
    peer.sent[4]!.answer(['g']);

    await expect(Promise.all([...results, seventh])).resolves.toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
    ]);
  });

  it('fails only the item whose answer is an ItemFailed', async () => {
    const peer = manualPeer();
    const batches = new AnswerPacedBatches(peer.send, { maxBatch: 8 });
    const first = batches.submit(1);
    const [second, third] = [batches.submit(2), batches.submit(3)];
    peer.sent[0]!.answer(['one']);
    await settled();

    peer.sent[1]!.answer([new ItemFailed(new Error('window broken')), 'three']);

    await expect(first).resolves.toBe('one');
    await expect(second).rejects.toThrow('window broken');
    await expect(third).resolves.toBe('three');
  });

  it('refuses items past maxWaiting at once, without queueing them', async () => {
    const peer = manualPeer();
    const batches = new AnswerPacedBatches(peer.send, {
      maxBatch: 8,
      maxWaiting: 2,
      overloaded: () => new Error('overloaded'),
    });
    const inFlight = batches.submit(1);
    const waiting = [batches.submit(2), batches.submit(3)];

    await expect(batches.submit(4)).rejects.toThrow('overloaded');

    peer.sent[0]!.answer(['one']);
    await settled();
    expect(peer.sent.map((s) => s.items)).toEqual([[1], [2, 3]]);
    peer.sent[1]!.answer(['two', 'three']);
    await expect(Promise.all([inFlight, ...waiting])).resolves.toEqual(['one', 'two', 'three']);
  });

  it('fails every item of a failed batch, and goes on with the next', async () => {
    const peer = manualPeer();
    const batches = new AnswerPacedBatches(peer.send, { maxBatch: 8 });
    const first = batches.submit(1);
    const second = batches.submit(2);
    const third = batches.submit(3);

    peer.sent[0]!.answer(['one']);
    await settled();
    peer.sent[1]!.fail(new Error('connection lost'));
    await expect(second).rejects.toThrow('connection lost');
    await expect(third).rejects.toThrow('connection lost');
    await expect(first).resolves.toBe('one');

    const fourth = batches.submit(4);
    expect(peer.sent.map((s) => s.items)).toEqual([[1], [2, 3], [4]]);
    peer.sent[2]!.answer(['four']);
    await expect(fourth).resolves.toBe('four');
  });

  it('fails the items a short or malformed answer leaves out, and a send that throws', async () => {
    const short = new AnswerPacedBatches(async (items: number[]) => items.slice(1).map(String), {
      maxBatch: 8,
    });
    await expect(short.submit(1)).rejects.toThrow('No answer for item 0');
    const malformed = new AnswerPacedBatches(async () => 'not a list' as unknown as string[], {
      maxBatch: 8,
    });
    await expect(malformed.submit(1)).rejects.toThrow('No answer for item 0');

    let calls = 0;
    const throwing = new AnswerPacedBatches(
      (items: number[]) => {
        calls += 1;
        if (calls === 1) throw new Error('not connected');
        return Promise.resolve(items.map(String));
      },
      { maxBatch: 8 },
    );
    await expect(throwing.submit(1)).rejects.toThrow('not connected');
    await expect(throwing.submit(2)).resolves.toBe('2');
  });
});
