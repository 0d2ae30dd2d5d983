import { afterAll, beforeAll } from 'vitest';
import { startGateway, type GatewayOptions, type TestGateway } from './gateway';

/**
 * The gateway one test file (or one `describe`) runs against: started before its first test and
 * closed after its last, by the hooks this registers where it is called. Read it inside tests and
 * hooks registered after it; before it has started, reading it throws.
 */
export function gatewayForFile(options: GatewayOptions = {}): TestGateway {
  let started: TestGateway | undefined;
  const running = (): TestGateway => {
    if (!started) throw new Error('The test gateway starts in beforeAll: read it inside a test or a later hook.');
    return started;
  };
  beforeAll(async () => {
    started = await startGateway(options);
  });
  afterAll(() => started?.close());
  return {
    get url() { return running().url; },
    get store() { return running().store; },
    get gateway() { return running().gateway; },
    get config() { return running().config; },
    createUser: (opts) => running().createUser(opts),
    client: () => running().client(),
    close: (opts) => running().close(opts),
  };
}
