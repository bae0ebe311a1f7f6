import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfricasTalkingSender } from '../../functions/integrations/sms/africas-talking-sender';
import { OutboxSender } from '../../functions/integrations/sms/outbox-sender';
import { smsSender } from '../../functions/integrations/sms/sms-sender';

describe('SMS sender choice (DESIGN section 8)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('uses the outbox on a local stack that runs no SMS simulator', async () => {
    vi.stubEnv('LOCAL_STACK', '1');
    vi.stubEnv('MOMO_BASE_URL', 'http://127.0.0.1:1');
    // unset, whatever a local stack started in this process (the test run's) has set
    vi.stubEnv('AFRICASTALKING_BASE_URL', '');
    expect(await smsSender()).toBeInstanceOf(OutboxSender);
  });

  it("uses the Africa's Talking adapter, pointed at the simulator, when the local stack runs one", async () => {
    vi.stubEnv('LOCAL_STACK', '1');
    vi.stubEnv('MOMO_BASE_URL', 'http://127.0.0.1:1');
    vi.stubEnv('AFRICASTALKING_BASE_URL', 'http://127.0.0.1:2/');
    const sender = await smsSender();
    expect(sender).toBeInstanceOf(AfricasTalkingSender);
    expect(sender).toMatchObject({ endpoint: 'http://127.0.0.1:2/version1/messaging' });
  });
});
