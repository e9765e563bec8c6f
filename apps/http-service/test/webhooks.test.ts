/**
 * The webhook primitives: Standard Webhooks signatures (signed, verified, tampered,
 * stale, rotated secrets) and the target policy (which addresses a webhook may reach,
 * checked after resolving the name; the resolver is the test's, no network).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookUrlError, WebhookVerificationError, isNonPublicAddress, signWebhook, verifyWebhook, webhookTargetPolicy } from '../src/index.js';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const now = 1_790_000_000_000;
const body = JSON.stringify({ type: 'job.done', id: 'job_1', status: 'done', replayHash: 'abc' });

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as WebhookVerificationError).code;
  }
}

describe('webhook signatures (Standard Webhooks)', () => {
  const headers = signWebhook(secret, { id: 'msg_job_1', timestampSeconds: now / 1000, body });

  it('signs HMAC-SHA256 of "id.timestamp.body" as v1,<base64> and verifies it', () => {
    expect(headers['webhook-id']).toBe('msg_job_1');
    expect(headers['webhook-timestamp']).toBe(String(now / 1000));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifyWebhook(secret, headers, body, { now: () => now })).toBe('msg_job_1');
    expect(verifyWebhook(secret, headers, new TextEncoder().encode(body), { now: () => now + 299_000 })).toBe('msg_job_1');
  });

  it('matches the Standard Webhooks reference vector', () => {
    // From the specification's test suite (standard-webhooks/standard-webhooks, libraries).
    const reference = signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', { id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestampSeconds: 1614265330, body: '{"test": 2432232314}' });
    expect(reference['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('refuses a tampered body, another secret, a stale or future timestamp and missing headers', () => {
    expect(codeOf(() => verifyWebhook(secret, headers, body.replace('"done"', '"failed"'), { now: () => now }))).toBe('WEBHOOK_BAD_SIGNATURE');
    expect(codeOf(() => verifyWebhook(`whsec_${randomBytes(24).toString('base64')}`, headers, body, { now: () => now }))).toBe('WEBHOOK_BAD_SIGNATURE');
    expect(codeOf(() => verifyWebhook(secret, { ...headers, 'webhook-id': 'msg_other' }, body, { now: () => now }))).toBe('WEBHOOK_BAD_SIGNATURE');
    expect(codeOf(() => verifyWebhook(secret, headers, body, { now: () => now + 301_000 }))).toBe('WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE');
    expect(codeOf(() => verifyWebhook(secret, headers, body, { now: () => now - 301_000 }))).toBe('WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE');
    expect(codeOf(() => verifyWebhook(secret, headers, body, { now: () => now + 20_000, toleranceSeconds: 10 }))).toBe('WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE');
    expect(codeOf(() => verifyWebhook(secret, { 'webhook-id': 'x', 'webhook-timestamp': '1' }, body, { now: () => now }))).toBe('WEBHOOK_MISSING_HEADERS');
    expect(codeOf(() => verifyWebhook(secret, { ...headers, 'webhook-timestamp': 'soon' }, body, { now: () => now }))).toBe('WEBHOOK_BAD_TIMESTAMP');
    expect(codeOf(() => verifyWebhook('not-a-secret', headers, body, { now: () => now }))).toBe('WEBHOOK_BAD_SECRET');
  });

  it('accepts any one of several signatures (a secret being rotated) and headers in any case', () => {
    const rotated = { 'Webhook-Id': headers['webhook-id'], 'Webhook-Timestamp': headers['webhook-timestamp'], 'Webhook-Signature': `v1,AAAA v2,zzz ${headers['webhook-signature']}` };
    expect(verifyWebhook(secret, rotated, body, { now: () => now })).toBe('msg_job_1');
  });
});

describe('webhook targets', () => {
  it('knows loopback, private, link-local, CGNAT, unique-local and mapped addresses from public ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1', 'not-an-address']) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isNonPublicAddress(address), address).toBe(false);
  });

  it('refuses a URL whose name resolves to a private address, unless its host is allowed', async () => {
    const names: Record<string, string[]> = { 'hooks.example.com': ['93.184.216.34'], 'internal.example.com': ['93.184.216.34', '10.0.0.7'], localhost: ['127.0.0.1', '::1'] };
    const resolve = async (host: string) => names[host] ?? [];
    const policy = webhookTargetPolicy({ resolve });
    await expect(policy.check('https://hooks.example.com/paxman')).resolves.toBeInstanceOf(URL);
    for (const url of ['http://internal.example.com/x', 'http://localhost:8080/x', 'http://127.0.0.1:9/x', 'http://[::1]/x', 'http://169.254.169.254/latest/meta-data', 'http://nowhere.example/x', 'ftp://hooks.example.com/x', 'https://user:pw@hooks.example.com/x', 'not a url']) {
      await expect(policy.check(url), url).rejects.toBeInstanceOf(WebhookUrlError);
    }
    const allowing = webhookTargetPolicy({ resolve, allowHosts: ['127.0.0.1', 'localhost'] });
    await expect(allowing.check('http://127.0.0.1:9/x')).resolves.toBeInstanceOf(URL);
    await expect(allowing.check('http://localhost:9/x')).resolves.toBeInstanceOf(URL);
    await expect(allowing.check('http://10.0.0.1/x')).rejects.toBeInstanceOf(WebhookUrlError);
  });
});
