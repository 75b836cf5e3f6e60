import { describe, expect, it } from 'vitest';
import { ipAllowed, isValidIpPolicy } from './ipPolicy.ts';

describe('IP policy', () => {
  it.each([
    ['', true],
    ['192.168.1.*', true],
    ['10.0.0.1-20;-10.0.0.13', true],
    ['-172.16.*.*', true],
    ['192.168.1', false],
    ['192.168.1.300', false],
    ['192.168.1.20-10', false],
    ['a.b.c.d', false],
  ])('%s is valid: %s', (policy, valid) => expect(isValidIpPolicy(policy)).toBe(valid));

  it.each([
    ['', '8.8.8.8', true],
    ['192.168.1.*', '192.168.1.77', true],
    ['192.168.1.*', '192.168.2.77', false],
    ['10.0.0.1-20;-10.0.0.13', '10.0.0.12', true],
    ['10.0.0.1-20;-10.0.0.13', '10.0.0.13', false],
    ['10.0.0.1-20', '10.0.0.21', false],
    ['-127.0.0.1', '127.0.0.1', false],
    ['-127.0.0.1', '::ffff:10.1.1.1', true],
    ['-127.0.0.1', '::ffff:127.0.0.1', false],
  ])('%s lets %s in: %s', (policy, ip, allowed) => expect(ipAllowed(policy, ip)).toBe(allowed));
});
