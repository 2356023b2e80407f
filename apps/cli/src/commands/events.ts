import type { Command } from 'commander';
import { Context, type CliIo } from '../context';
import { addFeedOptions, eventLine, startCursor, type FeedOptions } from './feed';

export function registerEvents(program: Command, io: CliIo): void {
  const events = program.command('events').description("The tenant's event feed");

  addFeedOptions(
    events
      .command('tail')
      .description('Follow the event feed and print each event as it comes (Ctrl-C stops)'),
  ).action(async (options: FeedOptions, command: Command) => {
    const ctx = Context.of(io, command);
    const signal = io.interrupted();
    const client = await ctx.client({ pollIntervalMs: options.pollInterval });
    const after = await startCursor(client, options, signal);
    if (signal.aborted) return;
    ctx.note(`Following events${after ? ` after ${after}` : ''} (Ctrl-C stops).`);
    const feed = client.events.follow({
      ...{},
      ...(after !== undefined ? { after } : {}),
      ...(options.types?.length ? { types: options.types } : {}),
      signal,
    });
    for await (const event of feed) ctx.printLine(event, () => eventLine(event));
    ctx.note(`Stopped. Resume with --after ${feed.cursor ?? after ?? ''}`.trimEnd());
  });
}
