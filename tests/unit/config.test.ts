// The environment settings that decide what only this machine may read: the proxy switch and the mail outbox.
import { describe, expect, it } from 'vitest';
import { loadConfig, outboxOn } from '../../server/config';

describe('configuration', () => {
  it('turns the outbox on without SMTP and off with it, unless MAIL_OUTBOX says otherwise', () => {
    expect(outboxOn(loadConfig({}))).toBe(true);
    expect(outboxOn(loadConfig({ SMTP_URL: 'smtp://mail:587' }))).toBe(false);
    expect(outboxOn(loadConfig({ MAIL_OUTBOX: '0' }))).toBe(false);
    expect(outboxOn(loadConfig({ SMTP_URL: 'smtp://mail:587', MAIL_OUTBOX: '1' }))).toBe(true);
    // an override of the SMTP server alone (as tests and embedders do) follows the same default
    expect(outboxOn({ ...loadConfig({}), smtpUrl: 'smtp://mail:587' })).toBe(false);
  });

  it('trusts a reverse proxy only with TRUST_PROXY=1', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
  });
});
