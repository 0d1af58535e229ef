import { describe, expect, it } from 'vitest';
import { EMPTY_PAYLOAD_HASH, type SigV4Credentials, sha256Hex, signV4, uriEncode } from './sigv4';

const signatureOf = (headers: Record<string, string>) => headers.authorization!.split('Signature=')[1];

// AWS's Signature Version 4 test suite (get-vanilla, post-vanilla, query order).
describe('signV4 against the AWS SigV4 test suite', () => {
  const suite: SigV4Credentials = {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    service: 'service',
  };
  const at = new Date('2015-08-30T12:36:00Z');

  it('signs get-vanilla', () => {
    const headers = signV4(
      { method: 'GET', url: new URL('https://example.amazonaws.com/'), payloadHash: EMPTY_PAYLOAD_HASH },
      suite,
      at,
    );

    expect(headers).toEqual({
      'x-amz-date': '20150830T123600Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    });
  });

  it('signs post-vanilla', () => {
    const headers = signV4(
      { method: 'POST', url: new URL('https://example.amazonaws.com/'), payloadHash: EMPTY_PAYLOAD_HASH },
      suite,
      at,
    );

    expect(signatureOf(headers)).toBe('5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b');
  });

  it('sorts the query (get-vanilla-query-order-key-case)', () => {
    const url = new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1');

    expect(signatureOf(signV4({ method: 'GET', url, payloadHash: EMPTY_PAYLOAD_HASH }, suite, at))).toBe(
      'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    );
  });
});

// The worked examples of the S3 API reference, "Signature Calculations for the
// Authorization Header: Transferring Payload in a Single Chunk".
describe('signV4 against the S3 documentation examples', () => {
  const s3: SigV4Credentials = {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    service: 's3',
  };
  const at = new Date('2013-05-24T00:00:00Z');
  const bucket = 'https://examplebucket.s3.amazonaws.com';

  it('signs GET Object with a Range header', () => {
    const headers = signV4(
      {
        method: 'GET',
        url: new URL(`${bucket}/test.txt`),
        headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_PAYLOAD_HASH },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      s3,
      at,
    );

    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers).toMatchObject({ range: 'bytes=0-9', 'x-amz-date': '20130524T000000Z' });
    expect(headers).not.toHaveProperty('host');
  });

  it('signs PUT Object, encoding a reserved character of the key', () => {
    const body = 'Welcome to Amazon S3.';
    const payloadHash = sha256Hex(body);
    const headers = signV4(
      {
        method: 'PUT',
        url: new URL(`${bucket}/test$file.text`),
        headers: {
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': payloadHash,
        },
        payloadHash,
      },
      s3,
      at,
    );

    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    expect(signatureOf(headers)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it.each([
    ['?lifecycle', 'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543'],
    ['?max-keys=2&prefix=J', '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7'],
  ])('signs the bucket request %s', (query, signature) => {
    const headers = signV4(
      {
        method: 'GET',
        url: new URL(`${bucket}/${query}`),
        headers: { 'x-amz-content-sha256': EMPTY_PAYLOAD_HASH },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      s3,
      at,
    );

    expect(signatureOf(headers)).toBe(signature);
  });
});

describe('uriEncode', () => {
  it('leaves only unreserved characters as they are', () => {
    expect(uriEncode("a-z_0.9~ $!'()*/é")).toBe('a-z_0.9~%20%24%21%27%28%29%2A%2F%C3%A9');
  });
});
