import { describe, expect, it } from 'vitest';
import { addressRefusal, resolvePublicAddress, type Resolver } from './safe-address.ts';

describe('where a webhook may go', () => {
  it('refuses every address that is not public, loopback only when allowed', () => {
    const refused = [
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.100.100.200',
      '169.254.169.254',
      '0.0.0.0',
      '192.0.0.192',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2001:db8::1',
      '2002:a00:1::',
      'ff02::1',
    ];
    for (const address of refused) {
      expect(addressRefusal(address, true), address).toBeDefined();
      expect(addressRefusal(address, false), address).toBeDefined();
    }
    for (const address of ['127.0.0.1', '127.8.9.10', '::1']) {
      expect(addressRefusal(address, false), address).toMatch(/loopback/);
      expect(addressRefusal(address, true), address).toBeUndefined();
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111']) {
      expect(addressRefusal(address, false), address).toBeUndefined();
    }
  });

  it('checks every address a name resolves to, and connects to one it checked', async () => {
    const resolve: Resolver = async (host) =>
      host === 'mixed.example'
        ? [
            { address: '93.184.215.14', family: 4 },
            { address: '192.168.0.9', family: 4 },
          ]
        : [{ address: '2606:4700::1111', family: 6 }];
    const policy = { allowLoopback: false, resolve };
    await expect(
      resolvePublicAddress(new URL('https://mixed.example/hook'), policy),
    ).rejects.toThrow('mixed.example resolves to 192.168.0.9, a private address');
    expect(await resolvePublicAddress(new URL('https://good.example/hook'), policy)).toEqual({
      address: '2606:4700::1111',
      family: 6,
    });
    // An IP literal is never looked up.
    expect(await resolvePublicAddress(new URL('https://[2606:4700::1111]/'), policy)).toEqual({
      address: '2606:4700::1111',
      family: 6,
    });
    await expect(
      resolvePublicAddress(new URL('https://x.example/'), {
        allowLoopback: false,
        resolve: async () => {
          throw new Error('ENOTFOUND');
        },
      }),
    ).rejects.toThrow('x.example does not resolve to an address.');
  });

  it('takes a name whose resolver does not answer in time as resolving to nothing', async () => {
    await expect(
      resolvePublicAddress(new URL('https://silent.example/'), {
        allowLoopback: false,
        resolve: () => new Promise<never>(() => {}),
        resolveTimeoutMs: 50,
      }),
    ).rejects.toThrow('silent.example does not resolve to an address.');
  });
});
