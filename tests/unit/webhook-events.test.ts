// Webhooks' pure parts (docs/domain/webhooks.md): the models whose changes a webhook hears of are exactly the
// members' tables of a settings group in the registry; the signature matches the Standard Webhooks scheme's own
// example; the address check refuses loopback, private, link-local, metadata and mapped addresses and lets public
// ones through; retries grow and stop 24 hours after the change.
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/entities/registry';
import { WEBHOOK_EVENTS, WEBHOOK_MODELS, webhookEventsSchema } from '../../src/entities/webhook';
import { addressProblem, isInternalAddress } from '../../server/webhooks/address';
import { sign, verify } from '../../server/webhooks/signature';
import { nextAttempt, RETRY_WINDOW_MS } from '../../server/webhooks/sender';

describe('webhook events', () => {
  it('name every members’ table of a settings group, and only those', () => {
    const members = entityList
      .filter((e) => (e.access ?? 'members') === 'members' && (e.scope === 'settings_group' || e.scope === 'property'))
      .map((e) => e.name);
    expect([...WEBHOOK_MODELS].sort()).toEqual(members.sort());
    expect(WEBHOOK_EVENTS).toContain('facility.created');
    expect(WEBHOOK_EVENTS).toHaveLength(WEBHOOK_MODELS.length * 5);
  });

  it('take known names, none twice, at least one', () => {
    expect(webhookEventsSchema.safeParse(['ticket.updated', 'order_line.deleted']).success).toBe(true);
    expect(webhookEventsSchema.safeParse([]).success).toBe(false);
    expect(webhookEventsSchema.safeParse(['ticket.updated', 'ticket.updated']).success).toBe(false);
    expect(webhookEventsSchema.safeParse(['ticket.exploded']).success).toBe(false);
    expect(webhookEventsSchema.safeParse(['webhook.created']).success).toBe(false);
  });
});

describe('webhook signatures', () => {
  it('match the Standard Webhooks example', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(sign(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature':
        'v1,bm9ldHUjKzFob2VudXRob2VodWUzMjRvdWVvdW9ldQo= v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    expect(verify(secret, headers, body)).toBe(true);
    expect(verify(secret, { ...headers, 'webhook-timestamp': '1614265331' }, body)).toBe(false);
  });
});

describe('webhook addresses', () => {
  it('refuse internal addresses, also written as IPv6, and let public ones through', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.100.100.200'])
      expect(isInternalAddress(a), a).toBe(true);
    for (const a of ['::1', '::', 'fe80::1', 'fd00:ec2::254', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1'])
      expect(isInternalAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '203.0.113.10', '172.32.0.1', '2a00:1450:4001::200e'])
      expect(isInternalAddress(a), a).toBe(false);
  });

  it('refuse other schemes, localhost names and internal literals at save', async () => {
    expect(await addressProblem('ftp://example.org/')).toBe('scheme');
    expect(await addressProblem('javascript:alert(1)')).toBe('scheme');
    expect(await addressProblem('http://localhost:9000/')).toBe('internal');
    expect(await addressProblem('http://hooks.localhost/')).toBe('internal');
    expect(await addressProblem('http://2130706433/')).toBe('internal');
    expect(await addressProblem('http://[::ffff:127.0.0.1]:80/')).toBe('internal');
    expect(await addressProblem('https://203.0.113.10/hooks')).toBeNull();
  });
});

describe('webhook retries', () => {
  it('wait longer after each failure and end 24 hours after the change', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const delays = [1, 2, 3, 4, 8, 12].map((attempts) => {
      const now = new Date(created.getTime() + 1000);
      return (nextAttempt(created, attempts, now)!.getTime() - now.getTime()) / 1000;
    });
    expect(delays).toEqual([30, 120, 600, 1_800, 28_800, 28_800]);
    const late = new Date(created.getTime() + RETRY_WINDOW_MS - 60_000);
    expect(nextAttempt(created, 9, late)!.getTime()).toBe(created.getTime() + RETRY_WINDOW_MS);
    expect(nextAttempt(created, 10, new Date(created.getTime() + RETRY_WINDOW_MS))).toBeNull();
  });
});
