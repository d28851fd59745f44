import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { keySetLimits } from './outbound-limits';

/** The user pool's keys could not be fetched: whether a token is good cannot be told. */
export class KeySetUnavailable extends Error {
  override name = 'KeySetUnavailable';
}

/**
 * The user pool's signing keys, for jose to verify tokens with, fetched over node:http(s) and kept
 * as jose's remote key set keeps them: for ten minutes, or until a token names a key the set lacks
 * (fetched again at most every 30 s, so forged key ids cannot make every request fetch). Not
 * jose's `createRemoteJWKSet`: it makes a `Headers` as it starts, and the first `Headers` in a
 * process loads Node's fetch implementation, 30 to 40 ms of the first signed-in request after
 * every cold start. node:http(s) is loaded already: the AWS clients send their calls with it.
 */
export function poolKeySet(jwksUrl: URL): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  let fetchedAt = 0;
  const fetchKeys = () => {
    fetchedAt = Date.now();
    const fetching = fetchKeySet(jwksUrl);
    keys = fetching;
    // A failed fetch is not kept: the next request tries again.
    fetching.catch(() => {
      if (keys === fetching) keys = undefined;
    });
    return fetching;
  };
  const age = () => Date.now() - fetchedAt;
  return async (header, token) => {
    const keySet = await (keys && age() < keySetLimits.maxAgeMs ? keys : fetchKeys());
    try {
      return await keySet(header, token);
    } catch (error) {
      // The pool may have started signing with a new key since the set was fetched.
      if (!(error instanceof errors.JWKSNoMatchingKey) || age() < keySetLimits.refetchCooldownMs) throw error;
      return (await fetchKeys())(header, token);
    }
  };
}

async function fetchKeySet(url: URL): Promise<JWTVerifyGetKey> {
  const body = await getJson(url, keySetLimits.timeoutMs);
  try {
    return createLocalJWKSet(body as JSONWebKeySet);
  } catch (error) {
    throw new KeySetUnavailable(`${url.href} answered no key set`, { cause: error });
  }
}

function getJson(url: URL, timeoutMs: number): Promise<unknown> {
  const get = url.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const fail = (cause: unknown) => reject(new KeySetUnavailable(`${url.href} could not be read`, { cause }));
    const request = get(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return fail(new Error(`status ${response.statusCode}`));
      }
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('error', fail);
      response.on('end', () => {
        try {
          resolve(JSON.parse(text));
        } catch (error) {
          fail(error);
        }
      });
    });
    request.on('error', fail);
  });
}
