import { AnalysisError } from '../errors.js';
import {
  AddressPolicy,
  classifyAddress,
  parseAddress,
  resolveAllowed,
  validAllowHosts,
} from './address-policy.js';

describe('classifyAddress', () => {
  it.each([
    // IPv4, every range the policy refuses
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.100.100.200', 'carrierGradeNat'],
    // cloud platforms' services on public addresses, and metadata elsewhere
    ['168.63.129.16', 'cloudPlatform'],
    ['161.26.0.1', 'cloudPlatform'],
    ['166.11.255.254', 'cloudPlatform'],
    ['::ffff:168.63.129.16', 'cloudPlatform'],
    ['64:ff9b::a83f:8110', 'cloudPlatform'],
    ['192.0.0.192', 'reserved'],
    ['169.254.0.23', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.1', 'reserved'],
    ['203.0.113.1', 'reserved'],
    // odd IPv4 spellings, normalised by the WHATWG URL parser first
    ['0x7f.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['127.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['012.1', 'private'],
    ['0xa9.0xfe.0xa9.0xfe', 'linkLocal'],
    ['3232235777', 'private'],
    // IPv6
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'teredo'],
    // IPv4-compatible (::/96, deprecated): no route reaches it, and it spells 127.0.0.1
    ['::7f00:1', 'reserved'],
    ['[::127.0.0.1]', 'reserved'],
    ['::808:808', 'reserved'],
    // IPv4-mapped and embedded IPv4
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a00:1::', 'private'],
    // public
    ['93.184.215.14', 'unicast'],
    ['8.8.8.8', 'unicast'],
    ['2606:4700::6810:85e5', 'unicast'],
    ['::ffff:93.184.215.14', 'unicast'],
    // just outside the private and shared (CGNAT) ranges
    ['172.15.255.255', 'unicast'],
    ['172.32.0.0', 'unicast'],
    ['100.63.255.255', 'unicast'],
    ['100.128.0.0', 'unicast'],
    // just outside the cloud platforms' addresses
    ['168.63.129.15', 'unicast'],
    ['168.63.129.17', 'unicast'],
    ['161.27.0.1', 'unicast'],
    ['166.12.0.1', 'unicast'],
  ])('%s is %s', (address, range) => {
    expect(classifyAddress(address)).toBe(range);
  });

  it('does not take a DNS name for an address', () => {
    expect(parseAddress('example.com')).toBeNull();
    expect(classifyAddress('localhost')).toBe('invalid');
  });
});

describe('AddressPolicy', () => {
  it('lets only public unicast addresses through by default', () => {
    const policy = new AddressPolicy();
    expect(policy.refusal('93.184.215.14')).toBeNull();
    expect(policy.refusal('127.0.0.1')).toBe('loopback');
    expect(policy.refusal('::ffff:192.168.0.1')).toBe('private');
  });

  it('honours allowed addresses, CIDR ranges and host names', () => {
    const policy = new AddressPolicy([
      '127.0.0.1',
      '10.1.0.0/16',
      'intranet.test',
      '::1',
    ]);
    expect(policy.refusal('127.0.0.1')).toBeNull();
    expect(policy.refusal('::ffff:127.0.0.1')).toBeNull();
    expect(policy.refusal('127.0.0.2')).toBe('loopback');
    expect(policy.refusal('10.1.200.3')).toBeNull();
    expect(policy.refusal('10.2.0.1')).toBe('private');
    expect(policy.refusal('10.9.9.9', 'intranet.test')).toBeNull();
    expect(policy.refusal('10.9.9.9', 'other.test')).toBe('private');
    expect(policy.refusal('::1')).toBeNull();
  });

  it('does not read an empty prefix as /0, which would allow every address', () => {
    const policy = new AddressPolicy(['10.0.0.0/']);
    expect(policy.refusal('192.168.0.1')).toBe('private');
    expect(policy.refusal('10.0.0.0')).toBe('private');
  });
});

describe('validAllowHosts', () => {
  const fail = (message: string) => new RangeError(message);

  it('accepts host names, addresses and CIDR ranges', () => {
    const entries = [
      '127.0.0.1',
      '10.1.0.0/16',
      '::1',
      '[::1]',
      'fd00::/8',
      'intranet.test',
      'localhost',
      'Fixture-Site.example.',
    ];
    expect(validAllowHosts(entries, fail)).toEqual(entries);
  });

  it.each([
    ['10.0.0.0/33', 'CIDR'],
    ['10.0.0.0/', 'CIDR'],
    ['::1/129', 'CIDR'],
    ['10.0.0.0/8/8', 'CIDR'],
    ['10.0.0.0/0x8', 'CIDR'],
    ['intranet.test/8', 'host name'],
    ['300.1.1.1', 'host name'],
    ['1.2.3.4.5', 'host name'],
    ['*.example.com', 'host name'],
    ['http://intranet.test', 'host name'],
    ['exa mple.test', 'host name'],
  ])('refuses %s with a clear error', (entry, kind) => {
    expect(() => validAllowHosts(['127.0.0.1', entry], fail)).toThrow(
      RangeError,
    );
    expect(() => validAllowHosts([entry], fail)).toThrow(
      `ANALYZER_ALLOW_HOSTS: "${entry}" is not a valid ${kind}`,
    );
  });
});

describe('resolveAllowed', () => {
  const policy = new AddressPolicy(['127.0.0.1']);

  it('checks IP literals without resolving them', async () => {
    let lookups = 0;
    const lookup = () => {
      lookups += 1;
      return Promise.resolve([]);
    };
    await expect(resolveAllowed('127.0.0.1', policy, lookup)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(resolveAllowed('[::1]', policy, lookup)).rejects.toMatchObject(
      {
        code: 'blocked',
      },
    );
    expect(lookups).toBe(0);
  });

  it('refuses a name that resolves to a refused address (DNS rebinding)', async () => {
    const lookup = () => Promise.resolve([{ address: '127.0.0.3', family: 4 }]);
    const error = await resolveAllowed('rebind.test', policy, lookup).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AnalysisError);
    expect(error).toMatchObject({ code: 'blocked' });
  });

  it('uses the first allowed address of a name', async () => {
    const lookup = () =>
      Promise.resolve([
        { address: '127.0.0.3', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]);
    await expect(resolveAllowed('mixed.test', policy, lookup)).resolves.toEqual(
      {
        address: '127.0.0.1',
        family: 4,
      },
    );
  });

  it('names the setting that lifts a refusal, and what to put in it', async () => {
    const refused = new AddressPolicy();
    await expect(
      resolveAllowed('127.0.0.1', refused, () => Promise.resolve([])),
    ).rejects.toMatchObject({
      code: 'blocked',
      message:
        'The address 127.0.0.1 of 127.0.0.1 is not allowed (loopback). To allow it, add 127.0.0.1 to ANALYZER_ALLOW_HOSTS (a comma-separated list, read at start) and restart.',
    });
    const lookup = () => Promise.resolve([{ address: '127.0.0.3', family: 4 }]);
    await expect(
      resolveAllowed('Dev.Test.', refused, lookup),
    ).rejects.toMatchObject({
      message: expect.stringContaining(
        '(loopback). To allow it, add 127.0.0.3 or dev.test to ANALYZER_ALLOW_HOSTS',
      ),
    });
  });

  it('reports a name that does not resolve as dns', async () => {
    const lookup = () =>
      Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
    await expect(
      resolveAllowed('missing.test', policy, lookup),
    ).rejects.toMatchObject({
      code: 'dns',
    });
  });
});

describe('the address policy with only the allowed hosts (ANALYZER_ONLY_ALLOW_HOSTS)', () => {
  const policy = new AddressPolicy(['127.0.0.1', 'intranet.test'], {
    onlyListed: true,
  });

  it('refuses any other name before it is looked up', async () => {
    let looked = 0;
    const lookup = () => {
      looked++;
      return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    };
    await expect(
      resolveAllowed('elsewhere.test', policy, lookup),
    ).rejects.toMatchObject({ code: 'blocked' });
    expect(looked).toBe(0);
    await expect(
      resolveAllowed('intranet.test', policy, lookup),
    ).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    expect(looked).toBe(1);
  });

  it('lets through the listed addresses only', () => {
    expect(policy.refusal('127.0.0.1')).toBeNull();
    expect(policy.refusal('127.0.0.2')).not.toBeNull();
    expect(new AddressPolicy([]).refusal('127.0.0.2')).toBe('loopback');
  });
});

describe("a worker's refusal", () => {
  it("names the workers' own ANALYZER_ALLOW_HOSTS, not the API's", async () => {
    const worker = new AddressPolicy([], { worker: true });
    await expect(resolveAllowed('127.0.0.2', worker)).rejects.toThrow(
      /ANALYZER_ALLOW_HOSTS of the worker processes/,
    );
    await expect(
      resolveAllowed('127.0.0.2', new AddressPolicy()),
    ).rejects.toThrow(
      /add 127\.0\.0\.2 to ANALYZER_ALLOW_HOSTS \(a comma-separated list/,
    );
  });
});
