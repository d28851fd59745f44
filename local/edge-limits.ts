import { edgeLimits, type EdgeLimit } from '../infra/edge-limits';

/**
 * The edge's per-client limits (infra/edge-limits.ts) as the local server applies them: each rule
 * counts the requests of one client address it meets within its window, in order, until one is
 * over its limit. WAF counts the same way (its window slides too, evaluated every few seconds).
 */
export function createEdgeLimiter(rules: readonly EdgeLimit[] = edgeLimits, now: () => number = Date.now) {
  const matchers = rules.map((rule) => ({ rule, path: new RegExp(rule.path) }));
  const seen = new Map<string, number[]>();
  const longestWindowMs = Math.max(...rules.map((rule) => rule.windowSeconds * 1000));
  let lastSweep = now();
  return (clientAddress: string, method: string, path: string): boolean => {
    const at = now();
    // Addresses not heard from for a whole window are forgotten, so the counts never outgrow the traffic.
    if (at - lastSweep > longestWindowMs) {
      for (const [key, times] of seen) if (at - times[times.length - 1] >= longestWindowMs) seen.delete(key);
      lastSweep = at;
    }
    for (const { rule, path: pattern } of matchers) {
      if ((rule.method && rule.method !== method) || !pattern.test(path)) continue;
      const key = `${rule.name} ${clientAddress}`;
      const recent = (seen.get(key) ?? []).filter((time) => at - time < rule.windowSeconds * 1000);
      recent.push(at);
      seen.set(key, recent);
      if (recent.length > rule.limit) return false;
    }
    return true;
  };
}

/** The address part of CloudFront-Viewer-Address ('ip:port', the IP possibly IPv6), as WAF counts it. */
export const addressOf = (viewerAddress: string) => viewerAddress.slice(0, viewerAddress.lastIndexOf(':'));
