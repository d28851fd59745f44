import { routeKeys, routePath, type Route } from '../functions/routes';

export type RouteMatch<R> = { route: R; routeKey: string; pathParameters: Record<string, string> };
export type Router<R> = (method: string, path: string) => RouteMatch<R> | undefined;

type Segment = { kind: 'literal'; text: string } | { kind: 'param' | 'greedy'; name: string };

/** How specific a segment is: a literal beats a {param}, which beats a greedy {param+}. */
const rank = { literal: 0, param: 1, greedy: 2 } as const;

/**
 * Matches requests to routes as API Gateway HTTP APIs do: the most specific route wins,
 * whatever the declaration order, comparing segment by segment from the left (so
 * `/sessions/past` beats `/sessions/{id}`). A path declared for other methods only, like an
 * undeclared one, matches nothing (API Gateway answers 404).
 */
export function createRouter<R extends Pick<Route, 'method' | 'path' | 'page'>>(routeList: readonly R[]): Router<R> {
  const compiled = routeList
    .flatMap((route) => routeKeys(route).map((key) => ({ route, key, segments: parsePattern(routePath(route)) })))
    .sort((a, b) => compareSpecificity(a.segments, b.segments));

  return (method, path) => {
    const requested = path.split('/');
    for (const { route, key, segments } of compiled) {
      if (!key.startsWith(`${method} `)) continue;
      const pathParameters = matchSegments(segments, requested);
      if (pathParameters) return { route, routeKey: key, pathParameters };
    }
    return undefined;
  };
}

function parsePattern(path: string): Segment[] {
  return path.split('/').map((text): Segment => {
    const param = /^\{(\w+)(\+?)\}$/.exec(text);
    if (!param) return { kind: 'literal', text };
    return { kind: param[2] ? 'greedy' : 'param', name: param[1] };
  });
}

function compareSpecificity(a: Segment[], b: Segment[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const difference = rank[a[i].kind] - rank[b[i].kind];
    if (difference !== 0) return difference;
  }
  return b.length - a.length;
}

function matchSegments(pattern: Segment[], requested: string[]): Record<string, string> | undefined {
  const parameters: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i];
    if (segment.kind === 'greedy') {
      const rest = requested.slice(i);
      if (rest.length === 0 || rest.every((part) => part === '')) return undefined;
      parameters[segment.name] = safeDecode(rest.join('/'));
      return parameters;
    }
    const part = requested[i];
    if (part === undefined) return undefined;
    if (segment.kind === 'literal') {
      if (part !== segment.text) return undefined;
    } else {
      if (part === '') return undefined;
      parameters[segment.name] = safeDecode(part);
    }
  }
  return requested.length === pattern.length ? parameters : undefined;
}

/** A malformed escape stays as it is; the handler's schema then refuses the value with a 400. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
