// Runs one Lambda bundle as the Lambda runtime does: a process of Lambda's Node of its own, no
// loader, no node_modules, the bundle's handler imported from its own folder. It is told what to
// run over IPC and answers the same way, so the function's own logs stay on stdout and stderr.
// Node runs this file as it is (type stripping): it imports nothing but Node's own modules.
import { pathToFileURL } from 'node:url';

export type BundleRequest = {
  /** The bundle's file and the export the function's Handler names ('Visitors.handler': Visitors.mjs, handler). */
  file: string;
  exportName: string;
  /** Without it, the bundle is only loaded. */
  invocation?: { event: unknown; context: Record<string, unknown>; timeoutMs: number };
};

export type BundleAnswer =
  { loaded: true } | { result: unknown; loadedNodeFetch: boolean } | { error: { name: string; message: string; stack?: string } };

type Handler = (event: unknown, context: Record<string, unknown>) => Promise<unknown>;

const answer = (message: BundleAnswer) => process.send!(message, () => process.exit(0));

async function run({ file, exportName, invocation }: BundleRequest) {
  try {
    const handler = ((await import(pathToFileURL(file).href)) as Record<string, unknown>)[exportName];
    if (typeof handler !== 'function') throw new TypeError(`${file} exports no function '${exportName}'`);
    if (!invocation) return answer({ loaded: true });
    const deadline = Date.now() + invocation.timeoutMs;
    const context = {
      ...invocation.context,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    };
    // Lambda answers null for a handler that returns nothing.
    const result = (await (handler as Handler)(invocation.event, context)) ?? null;
    answer({ result, loadedNodeFetch: loadedNodeFetch() });
  } catch (error) {
    const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
    answer({ error: { name, message, stack } });
  }
}

/**
 * Whether Node's fetch implementation (undici, loaded by the first fetch, Headers, Request or
 * Response) has been loaded in this process: 25 to 35 ms of a cold start that a function pays for.
 */
function loadedNodeFetch(): boolean {
  const { moduleLoadList } = process as unknown as { moduleLoadList?: string[] };
  if (!Array.isArray(moduleLoadList)) throw new Error('This Node lists no loaded modules: whether fetch was loaded is unknown');
  return moduleLoadList.some((name) => name.includes('undici'));
}

process.once('message', (request: BundleRequest) => void run(request));
