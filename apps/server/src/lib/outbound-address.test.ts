import { describe, expect, it } from 'vitest';
import {
  addressRefused,
  checkOutboundSyntax,
  checkOutboundUrl,
  type OutboundPolicy,
} from './outbound-address.js';

describe('which addresses the server never connects to', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['100.128.0.1', false],
    ['0.0.0.0', true],
    ['224.0.0.251', true],
    ['255.255.255.255', true],
    ['198.18.0.1', true],
    ['93.184.216.34', false],
    ['8.8.8.8', false],
    ['::1', true],
    ['::', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', true], // mapped forms are refused whatever they embed
    ['::7f00:1', true],
    ['64:ff9b::7f00:1', true],
    ['fe80::1', true],
    ['fc00::1', true],
    ['fd12:3456::1', true],
    ['ff02::1', true],
    ['2001:db8::1', true],
    ['2002:7f00:1::1', true],
    ['2001:0:4136:e378::1', true], // Teredo
    ['2606:4700:4700::1111', false],
    ['2a00:1450:4007:80e::200e', false],
    ['not-an-ip', true],
  ])('%s refused: %s', (address, refused) => expect(addressRefused(address)).toBe(refused));

  it('loopback only, and only when allowed', () => {
    expect(addressRefused('127.0.0.1', true)).toBe(false);
    expect(addressRefused('::1', true)).toBe(false);
    expect(addressRefused('10.0.0.1', true)).toBe(true);
    expect(addressRefused('169.254.169.254', true)).toBe(true);
  });
});

describe('what a URL says by its form', () => {
  const prod = { production: true, allowLoopback: false };
  it.each([
    ['https://127.1/', false],
    ['https://2130706433/', false],
    ['https://0x7f.0.0.1/', false],
    ['https://0177.0.0.1/', false],
    ['https://127.0.0.1./', false],
    ['https://[::ffff:7f00:1]/', false],
    ['https://localhost/', false],
    ['https://a.localhost/', false],
    ['https://printer.local/', false],
    ['https://intranet/', false],
    ['https://u:p@hooks.example.com/', false],
    ['https://u@hooks.example.com/', false],
    ['http://hooks.example.com/', false],
    ['javascript:alert(1)', false],
    ['https://hooks.example.com:8443/x?y=1', true],
  ])('%s accepted in production: %s', (url, ok) => expect(checkOutboundSyntax(url, prod).ok).toBe(ok));

  it('outside production: http, and loopback with the flag; production ignores the flag', () => {
    expect(
      checkOutboundSyntax('http://hooks.example.com/', { production: false, allowLoopback: false }).ok,
    ).toBe(true);
    expect(checkOutboundSyntax('http://localhost:4000/', { production: false, allowLoopback: true }).ok).toBe(
      true,
    );
    expect(
      checkOutboundSyntax('http://127.0.0.1:4000/', { production: false, allowLoopback: false }).ok,
    ).toBe(false);
    expect(checkOutboundSyntax('https://127.0.0.1/', { production: true, allowLoopback: true }).ok).toBe(
      false,
    );
  });
});

describe('the resolved host', () => {
  const policy = (answer: string[] | Error): OutboundPolicy => ({
    production: true,
    allowLoopback: false,
    resolve: async () => {
      if (answer instanceof Error) throw answer;
      return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  });
  it('every address must be public; the first is the one to connect to', async () => {
    const ok = await checkOutboundUrl(
      'https://hooks.example.com/x',
      policy(['93.184.216.34', '2606:4700::1']),
    );
    expect(ok).toMatchObject({
      ok: true,
      target: { host: 'hooks.example.com', address: '93.184.216.34', family: 4 },
    });
    for (const answer of [['127.0.0.1'], ['93.184.216.34', '10.0.0.1'], ['::ffff:127.0.0.1'], []])
      expect((await checkOutboundUrl('https://hooks.example.com/x', policy(answer))).ok, String(answer)).toBe(
        false,
      );
    expect(await checkOutboundUrl('https://nowhere.example.com/', policy(new Error('ENOTFOUND')))).toEqual({
      ok: false,
      reason: "Ce nom d'hôte est introuvable.",
      transient: true,
    });
  });
});
