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
 * (fetched again at most every 30 s, so forged key ids cannot make every request fetch). A fetch
 * that fails keeps the set before: tokens signed with its keys go on verifying. Not jose's
 * `createRemoteJWKSet`: it makes a `Headers` as it starts, and the first `Headers` in a process
 * loads Node's fetch implementation, 25 to 35 ms of the first signed-in request after every cold
 * start. node:http(s) is loaded already: the AWS clients send their calls with it.
 */
export function poolKeySet(jwksUrl: URL): JWTVerifyGetKey {
  let keys: { keySet: JWTVerifyGetKey; fetchedAt: number } | undefined;
  let fetching: Promise<JWTVerifyGetKey> | undefined;
  let lastFetch = -Infinity;
  // One fetch at a time, whoever asks; the set is replaced only by one that arrived.
  const fetchKeys = () => {
    lastFetch = Date.now();
    fetching ??= fetchKeySet(jwksUrl)
      .then((keySet) => {
        keys = { keySet, fetchedAt: Date.now() };
        return keySet;
      })
      .finally(() => (fetching = undefined));
    return fetching;
  };
  return async (header, token) => {
    const keySet = keys && Date.now() - keys.fetchedAt < keySetLimits.maxAgeMs ? keys.keySet : await fetchKeys();
    try {
      return await keySet(header, token);
    } catch (error) {
      // The pool may have started signing with a new key since the set was fetched.
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - lastFetch < keySetLimits.refetchCooldownMs) throw error;
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
